'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { apiKeyScopes } from '@/db/schema';
import { createApiKey, revokeApiKey } from '@/lib/auth/api-keys';
import { requireMembership } from '@/lib/auth/session';
import { type FormState, formErrors, formValues } from '@/lib/forms';

const newKeySchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { error: 'Give the key a name' })
    .max(80, { error: 'Use at most 80 characters' }),
  scope: z.enum(apiKeyScopes, { error: 'Choose full access or read-only' }),
});

export interface CreateKeyState extends FormState {
  created?: { name: string; key: string; scope: string };
}

export async function createApiKeyAction(
  _previous: CreateKeyState,
  formData: FormData,
): Promise<CreateKeyState> {
  const { organization, userId } = await requireMembership('api_keys.manage');
  const values = formValues(formData, ['name', 'scope']);
  const parsed = newKeySchema.safeParse(values);
  if (!parsed.success) return { ...formErrors(parsed.error, { fields: ['name', 'scope'] }), values };
  const { apiKey, plaintext } = await createApiKey(await getDb(), organization.id, {
    ...parsed.data,
    createdBy: userId,
  });
  revalidatePath('/dashboard/api-keys');
  return { created: { name: apiKey.name, key: plaintext, scope: apiKey.scope } };
}

export async function revokeApiKeyAction(formData: FormData): Promise<void> {
  const { organization } = await requireMembership('api_keys.manage');
  const id = z.uuid().safeParse(formData.get('id'));
  if (!id.success) throw new Error('Unknown API key.');
  await revokeApiKey(await getDb(), organization.id, id.data);
  revalidatePath('/dashboard/api-keys');
}
