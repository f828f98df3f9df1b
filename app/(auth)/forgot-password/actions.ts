'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { throttlePasswordReset, tooManyAttempts } from '@/lib/auth/throttle';
import { emailSchema } from '@/lib/core/fields';
import { type FormState, formErrors, formValues } from '@/lib/forms';
import { clientAddress } from '@/lib/http/client-address';

const forgotPasswordSchema = z.object({ email: emailSchema });

/** Answers alike whether an account uses the address or not: the form tells nobody who has one. */
export async function requestPasswordResetAction(
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const values = formValues(formData, ['email']);
  const parsed = forgotPasswordSchema.safeParse(values);
  if (!parsed.success) return { ...formErrors(parsed.error, { fields: ['email'] }), values };
  const wait = await throttlePasswordReset(clientAddress(await headers()), parsed.data.email);
  if (wait) return { error: tooManyAttempts(wait), values };
  await requestPasswordReset(await getDb(), parsed.data.email);
  return {
    success: `If a Boardkit account uses ${parsed.data.email}, a link to choose a new password is on its way there. It works for an hour.`,
    values,
  };
}
