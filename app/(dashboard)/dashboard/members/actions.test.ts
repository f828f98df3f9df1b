// Erasing a member from the dashboard: owners and admins only, through the same erasure as the API.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { members, users } from '@/db/schema';
import { addMember, signUp } from '@/lib/auth/users';
import { createMember } from '@/lib/members';
import { redirectOf, nextRequest as session } from '@/test/fixtures/next-request';
import { eraseMemberAction } from './actions';

describe('eraseMemberAction', () => {
  it('erases the member for an owner, refuses an editor, and takes an erased one as done', async () => {
    const db = await getDb();
    const unique = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const owner = await signUp(db, {
      email: `erase-owner-${unique}@example.com`,
      name: 'Owner',
      password: 'correct horse battery',
      organizationName: 'Erasing Board',
    });
    const orgId = owner.organization.id;
    const [editor] = await db
      .insert(users)
      .values({ email: `erase-editor-${unique}@example.com` })
      .returning();
    await addMember(db, orgId, editor!.id, 'editor');
    const member = await createMember(db, orgId, {
      email: `seeker-${unique}@example.com`,
      name: 'Sam',
      role: 'candidate',
    });

    Object.assign(session, { userId: editor!.id, organizationId: orgId });
    await expect(eraseMemberAction(member.id)).rejects.toThrow('This needs the owner or admin role');

    Object.assign(session, { userId: owner.user.id, organizationId: orgId });
    expect(await eraseMemberAction('not-an-id')).toEqual({ error: 'This member could not be found.' });
    expect(await eraseMemberAction(member.id).catch(redirectOf)).toBe('/dashboard/members');
    expect(await db.select().from(members).where(eq(members.id, member.id))).toEqual([]);
    expect(await eraseMemberAction(member.id).catch(redirectOf)).toBe('/dashboard/members');
  });
});
