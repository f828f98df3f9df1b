// A teammate's own settings: the password (behind the current one), the sessions it ends, and the
// notices each teammate turns off for one organization without touching anyone else's.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { type MembershipRole, memberships, type Organization, users } from '@/db/schema';
import { createTenant } from '@/test/factories';
import {
  accountSettings,
  changePassword,
  endSessions,
  noticesFor,
  renameAccount,
  setNotices,
} from './account';
import { hashPassword } from './passwords';
import { emailsOfTeammatesFor, removeTeammate } from './team';
import { sessionStands, verifyCredentials } from './users';

let people = 0;

async function teammate(org: Organization, role: MembershipRole, password?: string) {
  const db = await getDb();
  people += 1;
  const [user] = await db
    .insert(users)
    .values({
      email: `account-${people}-${Date.now()}@example.com`,
      name: `Person ${people}`,
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning();
  await db.insert(memberships).values({ organizationId: org.id, userId: user!.id, role });
  return user!;
}

describe('changing a password', () => {
  it('needs the current password, and ends every session begun before', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const user = await teammate(organization, 'editor', 'current password');
    const sessionBegan = Date.now() - 1000;
    await expect(
      changePassword(db, user.id, { currentPassword: 'wrong guess', password: 'next password' }),
    ).rejects.toMatchObject({ code: 'validation_error', message: 'This is not your current password.' });
    expect(await sessionStands(db, user.id, sessionBegan)).toBe(true);

    const now = new Date();
    await changePassword(
      db,
      user.id,
      { currentPassword: 'current password', password: 'next password' },
      now,
    );
    expect(await verifyCredentials(db, user.email, 'current password')).toBeNull();
    expect(await verifyCredentials(db, user.email, 'next password')).toMatchObject({ id: user.id });
    expect(await sessionStands(db, user.id, sessionBegan)).toBe(false);
    expect(await sessionStands(db, user.id, now.getTime())).toBe(true);
  });

  it('sends an account without a password to the mailed link', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const user = await teammate(organization, 'owner');
    await expect(
      changePassword(db, user.id, { currentPassword: 'anything', password: 'next password' }),
    ).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('link') });
    expect((await accountSettings(db, user.id, organization.id)).hasPassword).toBe(false);
  });
});

describe('sessions', () => {
  it('ends them all at once, and a deleted account has none', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const user = await teammate(organization, 'admin', 'some password');
    const sessionBegan = Date.now() - 1000;
    // A session from before the stamp existed (0) stands until the account ends its sessions.
    expect(await sessionStands(db, user.id, 0)).toBe(true);
    await endSessions(db, user.id, new Date());
    expect(await sessionStands(db, user.id, 0)).toBe(false);
    expect(await sessionStands(db, user.id, sessionBegan)).toBe(false);
    await db.delete(users).where(eq(users.id, user.id));
    expect(await sessionStands(db, user.id, Date.now())).toBe(false);
  });
});

describe('account settings', () => {
  it('renames the account', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const user = await teammate(organization, 'editor');
    await renameAccount(db, user.id, 'Ada Lovelace');
    expect(await accountSettings(db, user.id, organization.id)).toMatchObject({
      email: user.email,
      name: 'Ada Lovelace',
    });
  });

  it('says who is the only owner, who cannot leave', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const owner = await teammate(organization, 'owner');
    const editor = await teammate(organization, 'editor');
    expect((await accountSettings(db, owner.id, organization.id)).onlyOwner).toBe(true);
    expect((await accountSettings(db, editor.id, organization.id)).onlyOwner).toBe(false);
    await expect(
      removeTeammate(db, organization.id, { userId: owner.id, role: 'owner' }, owner.id),
    ).rejects.toMatchObject({ code: 'conflict' });

    // An editor leaves on their own; with a second owner, the first may leave too.
    await removeTeammate(db, organization.id, { userId: editor.id, role: 'editor' }, editor.id);
    await expect(accountSettings(db, editor.id, organization.id)).rejects.toMatchObject({
      code: 'not_found',
    });
    const second = await teammate(organization, 'owner');
    expect((await accountSettings(db, owner.id, organization.id)).onlyOwner).toBe(false);
    await removeTeammate(db, organization.id, { userId: owner.id, role: 'owner' }, owner.id);
    expect((await accountSettings(db, second.id, organization.id)).onlyOwner).toBe(true);
  });

  it('offers each role the notices about what it decides', () => {
    expect(noticesFor('owner')).toEqual(['application_received', 'employer_approval']);
    expect(noticesFor('admin')).toEqual(['application_received', 'employer_approval']);
    expect(noticesFor('editor')).toEqual(['application_received']);
  });

  it('turns a notice off for one teammate in one organization only', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const other = (await createTenant()).organization;
    const owner = await teammate(organization, 'owner');
    const editor = await teammate(organization, 'editor');
    await db.insert(memberships).values({ organizationId: other.id, userId: owner.id, role: 'owner' });
    expect(await emailsOfTeammatesFor(db, organization.id, 'application_received')).toEqual([
      owner.email,
      editor.email,
    ]);

    await setNotices(db, owner.id, organization.id, {
      offered: noticesFor('owner'),
      wanted: ['employer_approval'],
    });
    expect(await emailsOfTeammatesFor(db, organization.id, 'application_received')).toEqual([editor.email]);
    expect(await emailsOfTeammatesFor(db, organization.id, 'employer_approval')).toEqual([owner.email]);
    expect(await emailsOfTeammatesFor(db, other.id, 'application_received')).toEqual([owner.email]);
    expect((await accountSettings(db, owner.id, organization.id)).notices).toEqual({
      application_received: false,
      employer_approval: true,
    });

    // An editor's form shows no approval notice: saving it leaves that setting as it was.
    await db
      .update(memberships)
      .set({ mutedNotices: ['employer_approval'] })
      .where(eq(memberships.userId, editor.id));
    await setNotices(db, editor.id, organization.id, { offered: noticesFor('editor'), wanted: [] });
    expect((await accountSettings(db, editor.id, organization.id)).notices).toEqual({
      application_received: false,
      employer_approval: false,
    });
    await setNotices(db, editor.id, organization.id, {
      offered: noticesFor('editor'),
      wanted: ['application_received'],
    });
    expect((await accountSettings(db, editor.id, organization.id)).notices).toEqual({
      application_received: true,
      employer_approval: false,
    });
  });

  it('keeps only the notices there are', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const user = await teammate(organization, 'owner');
    await expect(
      db
        .update(memberships)
        .set({ mutedNotices: ['something_else' as 'employer_approval'] })
        .where(eq(memberships.userId, user.id)),
    ).rejects.toThrow();
  });
});
