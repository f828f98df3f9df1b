// The dashboard's team: invitations by mail (through the outbox to a real SMTP server), accepting
// them as a new or a signed-in account, roles, and the owner an organization always keeps.
import { and, eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { type MembershipRole, memberships, type Organization, users } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import { listMailLog, runMailWorker } from '@/lib/mail';
import { createTenant } from '@/test/factories';
import { smtpServerForFile } from '@/test/fixtures/smtp';
import {
  acceptInvitation,
  acceptInvitationAsNewUser,
  changeTeammateRole,
  findInvitation,
  INVITATION_TTL_MS,
  inviteTeammate,
  listTeam,
  removeTeammate,
  revokeInvitation,
} from './team';

const smtp = smtpServerForFile();
let people = 0;

/** An account with `role` in `org`. */
async function teammate(org: Organization, role: MembershipRole) {
  const db = await getDb();
  people += 1;
  const [user] = await db
    .insert(users)
    .values({ email: `person-${people}-${Date.now()}@example.com`, name: `Person ${people}` })
    .returning();
  await db.insert(memberships).values({ organizationId: org.id, userId: user!.id, role });
  return { userId: user!.id, email: user!.email, name: user!.name!, role };
}

/** Invites `email` and returns the link's token, read from the delivered mail. */
async function invite(
  org: Organization,
  actor: Awaited<ReturnType<typeof teammate>>,
  email: string,
  role: MembershipRole,
  now?: Date,
) {
  const db = await getDb();
  await inviteTeammate(db, {
    organization: org,
    actor,
    email,
    role,
    now,
  });
  expect(await runMailWorker(db)).toMatchObject({ sent: 1 });
  const mail = await simpleParser(smtp.received.at(-1)!.raw);
  return { mail, token: /\/invite\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]! };
}

async function roleOf(org: Organization, userId: string) {
  const [row] = await (await getDb())
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, org.id), eq(memberships.userId, userId)));
  return row?.role;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message } : error),
  );

describe('inviting a teammate', () => {
  it('mails a link that creates the account and joins with the role, once', async () => {
    const db = await getDb();
    const { organization } = await createTenant({ name: 'Harbor Jobs' });
    const owner = await teammate(organization, 'owner');
    const { mail, token } = await invite(organization, owner, 'New.Editor@Example.com', 'editor');
    expect(smtp.received.at(-1)!.to).toEqual(['new.editor@example.com']);
    expect(mail.subject).toBe(`${owner.name} invited you to Harbor Jobs on Boardkit`);
    expect(mail.text).toContain('as an editor');
    // The mail log never shows the link.
    const [logged] = (await listMailLog(db, organization.id, { page: 1, per_page: 5 })).mails;
    expect(logged!.text).not.toContain(token);

    const found = await findInvitation(db, token);
    expect(found).toMatchObject({
      ok: true,
      inviter: owner.name,
      invitation: { email: 'new.editor@example.com' },
    });
    expect((await listTeam(db, organization.id)).invitations).toMatchObject([
      { email: 'new.editor@example.com', role: 'editor', invitedBy: owner.name },
    ]);

    const joined = await acceptInvitationAsNewUser(db, token, {
      name: 'Nia Editor',
      password: 'correct horse',
    });
    expect(joined).toMatchObject({ organization: { id: organization.id }, email: 'new.editor@example.com' });
    const [user] = await db.select().from(users).where(eq(users.email, 'new.editor@example.com'));
    expect(user!.emailVerifiedAt).not.toBeNull();
    expect(await roleOf(organization, user!.id)).toBe('editor');
    const team = await listTeam(db, organization.id);
    expect(team.invitations).toEqual([]);
    expect(team.teammates.map((person) => [person.email, person.role])).toContainEqual([
      'new.editor@example.com',
      'editor',
    ]);

    expect(await findInvitation(db, token)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('already'),
    });
    expect(
      await refusal(acceptInvitationAsNewUser(db, token, { name: 'Again', password: 'correct horse' })),
    ).toMatchObject({ code: 'conflict' });
  });

  it('joins a signed-in account only when it is the invited address', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const owner = await teammate(organization, 'owner');
    const { organization: other } = await createTenant();
    const someone = await teammate(other, 'owner');
    const { token } = await invite(organization, owner, someone.email, 'admin');

    const stranger = await teammate(other, 'editor');
    expect(
      await refusal(acceptInvitation(db, token, { id: stranger.userId, email: stranger.email })),
    ).toMatchObject({ code: 'forbidden', message: expect.stringContaining(someone.email) });
    expect(await roleOf(organization, stranger.userId)).toBeUndefined();

    const joined = await acceptInvitation(db, token, {
      id: someone.userId,
      email: someone.email.toUpperCase(),
    });
    expect(joined.id).toBe(organization.id);
    expect(await roleOf(organization, someone.userId)).toBe('admin');
    // Their own organization is untouched.
    expect(await roleOf(other, someone.userId)).toBe('owner');
  });

  it('refuses someone already on the team, and sends a new link on a second invitation', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const owner = await teammate(organization, 'owner');
    const editor = await teammate(organization, 'editor');
    expect(
      await refusal(
        inviteTeammate(db, {
          organization,
          actor: owner,
          email: editor.email,
          role: 'admin',
        }),
      ),
    ).toMatchObject({ code: 'conflict', message: `${editor.email} is already on the team.` });

    const first = await invite(organization, owner, 'twice@example.com', 'editor');
    const second = await invite(organization, owner, 'twice@example.com', 'admin');
    expect(await findInvitation(db, first.token)).toMatchObject({ ok: false });
    expect(await findInvitation(db, second.token)).toMatchObject({ ok: true, invitation: { role: 'admin' } });
    expect((await listTeam(db, organization.id)).invitations).toHaveLength(1);
  });

  it('stops working when withdrawn or expired', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const owner = await teammate(organization, 'owner');
    const withdrawn = await invite(organization, owner, 'withdrawn@example.com', 'editor');
    const [listed] = (await listTeam(db, organization.id)).invitations;
    await revokeInvitation(db, organization.id, listed!.id);
    expect(await findInvitation(db, withdrawn.token)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('withdrawn'),
    });
    expect(await refusal(revokeInvitation(db, organization.id, listed!.id))).toMatchObject({
      code: 'not_found',
    });

    const long = new Date(Date.now() - INVITATION_TTL_MS - 1000);
    const expired = await invite(organization, owner, 'late@example.com', 'editor', long);
    expect(await findInvitation(db, expired.token)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('expired'),
    });
    expect(
      await refusal(
        acceptInvitationAsNewUser(db, expired.token, { name: 'Late', password: 'correct horse' }),
      ),
    ).toMatchObject({ code: 'conflict', message: expect.stringContaining('expired') });
  });

  it('lets only an owner invite an owner', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const admin = await teammate(organization, 'admin');
    const asAdmin = (role: MembershipRole) =>
      refusal(
        inviteTeammate(db, {
          organization,
          actor: admin,
          email: `by-admin-${role}@example.com`,
          role,
        }),
      );
    expect(await asAdmin('owner')).toMatchObject({ code: 'forbidden' });
    expect(await asAdmin('editor')).toBeNull();
  });
});

describe('roles and leaving', () => {
  it('keeps an owner: the last one can be neither demoted nor removed, by anyone', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const owner = await teammate(organization, 'owner');
    const admin = await teammate(organization, 'admin');
    expect(
      await refusal(changeTeammateRole(db, organization.id, owner, owner.userId, 'admin')),
    ).toMatchObject({ code: 'conflict', message: expect.stringContaining('needs an owner') });
    expect(await refusal(removeTeammate(db, organization.id, owner, owner.userId))).toMatchObject({
      code: 'conflict',
    });
    // An admin touches no owner, and makes none.
    expect(await refusal(removeTeammate(db, organization.id, admin, owner.userId))).toMatchObject({
      code: 'forbidden',
    });
    expect(
      await refusal(changeTeammateRole(db, organization.id, admin, admin.userId, 'owner')),
    ).toMatchObject({
      code: 'forbidden',
    });

    await changeTeammateRole(db, organization.id, owner, admin.userId, 'owner');
    await changeTeammateRole(db, organization.id, owner, owner.userId, 'editor');
    expect(await roleOf(organization, owner.userId)).toBe('editor');
    await removeTeammate(db, organization.id, { ...owner, role: 'editor' }, owner.userId);
    expect(await roleOf(organization, owner.userId)).toBeUndefined();
    expect(await refusal(removeTeammate(db, organization.id, admin, owner.userId))).toMatchObject({
      code: 'not_found',
    });
  });

  it('keeps one owner when two owners step down at once', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const first = await teammate(organization, 'owner');
    const second = await teammate(organization, 'owner');
    const outcomes = await Promise.all([
      refusal(changeTeammateRole(db, organization.id, first, first.userId, 'admin')),
      refusal(changeTeammateRole(db, organization.id, second, second.userId, 'admin')),
    ]);
    expect(outcomes.filter((outcome) => outcome === null)).toHaveLength(1);
    const owners = (await listTeam(db, organization.id)).teammates.filter(
      (person) => person.role === 'owner',
    );
    expect(owners).toHaveLength(1);
  });
});
