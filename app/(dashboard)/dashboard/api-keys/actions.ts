'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { apiKeyScopes } from '@/db/schema';
import { createApiKey, revokeApiKey } from '@/lib/auth/api-keys';
import { requireMembership } from '@/lib/auth/session';
import type { FormState } from '@/lib/forms';
import { dashboardAction } from '../dashboard-action';

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

export const createApiKeyAction = dashboardAction(
  'api_keys.manage',
  newKeySchema,
  async (input, { db, organization, userId }): Promise<CreateKeyState> => {
    const { apiKey, plaintext } = await createApiKey(db, organization.id, { ...input, createdBy: userId });
    return { created: { name: apiKey.name, key: plaintext, scope: apiKey.scope } };
  },
  { revalidate: ['/dashboard/api-keys'] },
);

export async function revokeApiKeyAction(formData: FormData): Promise<void> {
  const { organization } = await requireMembership('api_keys.manage');
  const id = z.uuid().safeParse(formData.get('id'));
  if (!id.success) throw new Error('Unknown API key.');
  await revokeApiKey(await getDb(), organization.id, id.data);
  revalidatePath('/dashboard/api-keys');
}
