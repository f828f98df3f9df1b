'use server';

import { AuthError } from 'next-auth';
import { getDb } from '@/db/client';
import { signIn } from '@/lib/auth/auth';
import { newPasswordSchema, resetPassword } from '@/lib/auth/password-reset';
import { type FormState, formErrors } from '@/lib/forms';

/** Sets the new password, then signs in with it: the link proved the mailbox. */
export async function resetPasswordAction(
  token: string,
  _previous: FormState,
  formData: FormData,
): Promise<FormState> {
  const parsed = newPasswordSchema.safeParse({ password: formData.get('password') });
  if (!parsed.success) return formErrors(parsed.error, { fields: ['password'] });
  let email: string;
  try {
    ({ email } = await resetPassword(await getDb(), token, parsed.data));
  } catch (error) {
    // A used or expired link is one message, no field.
    return formErrors(error, { answers: ['conflict'] });
  }
  try {
    await signIn('credentials', { email, password: parsed.data.password, redirectTo: '/dashboard' });
  } catch (error) {
    // Saved, but the sign-in was refused (too many attempts from this client): sign in later.
    if (error instanceof AuthError) return { success: 'Your new password is saved. Sign in with it.' };
    throw error;
  }
  return {};
}
