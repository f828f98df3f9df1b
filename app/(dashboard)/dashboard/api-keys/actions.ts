'use server';

import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import { apiKeyScopes } from '@/db/schema';
import { createApiKey, revokeApiKey } from '@/lib/auth/api-keys';
import type { FormState } from '@/lib/forms';
import { dashboardAction, dashboardRowAction, rowId } from '../dashboard-action';

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

export const revokeApiKeyAction = dashboardRowAction(
  'api_keys.manage',
  z.tuple([rowId('Unknown API key.')]),
  async ([id], { db, organization }): Promise<ActionResult> => {
    await revokeApiKey(db, organization.id, id);
    return {};
  },
  { revalidate: ['/dashboard/api-keys'] },
);
