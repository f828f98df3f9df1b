'use server';

import { headers } from 'next/headers';
import { z } from 'zod';
import type { ActionResult } from '@/components/ui/action-button';
import { getDb } from '@/db/client';
import { teamNotices } from '@/db/schema';
import {
  accountNameSchema,
  changePassword,
  changePasswordSchema,
  endSessions,
  noticesFor,
  renameAccount,
  setNotices,
} from '@/lib/auth/account';
import { signIn, signOut } from '@/lib/auth/auth';
import { requestPasswordReset } from '@/lib/auth/password-reset';
import { requireMembership } from '@/lib/auth/session';
import { removeTeammate } from '@/lib/auth/team';
import {
  TooManySignInAttempts,
  throttlePasswordCheck,
  throttlePasswordReset,
  tooManyAttempts,
} from '@/lib/auth/throttle';
import { findUserById } from '@/lib/auth/users';
import { AppError } from '@/lib/core/errors';
import type { FormState } from '@/lib/forms';
import { clientAddress } from '@/lib/http/client-address';
import { dashboardAction, dashboardRowAction } from '../dashboard-action';

// Every teammate's own: no permission beyond being signed in to the organization.

export const renameAccountAction = dashboardAction(
  null,
  accountNameSchema,
  async ({ name }, { db, userId }): Promise<FormState> => {
    await renameAccount(db, userId, name);
    return { success: 'Saved.', values: { name } };
  },
  { revalidate: ['/dashboard/account'] },
);

/**
 * A new password after the current one, counted as a sign-in attempt (a session left open must not
 * become a way to guess it). Every other session ends; this one signs in again with the new password,
 * and the page is loaded again: rendered in the action's own request, it would read the old session.
 */
export const changePasswordAction = dashboardAction(
  null,
  changePasswordSchema,
  async (input, { db, userId }): Promise<FormState> => {
    const { email } = await ownAddress(userId);
    try {
      await throttlePasswordCheck(clientAddress(await headers()), email);
    } catch (error) {
      if (error instanceof TooManySignInAttempts)
        throw new AppError('rate_limited', tooManyAttempts(error.minutes));
      throw error;
    }
    await changePassword(db, userId, input);
    await signIn('credentials', { email, password: input.password, redirect: false });
    return {};
  },
  {
    refill: [],
    errors: { codeFields: { validation_error: 'currentPassword' } },
    redirect: '/dashboard/account?saved=password',
  },
);

/** An account that signs in with GitHub or Google gets a password through a mailed link. */
export const sendPasswordLinkAction = dashboardAction(
  null,
  z.object({}),
  async (_input, { db, userId }): Promise<FormState> => {
    const { email } = await ownAddress(userId);
    const wait = await throttlePasswordReset(clientAddress(await headers()), email);
    if (wait) throw new AppError('rate_limited', tooManyAttempts(wait));
    await requestPasswordReset(db, email);
    return { success: `A link to set a password is on its way to ${email}. It works for an hour.` };
  },
);

export const setNoticesAction = dashboardAction(
  null,
  z.object({ notices: z.array(z.enum(teamNotices, { error: 'Choose among the emails listed' })) }),
  async ({ notices }, { db, userId, organization, role }): Promise<FormState> => {
    await setNotices(db, userId, organization.id, { offered: noticesFor(role), wanted: notices });
    return { success: 'Saved.' };
  },
  { revalidate: ['/dashboard/account'] },
);

/**
 * Takes the account off the organization it is working in: anyone may leave, but the last owner (an
 * organization always keeps one). The dashboard then opens on another organization, if any.
 */
export const leaveOrganizationAction = dashboardRowAction(
  null,
  z.tuple([]),
  async (_params, { db, organization, userId, role }): Promise<ActionResult> => {
    await removeTeammate(db, organization.id, { userId, role }, userId);
    return {};
  },
  { redirect: () => '/dashboard' },
);

/** Ends every session of the account, this browser's too. */
export async function endSessionsAction(): Promise<void> {
  const { userId } = await requireMembership();
  await endSessions(await getDb(), userId);
  await signOut({ redirectTo: '/sign-in' });
}

async function ownAddress(userId: string): Promise<{ email: string }> {
  const user = await findUserById(await getDb(), userId);
  if (!user) throw new AppError('not_found', 'This account no longer exists.');
  return { email: user.email };
}
