'use server';

import { headers } from 'next/headers';
import { AuthError } from 'next-auth';
import { getDb } from '@/db/client';
import { oauthProviders, signIn, signOut } from '@/lib/auth/auth';
import { TooManySignInAttempts, throttleSignUp, tooManyAttempts } from '@/lib/auth/throttle';
import { signInSchema, signUp, signUpSchema } from '@/lib/auth/users';
import { type FormErrorRules, type FormState, formErrors, formValues } from '@/lib/forms';
import { clientAddress } from '@/lib/http/client-address';

export async function signInAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ['email']);
  const parsed = signInSchema.safeParse({ email: formData.get('email'), password: formData.get('password') });
  if (!parsed.success) return { ...formErrors(parsed.error, { fields: ['email', 'password'] }), values };
  try {
    // Throttled where the password is checked (next-auth's authorize), as every other way in is.
    await signIn('credentials', { ...parsed.data, redirectTo: '/dashboard' });
  } catch (error) {
    if (error instanceof TooManySignInAttempts) return { error: tooManyAttempts(error.minutes), values };
    // A successful sign-in throws Next's redirect, which must propagate.
    if (error instanceof AuthError) return { error: 'Wrong email or password.', values };
    throw error;
  }
  return {};
}

// An account with the email already exists: the one refusal of sign-up that is the person's to fix.
const signUpErrorRules: FormErrorRules = {
  fields: ['name', 'email', 'password', 'organizationName'],
  answers: ['conflict'],
  codeFields: { conflict: 'email' },
  fieldWords: { email: { conflict: 'An account with this email already exists. Sign in instead.' } },
};

export async function signUpAction(_previous: FormState, formData: FormData): Promise<FormState> {
  const values = formValues(formData, ['name', 'email', 'organizationName']);
  const parsed = signUpSchema.safeParse({ ...values, password: formData.get('password') });
  if (!parsed.success) return { ...formErrors(parsed.error, signUpErrorRules), values };
  const wait = await throttleSignUp(clientAddress(await headers()));
  if (wait) return { error: tooManyAttempts(wait), values };
  try {
    await signUp(await getDb(), parsed.data);
  } catch (error) {
    return { ...formErrors(error, signUpErrorRules), values };
  }
  await signIn('credentials', {
    email: parsed.data.email,
    password: parsed.data.password,
    redirectTo: '/dashboard',
  });
  return {};
}

export async function oauthSignInAction(formData: FormData): Promise<void> {
  const provider = String(formData.get('provider'));
  if (!oauthProviders().some((p) => p.id === provider))
    throw new Error('This sign-in method is not enabled.');
  await signIn(provider, { redirectTo: '/dashboard' });
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: '/sign-in' });
}
