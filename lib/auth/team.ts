// The dashboard's team: who works on an organization (memberships), and the invitations that add
// someone by mail. Only an owner makes or unmakes owners, and an organization always keeps one.
import { createHash, randomBytes } from 'node:crypto';
import { and, arrayContains, asc, eq, inArray, isNull, not, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import {
  type MembershipRole,
  membershipRoles,
  memberships,
  type Organization,
  organizations,
  type TeamInvitation,
  type TeamNotice,
  teamInvitations,
  users,
} from '@/db/schema';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { AppError } from '@/lib/core/errors';
import { emailSchema } from '@/lib/core/fields';
import { DAY_MS } from '@/lib/core/time';
import { type Db, transaction } from '@/lib/core/transaction';
import { queueMail } from '@/lib/mail';
import { appUrl } from '@/lib/organizations';
import { hashPassword } from './passwords';
import { type Permission, permissions } from './permissions';
import { teamInvitationMail } from './team-mail';
import { signUpSchema } from './users';

/** How long an invitation's link works. */
export const INVITATION_TTL_MS = 7 * DAY_MS;

export const teamRoleSchema = z.enum(membershipRoles, { error: 'Choose owner, admin or editor' });
export const inviteSchema = z.object({ email: emailSchema, role: teamRoleSchema });
/** A new account made on the way to joining: sign-up's rules, without an organization to create. */
export const newTeammateSchema = signUpSchema.pick({ name: true, password: true });

/** Who is acting on the team: their account and their role in the organization. */
export interface TeamActor {
  userId: string;
  role: MembershipRole;
}

export interface Teammate {
  userId: string;
  email: string;
  name: string | null;
  role: MembershipRole;
  joinedAt: Date;
}

export type OpenInvitation = Pick<TeamInvitation, 'id' | 'email' | 'role' | 'expiresAt' | 'createdAt'> & {
  invitedBy: string | null;
};

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** The footer link of a notice to the team: where each teammate turns such mail off. */
export const noticeSettingsLink = () => ({
  label: 'Choose which emails you get',
  url: `${appUrl()}/dashboard/account`,
});

/** Who a notice to the team is for: the roles that decide what it tells about. */
export const noticePermissions: Record<TeamNotice, Permission> = {
  application_received: 'applications.review',
  employer_approval: 'members.manage',
};

/**
 * The addresses of the teammates whose role decides what `notice` tells about, but those who turned
 * it off: who to tell.
 */
export async function emailsOfTeammatesFor(
  db: Db,
  organizationId: number,
  notice: TeamNotice,
): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        inArray(memberships.role, [...permissions[noticePermissions[notice]]]),
        not(arrayContains(memberships.mutedNotices, [notice])),
      ),
    )
    .orderBy(asc(memberships.createdAt));
  return rows.map((row) => row.email);
}

/** The organization's teammates (oldest first) and its invitations not yet accepted (expired ones too). */
export async function listTeam(
  db: Database,
  organizationId: number,
): Promise<{ teammates: Teammate[]; invitations: OpenInvitation[] }> {
  const [teammates, invitations] = await Promise.all([
    db
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        role: memberships.role,
        joinedAt: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizationId, organizationId))
      .orderBy(asc(memberships.createdAt), asc(users.email)),
    db
      .select({
        id: teamInvitations.id,
        email: teamInvitations.email,
        role: teamInvitations.role,
        expiresAt: teamInvitations.expiresAt,
        createdAt: teamInvitations.createdAt,
        invitedBy: sql<string | null>`coalesce(${users.name}, ${users.email})`,
      })
      .from(teamInvitations)
      .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
      .where(and(eq(teamInvitations.organizationId, organizationId), isNull(teamInvitations.acceptedAt)))
      .orderBy(asc(teamInvitations.createdAt)),
  ]);
  return { teammates, invitations };
}

function assertMayGrant(actor: TeamActor, ...roles: MembershipRole[]): void {
  if (roles.includes('owner') && actor.role !== 'owner')
    throw new AppError('forbidden', 'Only an owner can make someone an owner or change an owner’s role.');
}

/**
 * Invites `email` as `role`: one open invitation per address (inviting again sends a new link and
 * the old one stops working), mailed through the outbox with the transaction.
 */
export async function inviteTeammate(
  db: Database,
  input: {
    organization: Organization;
    actor: TeamActor;
    email: string;
    role: MembershipRole;
    now?: Date;
  },
): Promise<{ invitation: TeamInvitation }> {
  const { organization, actor, role } = input;
  const email = input.email.toLowerCase();
  const now = input.now ?? new Date();
  assertMayGrant(actor, role);
  const token = randomBytes(32).toString('base64url');
  return transaction(db, async (tx) => {
    const [member] = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.organizationId, organization.id), eq(users.email, email)))
      .limit(1);
    if (member) throw new AppError('conflict', `${email} is already on the team.`, { field: 'email' });
    const [inviter] = await tx
      .select({ name: sql<string>`coalesce(${users.name}, ${users.email})` })
      .from(users)
      .where(eq(users.id, actor.userId));
    const values = {
      role,
      tokenHash: tokenHash(token),
      invitedBy: actor.userId,
      expiresAt: new Date(now.getTime() + INVITATION_TTL_MS),
      createdAt: now,
    };
    const [invitation] = await tx
      .insert(teamInvitations)
      .values({ organizationId: organization.id, email, ...values })
      .onConflictDoUpdate({
        target: [teamInvitations.organizationId, teamInvitations.email],
        targetWhere: isNull(teamInvitations.acceptedAt),
        set: values,
      })
      .returning();
    await queueMail(tx, {
      kind: 'team_invitation',
      organizationId: organization.id,
      to: email,
      ...teamInvitationMail({
        organization,
        inviter: inviter?.name ?? 'Its owner',
        role,
        url: `${appUrl()}/invite/${token}`,
        expiresAt: values.expiresAt,
      }),
    });
    return { invitation: invitation! };
  });
}

/** Withdraws an invitation not yet accepted: its link stops working. */
export async function revokeInvitation(db: Db, organizationId: number, id: string): Promise<void> {
  const removed = await db
    .delete(teamInvitations)
    .where(
      and(
        eq(teamInvitations.id, id),
        eq(teamInvitations.organizationId, organizationId),
        isNull(teamInvitations.acceptedAt),
      ),
    )
    .returning({ id: teamInvitations.id });
  if (removed.length === 0)
    throw new AppError('not_found', 'This invitation was accepted or withdrawn meanwhile.');
}

export type InvitationLookup =
  | { ok: true; invitation: TeamInvitation; organization: Organization; inviter: string | null }
  | { ok: false; reason: string };

/** What an invitation link leads to, or why it no longer works. */
export async function findInvitation(db: Db, token: string, now = new Date()): Promise<InvitationLookup> {
  const [row] = await db
    .select({
      invitation: teamInvitations,
      organization: organizations,
      inviter: sql<string | null>`coalesce(${users.name}, ${users.email})`,
    })
    .from(teamInvitations)
    .innerJoin(organizations, eq(organizations.id, teamInvitations.organizationId))
    .leftJoin(users, eq(users.id, teamInvitations.invitedBy))
    .where(eq(teamInvitations.tokenHash, tokenHash(token)))
    .limit(1);
  const problem = row ? invitationProblem(row.invitation, now) : unknownInvitation;
  return problem ? { ok: false, reason: problem } : { ok: true, ...row! };
}

const unknownInvitation =
  'This invitation link does not work: it was withdrawn, replaced by a newer one, or mistyped. Ask for a new invitation.';

function invitationProblem(invitation: TeamInvitation, now: Date): string | null {
  if (invitation.acceptedAt)
    return 'This invitation has already been accepted. Sign in to open the dashboard.';
  if (invitation.expiresAt <= now) return 'This invitation has expired. Ask for a new one.';
  return null;
}

/** The invitation of `token`, held for this transaction, or the refusal a visitor reads. */
async function heldInvitation(tx: Db, token: string, now: Date): Promise<TeamInvitation> {
  const [invitation] = await tx
    .select()
    .from(teamInvitations)
    .where(eq(teamInvitations.tokenHash, tokenHash(token)))
    .for('update');
  const problem = invitation ? invitationProblem(invitation, now) : unknownInvitation;
  if (problem) throw new AppError('conflict', problem);
  return invitation!;
}

async function join(tx: Db, invitation: TeamInvitation, userId: string, now: Date): Promise<Organization> {
  // Someone already on the team keeps the role they have.
  await tx
    .insert(memberships)
    .values({ organizationId: invitation.organizationId, userId, role: invitation.role })
    .onConflictDoNothing();
  await tx
    .update(teamInvitations)
    .set({ acceptedAt: now, acceptedBy: userId })
    .where(eq(teamInvitations.id, invitation.id));
  const [organization] = await tx
    .select()
    .from(organizations)
    .where(eq(organizations.id, invitation.organizationId));
  return organization!;
}

/** Accepts for a signed-in account, which must be the invited address (the link went to its mailbox). */
export async function acceptInvitation(
  db: Database,
  token: string,
  user: { id: string; email: string },
  now = new Date(),
): Promise<Organization> {
  return transaction(db, async (tx) => {
    const invitation = await heldInvitation(tx, token, now);
    if (invitation.email !== user.email.toLowerCase())
      throw new AppError(
        'forbidden',
        `This invitation is for ${invitation.email}; you are signed in as ${user.email}. Sign out, then open the link again.`,
      );
    return join(tx, invitation, user.id, now);
  });
}

/** Accepts by creating the invited address's account (its email proven by the link), in one step. */
export async function acceptInvitationAsNewUser(
  db: Database,
  token: string,
  input: z.infer<typeof newTeammateSchema>,
  now = new Date(),
): Promise<{ organization: Organization; email: string }> {
  const passwordHash = await hashPassword(input.password);
  try {
    return await transaction(db, async (tx) => {
      const invitation = await heldInvitation(tx, token, now);
      const [user] = await tx
        .insert(users)
        .values({ email: invitation.email, name: input.name, passwordHash, emailVerifiedAt: now })
        .returning();
      return { organization: await join(tx, invitation, user!.id, now), email: invitation.email };
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'An account with this email already exists: sign in to accept.');
    throw error;
  }
}

/**
 * Holds the organization's owners for the transaction, so that two changes at once cannot both
 * take away the last one; refuses when `userId` is the only one left.
 */
async function assertNotLastOwner(tx: Db, organizationId: number, userId: string): Promise<void> {
  const owners = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'owner')))
    .for('update');
  if (owners.length === 1 && owners[0]!.userId === userId)
    throw new AppError('conflict', 'An organization needs an owner: make someone else owner first.');
}

async function teammateRole(tx: Db, organizationId: number, userId: string): Promise<MembershipRole> {
  const [membership] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  if (!membership) throw new AppError('not_found', 'This person is no longer on the team.');
  return membership.role;
}

export async function changeTeammateRole(
  db: Database,
  organizationId: number,
  actor: TeamActor,
  userId: string,
  role: MembershipRole,
): Promise<void> {
  await transaction(db, async (tx) => {
    const current = await teammateRole(tx, organizationId, userId);
    if (current === role) return;
    assertMayGrant(actor, current, role);
    if (current === 'owner') await assertNotLastOwner(tx, organizationId, userId);
    await tx
      .update(memberships)
      .set({ role })
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  });
}

/** Takes someone off the team (themselves too: leaving), never the last owner. */
export async function removeTeammate(
  db: Database,
  organizationId: number,
  actor: TeamActor,
  userId: string,
): Promise<void> {
  await transaction(db, async (tx) => {
    const current = await teammateRole(tx, organizationId, userId);
    if (userId !== actor.userId) assertMayGrant(actor, current);
    if (current === 'owner') await assertNotLastOwner(tx, organizationId, userId);
    await tx
      .delete(memberships)
      .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  });
}
