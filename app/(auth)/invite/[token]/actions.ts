'use server';

import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { AuthError } from 'next-auth';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { auth, signIn, signOut } from '@/lib/auth/auth';
import { setActiveOrganization } from '@/lib/auth/session';
import {
  acceptInvitation,
  acceptInvitationAsNewUser,
  findInvitation,
  newTeammateSchema,
} from '@/lib/auth/team';
import { TooManySignInAttempts, throttleSignUp, tooManyAttempts } from '@/lib/auth/throttle';
import { findUserByEmail } from '@/lib/auth/users';
import { type FormErrorRules, type FormState, formErrors, formValues } from '@/lib/forms';
import { clientAddress } from '@/lib/http/client-address';

// A refusal of the invitation itself (gone, used, expired, someone else's) is one message, no field.
const refusals: FormErrorRules = { answers: ['conflict', 'forbidden'] };

/** Into the dashboard, working in the organization just joined. */
async function openDashboard(organization: Organization): Promise<never> {
  await setActiveOrganization(organization.id);
  redirect('/dashboard');
}

/** No account for the invited address yet: create it, join, sign in. */
export async function acceptAsNewUserAction(token: string, _previous: FormState, form: FormData) {
  const values = formValues(form, ['name']);
  const parsed = newTeammateSchema.safeParse({ name: form.get('name'), password: form.get('password') });
  if (!parsed.success) return { ...formErrors(parsed.error, { fields: ['name', 'password'] }), values };
  const wait = await throttleSignUp(clientAddress(await headers()));
  if (wait) return { error: tooManyAttempts(wait), values };
  let joined: Awaited<ReturnType<typeof acceptInvitationAsNewUser>>;
  try {
    joined = await acceptInvitationAsNewUser(await getDb(), token, parsed.data);
  } catch (error) {
    return { ...formErrors(error, refusals), values };
  }
  await signIn('credentials', { email: joined.email, password: parsed.data.password, redirect: false });
  return openDashboard(joined.organization);
}

/** The invited address has an account: its password signs in and accepts in one step. */
export async function acceptWithPasswordAction(token: string, _previous: FormState, form: FormData) {
  const db = await getDb();
  const found = await findInvitation(db, token);
  if (!found.ok) return { error: found.reason };
  const { email } = found.invitation;
  try {
    // Throttled where the password is checked (next-auth's authorize), as every other way in is.
    await signIn('credentials', { email, password: String(form.get('password') ?? ''), redirect: false });
  } catch (error) {
    if (error instanceof TooManySignInAttempts) return { error: tooManyAttempts(error.minutes) };
    if (error instanceof AuthError) return { fieldErrors: { password: 'Wrong password.' } };
    throw error;
  }
  const user = await findUserByEmail(db, email);
  let organization: Organization;
  try {
    organization = await acceptInvitation(db, token, { id: user!.id, email: user!.email });
  } catch (error) {
    return formErrors(error, refusals);
  }
  return openDashboard(organization);
}

/** Signed in as the invited address already: join. */
export async function joinAction(token: string, _previous: FormState, _form: FormData) {
  const session = await auth();
  if (!session?.user?.id) redirect(`/invite/${encodeURIComponent(token)}`);
  let organization: Organization;
  try {
    organization = await acceptInvitation(await getDb(), token, {
      id: session.user.id,
      email: session.user.email,
    });
  } catch (error) {
    return formErrors(error, refusals);
  }
  return openDashboard(organization);
}

/** Signed in as someone else: sign out and come back to the invitation. */
export async function signOutForInviteAction(token: string): Promise<void> {
  await signOut({ redirectTo: `/invite/${encodeURIComponent(token)}` });
}
