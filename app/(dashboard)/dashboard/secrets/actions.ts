'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { AppError } from '@/lib/core/errors';
import { type FormState, formErrors } from '@/lib/forms';
import { secretNameSchema, setSecretBodySchema } from '@/lib/secrets/schemas';
import { deleteSecret, secretReference, setSecret } from '@/lib/secrets/service';

export interface SecretFormState extends FormState {
  /** Counts answers, so the form remounts (emptied) after each one. */
  submission?: number;
}

/** Creates a secret or replaces its value. The value never travels back, not even to refill the form. */
export async function setSecretAction(
  previous: SecretFormState,
  formData: FormData,
): Promise<SecretFormState> {
  const { organization } = await requireMembership('secrets.manage');
  const submission = (previous.submission ?? 0) + 1;
  const name = String(formData.get('name') ?? '');
  const parsed = setSecretBodySchema.safeParse({ name, value: String(formData.get('value') ?? '') });
  if (!parsed.success)
    return { ...formErrors(parsed.error, { fields: ['name', 'value'] }), values: { name }, submission };
  const { created } = await setSecret(await getDb(), organization.id, parsed.data);
  revalidatePath('/dashboard/secrets');
  return {
    success: created
      ? `Saved “${name}”. Refer to it as ${secretReference(name)}.`
      : `Replaced the value of “${name}”. Configuration using ${secretReference(name)} now gets the new value.`,
    submission,
  };
}

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
