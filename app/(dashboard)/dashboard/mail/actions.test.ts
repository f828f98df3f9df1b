import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { addMember, signUp } from '@/lib/auth/users';
import { countFailedMail } from '@/lib/mail';
import { nextRequest as session } from '@/test/fixtures/next-request';
import { sendAllFailedMailAgainAction, sendMailAgainAction } from './actions';

// The session comes from the shared request fixture (test/setup.ts); the membership, the permission
// and the outbox rows below it are real.

async function person(db: Awaited<ReturnType<typeof getDb>>, name: string) {
  return signUp(db, {
    email: `${name}-${Date.now()}@example.com`,
    name,
    password: 'correct horse battery staple',
    organizationName: `${name}’s board`,
  });
}

describe('sending failed mail again from the dashboard', () => {
  it('queues a failed message or all of them for an owner, refuses an editor and a sign-in code', async () => {
    const db = await getDb();
    const { user: owner, organization } = await person(db, 'owner');
    const failed = (kind: string, to: string) =>
      db
        .insert(mailOutbox)
        .values({
          organizationId: organization.id,
          kind,
          to,
          subject: 'New jobs for you',
          text: 'Jobs',
          status: 'failed',
          attempts: 6,
          lastError: 'Invalid login: 535 Authentication failed',
        })
        .returning({ id: mailOutbox.id })
        .then(([row]) => row!.id);
    const [alert, digest, code] = [
      await failed('alert_instant', 'a@example.org'),
      await failed('alert_digest', 'b@example.org'),
      await failed('member_sign_in', 'c@example.org'),
    ];
    const status = async (id: string) =>
      (await db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!
        .status;

    const { user: editor } = await person(db, 'editor');
    await addMember(db, organization.id, editor.id, 'editor');
    Object.assign(session, { userId: editor.id, organizationId: organization.id });
    await expect(sendMailAgainAction(alert)).rejects.toThrow(
      'This needs the owner or admin role; you are editor.',
    );
    await expect(sendAllFailedMailAgainAction()).rejects.toThrow('This needs the owner or admin role');

    Object.assign(session, { userId: owner.id, organizationId: organization.id });
    expect(await countFailedMail(db, organization.id, 'sendable again')).toBe(2);
    expect(await sendMailAgainAction('not-an-id')).toEqual({ error: 'Unknown message.' });
    expect(await sendMailAgainAction(code)).toEqual({
      error: 'A sign-in code expires within minutes: the member asks the board for a new one.',
    });
    expect(await sendMailAgainAction(alert)).toEqual({});
    expect([await status(alert), await status(digest)]).toEqual(['pending', 'failed']);
    expect(await sendAllFailedMailAgainAction()).toEqual({});
    expect([await status(digest), await status(code)]).toEqual(['pending', 'failed']);
    expect(await countFailedMail(db, organization.id, 'sendable again')).toBe(0);
  });
});
