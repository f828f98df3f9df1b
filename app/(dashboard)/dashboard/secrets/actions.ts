'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { AppError } from '@/lib/core/errors';
import type { FormState } from '@/lib/forms';
import { secretNameSchema, setSecretBodySchema } from '@/lib/secrets/schemas';
import { deleteSecret, secretReference, setSecret } from '@/lib/secrets/service';
import { dashboardAction } from '../dashboard-action';

/** Creates a secret or replaces its value. The value never travels back, not even to refill the form. */
export const setSecretAction = dashboardAction(
  'secrets.manage',
  setSecretBodySchema,
  async (input, { db, organization }): Promise<FormState> => {
    const { created } = await setSecret(db, organization.id, input);
    const { name } = input;
    return {
      success: created
        ? `Saved “${name}”. Refer to it as ${secretReference(name)}.`
        : `Replaced the value of “${name}”. Configuration using ${secretReference(name)} now gets the new value.`,
    };
  },
  { revalidate: ['/dashboard/secrets'], refill: ['name'] },
);

export async function deleteSecretAction(formData: FormData): Promise<void> {
  const { organization } = await requireMembership('secrets.manage');
  const name = secretNameSchema.safeParse(formData.get('name'));
  if (!name.success) throw new Error('Unknown secret.');
  try {
    await deleteSecret(await getDb(), organization.id, name.data);
  } catch (error) {
    // Deleted meanwhile (another tab, the API): the outcome the person asked for.
    if (!(error instanceof AppError && error.code === 'not_found')) throw error;
  }
  revalidatePath('/dashboard/secrets');
}
