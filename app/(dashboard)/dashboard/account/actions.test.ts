// A teammate's own settings through the dashboard's actions: the session and membership lookup are
// real (test/fixtures/next-request.ts gives the request), and so are the services below them.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { memberships, users } from '@/db/schema';
import { accountSettings } from '@/lib/auth/account';
import { addMember, signUp } from '@/lib/auth/users';
import { redirectOf, nextRequest as session } from '@/test/fixtures/next-request';
import { leaveOrganizationAction, renameAccountAction, setNoticesAction } from './actions';

function form(fields: Record<string, string | string[]>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields))
    for (const each of [value].flat()) data.append(name, each);
  return data;
}

/** An owner's board with an editor on it; the session is the editor's, working in that board. */
async function boardWithEditor() {
  const db = await getDb();
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  const owner = await signUp(db, {
    email: `account-owner-${unique}@example.com`,
    name: 'Owner',
    password: 'correct horse battery',
    organizationName: 'Account Actions Board',
  });
  const [editor] = await db
    .insert(users)
    .values({ email: `account-editor-${unique}@example.com`, name: 'Editor' })
    .returning();
  await addMember(db, owner.organization.id, editor!.id, 'editor');
  Object.assign(session, { userId: editor!.id, organizationId: owner.organization.id });
  return { db, orgId: owner.organization.id, ownerId: owner.user.id, editorId: editor!.id };
}

describe('account actions', () => {
  it('renames the account, and refuses a blank name on its field', async () => {
    const { db, orgId, editorId } = await boardWithEditor();
    expect(await renameAccountAction({}, form({ name: '  ' }))).toMatchObject({
      fieldErrors: { name: 'Enter your name' },
      values: { name: '  ' },
    });
    expect(await renameAccountAction({}, form({ name: ' Eddie Editor ' }))).toMatchObject({
      success: 'Saved.',
    });
    expect((await accountSettings(db, editorId, orgId)).name).toBe('Eddie Editor');
  });

  it('saves the notices of the role only, and refuses one that is not there', async () => {
    const { db, orgId, editorId } = await boardWithEditor();
    // Muted while an admin, say: an editor's form shows no approval notice and leaves it so.
    await db
      .update(memberships)
      .set({ mutedNotices: ['employer_approval'] })
      .where(eq(memberships.userId, editorId));
    expect(await setNoticesAction({}, form({}))).toMatchObject({ success: 'Saved.' });
    expect((await accountSettings(db, editorId, orgId)).notices).toEqual({
      application_received: false,
      employer_approval: false,
    });
    expect(await setNoticesAction({}, form({ notices: 'application_received' }))).toMatchObject({
      success: 'Saved.',
    });
    expect((await accountSettings(db, editorId, orgId)).notices.application_received).toBe(true);
    expect(await setNoticesAction({}, form({ notices: ['application_received', 'payday'] }))).toMatchObject({
      fieldErrors: { notices: 'Choose among the emails listed' },
    });
    expect((await accountSettings(db, editorId, orgId)).notices.application_received).toBe(true);
  });

  it('lets an editor leave, but not the only owner', async () => {
    const { db, orgId, ownerId, editorId } = await boardWithEditor();
    expect(await leaveOrganizationAction().catch(redirectOf)).toBe('/dashboard');
    expect(await db.select().from(memberships).where(eq(memberships.userId, editorId))).toEqual([]);

    Object.assign(session, { userId: ownerId, organizationId: orgId });
    expect(await leaveOrganizationAction()).toEqual({
      error: 'An organization needs an owner: make someone else owner first.',
    });
    expect(await db.select().from(memberships).where(eq(memberships.userId, ownerId))).toHaveLength(1);
  });
});
