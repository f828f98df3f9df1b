// "Forgot your password?": the link mailed through the outbox to a real SMTP server, used once within
// the hour, replaced by a newer one, and silent about addresses no account uses.
import { eq } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { mailOutbox, users } from '@/db/schema';
import { runMailWorker } from '@/lib/mail';
import { smtpServerForFile } from '@/test/fixtures/smtp';
import {
  findPasswordReset,
  PASSWORD_RESET_TTL_MS,
  requestPasswordReset,
  resetPassword,
} from './password-reset';
import { hashPassword } from './passwords';
import { sessionStands, verifyCredentials } from './users';

const smtp = smtpServerForFile();
let accounts = 0;

async function account({ password }: { password?: string } = {}) {
  accounts += 1;
  const [user] = await (await getDb())
    .insert(users)
    .values({
      email: `reset-${accounts}-${Date.now()}@example.com`,
      name: `Reset ${accounts}`,
      passwordHash: password ? await hashPassword(password) : null,
    })
    .returning();
  return user!;
}

/** Asks for a link for `email` and answers its token, read from the delivered mail. */
async function askForLink(email: string, now?: Date) {
  const db = await getDb();
  await requestPasswordReset(db, email, now);
  expect(await runMailWorker(db)).toMatchObject({ sent: 1 });
  const mail = await simpleParser(smtp.received.at(-1)!.raw);
  return { mail, token: /\/reset-password\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]! };
}

describe('password reset', () => {
  it('mails a link that sets a new password once, ends every session and verifies the address', async () => {
    const db = await getDb();
    const user = await account({ password: 'old password 1' });
    const before = new Date(Date.now() - 1000);
    const { mail, token } = await askForLink(user.email.toUpperCase());
    expect(smtp.received.at(-1)!.to).toEqual([user.email]);
    expect(mail.subject).toBe('Choose a new Boardkit password');
    expect(mail.html).toContain(`/reset-password/${token}`);
    // The mail log shows the link masked.
    const [queued] = await db
      .select({ kind: mailOutbox.kind, secrets: mailOutbox.secrets })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, user.email));
    expect(queued).toMatchObject({ kind: 'password_reset' });
    expect(queued!.secrets.some((secret) => secret.endsWith(`/reset-password/${token}`))).toBe(true);

    expect(await findPasswordReset(db, token)).toEqual({ ok: true, email: user.email });
    expect(await sessionStands(db, user.id, before.getTime())).toBe(true);
    expect(await resetPassword(db, token, { password: 'new password 2' })).toEqual({ email: user.email });

    expect(await verifyCredentials(db, user.email, 'old password 1')).toBeNull();
    expect(await verifyCredentials(db, user.email, 'new password 2')).toMatchObject({ id: user.id });
    const [after] = await db.select().from(users).where(eq(users.id, user.id));
    expect(after!.emailVerifiedAt).not.toBeNull();
    // A session that began before the reset is over; one begun with the new password stands.
    expect(await sessionStands(db, user.id, before.getTime())).toBe(false);
    expect(await sessionStands(db, user.id, after!.credentialsChangedAt!.getTime())).toBe(true);

    expect(await findPasswordReset(db, token)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('used'),
    });
    await expect(resetPassword(db, token, { password: 'third password' })).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(await verifyCredentials(db, user.email, 'new password 2')).toMatchObject({ id: user.id });
  });

  it('sends nothing for an address no account uses, and answers alike', async () => {
    const db = await getDb();
    const sent = smtp.received.length;
    await expect(requestPasswordReset(db, `nobody-${Date.now()}@example.com`)).resolves.toBeUndefined();
    expect(await runMailWorker(db)).toMatchObject({ sent: 0 });
    expect(smtp.received.length).toBe(sent);
  });

  it('replaces the link when asked again', async () => {
    const db = await getDb();
    const user = await account({ password: 'first password' });
    const first = await askForLink(user.email);
    const second = await askForLink(user.email);
    expect(second.token).not.toBe(first.token);
    expect((await findPasswordReset(db, first.token)).ok).toBe(false);
    await expect(resetPassword(db, first.token, { password: 'not this one' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await resetPassword(db, second.token, { password: 'second password' });
    expect(await verifyCredentials(db, user.email, 'second password')).toMatchObject({ id: user.id });
  });

  it('refuses a link past its hour, and keeps the password', async () => {
    const db = await getDb();
    const user = await account({ password: 'kept password' });
    const askedAt = new Date(Date.now() - PASSWORD_RESET_TTL_MS - 1000);
    const { token } = await askForLink(user.email, askedAt);
    expect(await findPasswordReset(db, token)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('expired'),
    });
    await expect(resetPassword(db, token, { password: 'too late now' })).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('expired'),
    });
    expect(await verifyCredentials(db, user.email, 'kept password')).toMatchObject({ id: user.id });
  });

  it('gives an account that signs in with GitHub or Google a password', async () => {
    const db = await getDb();
    const user = await account();
    const { token } = await askForLink(user.email);
    await resetPassword(db, token, { password: 'a first password' });
    expect(await verifyCredentials(db, user.email, 'a first password')).toMatchObject({ id: user.id });
  });

  it('lets one of two sends of the form use the link', async () => {
    const db = await getDb();
    const user = await account({ password: 'racing password' });
    const { token } = await askForLink(user.email);
    const outcomes = await Promise.allSettled([
      resetPassword(db, token, { password: 'password one' }),
      resetPassword(db, token, { password: 'password two' }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome.status === 'rejected')).toEqual([
      expect.objectContaining({ reason: expect.objectContaining({ code: 'conflict' }) }),
    ]);
  });
});
