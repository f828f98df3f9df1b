// A dashboard account's own settings: its name, its password, its sessions, and which notices it
// gets by mail from each organization.
import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { type MembershipRole, memberships, type TeamNotice, teamNotices, users } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import type { Db } from '@/lib/core/transaction';
import { hashPassword, verifyPassword } from './passwords';
import { can } from './permissions';
import { noticePermissions } from './team';
import { signUpSchema } from './users';

export const accountNameSchema = signUpSchema.pick({ name: true });

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, { error: 'Enter your current password' }).max(200),
  password: signUpSchema.shape.password,
});

export interface AccountSettings {
  email: string;
  name: string | null;
  hasPassword: boolean;
  /** The organization's only owner, who cannot leave it (an organization always keeps one). */
  onlyOwner: boolean;
  /** The notices this account gets from the organization asked about. */
  notices: Record<TeamNotice, boolean>;
}

export async function accountSettings(
  db: Db,
  userId: string,
  organizationId: number,
): Promise<AccountSettings> {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      passwordHash: users.passwordHash,
      mutedNotices: memberships.mutedNotices,
      onlyOwner: sql<boolean>`${memberships.role} = 'owner' and not exists (
        select 1 from ${memberships} as others
        where others.organization_id = ${organizationId} and others.role = 'owner'
          and others.user_id <> ${userId})`,
    })
    .from(users)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organizationId, organizationId)),
    )
    .where(eq(users.id, userId));
  if (!row) throw new AppError('not_found', 'This account is no longer on the team.');
  return {
    email: row.email,
    name: row.name,
    hasPassword: row.passwordHash !== null,
    onlyOwner: row.onlyOwner,
    notices: Object.fromEntries(
      teamNotices.map((notice) => [notice, !row.mutedNotices.includes(notice)]),
    ) as Record<TeamNotice, boolean>,
  };
}

export async function renameAccount(db: Db, userId: string, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

/**
 * Replaces the password after checking the current one, and ends every session the account had
 * (`now` is the new credentialsChangedAt; the caller renews its own session past it). An account
 * with no password yet sets one through a reset link instead, which proves its mailbox.
 */
export async function changePassword(
  db: Database,
  userId: string,
  input: z.infer<typeof changePasswordSchema>,
  now = new Date(),
): Promise<void> {
  const [user] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, userId));
  if (!user?.passwordHash)
    throw new AppError('conflict', 'This account has no password yet: ask for a link to set one.');
  if (!(await verifyPassword(user.passwordHash, input.currentPassword)))
    throw new AppError('validation_error', 'This is not your current password.');
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(input.password), credentialsChangedAt: now })
    .where(eq(users.id, userId));
}

/** Ends every session of the account as of `now` (a lost laptop, a shared computer). */
export async function endSessions(db: Db, userId: string, now = new Date()): Promise<void> {
  await db.update(users).set({ credentialsChangedAt: now }).where(eq(users.id, userId));
}

/** The notices a role can get: those about what it decides. */
export const noticesFor = (role: MembershipRole): TeamNotice[] =>
  teamNotices.filter((notice) => can(role, noticePermissions[notice]));

/**
 * Which of the notices `offered` to the account (its role's, as its form showed them) it gets by
 * mail from one organization; the others keep their setting, for a later change of role.
 */
export async function setNotices(
  db: Db,
  userId: string,
  organizationId: number,
  { offered, wanted }: { offered: readonly TeamNotice[]; wanted: readonly TeamNotice[] },
): Promise<void> {
  const [membership] = await db
    .select({ mutedNotices: memberships.mutedNotices })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)));
  if (!membership) throw new AppError('not_found', 'This account is no longer on the team.');
  const muted = teamNotices.filter((notice) =>
    offered.includes(notice) ? !wanted.includes(notice) : membership.mutedNotices.includes(notice),
  );
  await db
    .update(memberships)
    .set({ mutedNotices: muted })
    .where(and(eq(memberships.userId, userId), eq(memberships.organizationId, organizationId)));
}
