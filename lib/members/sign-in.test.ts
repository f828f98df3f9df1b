// Sign-in by email on the board, through the outbox to a real SMTP server in-process.
import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { runMailWorker } from '@/lib/mail';
import { createTenant } from '@/test/factories';
import { smtpServerForFile } from '@/test/fixtures/smtp';
import {
  createMember,
  createMemberSession,
  memberForSession,
  requestSignIn,
  revokeAllMemberSessions,
  revokeMemberSession,
  signInWithCode,
  signInWithLink,
  updateMember,
} from '.';

const smtp = smtpServerForFile();
const brand = { name: 'Fjord Jobs', accent: '#1d4ed8' };
let address = 0;

/** Asks for a sign-in and returns what the mail holds: the code and the link's token. */
async function ask(org: Organization, email: string, role: 'candidate' | 'employer' = 'candidate') {
  const db = await getDb();
  address += 1;
  await requestSignIn(
    db,
    org,
    brand,
    { email, role, clientAddress: `203.0.113.${address % 250}` },
    (link) => `https://fjord.example/sign-in/verify?token=${link}`,
  );
  expect(await runMailWorker(db)).toMatchObject({ sent: 1 });
  const mail = await simpleParser(smtp.received.at(-1)!.raw);
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')![1]!;
  const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')![1]!;
  return { mail, code, token };
}

describe('sign-in by email', () => {
  it('mails one message with a code and a link, in the board’s name and colour', async () => {
    const { organization } = await createTenant();
    const { mail, code, token } = await ask(organization, 'Ada@Example.com');
    expect(smtp.received.at(-1)!.to).toEqual(['ada@example.com']);
    expect(mail.subject).toBe(`Your sign-in code for Fjord Jobs: ${code}`);
    expect(mail.text).toContain('Sign in: https://fjord.example/sign-in/verify?token=');
    expect(mail.html).toContain('background:#1d4ed8');
    expect(mail.html).toContain(`>${code}</p>`);
    expect(token.length).toBeGreaterThanOrEqual(43);
  });

  it('signs a new address up with the code, once, as the role asked for', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const { code } = await ask(organization, 'hr@acme.example', 'employer');
    const result = await signInWithCode(db, organization.id, 'HR@acme.example', code);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.member).toMatchObject({
      email: 'hr@acme.example',
      name: 'hr',
      role: 'employer',
      approvalStatus: 'pending',
      authMethod: 'email',
    });
    expect(result.member.emailVerifiedAt).toBeInstanceOf(Date);
    expect(result.member.lastSignInAt).toBeInstanceOf(Date);
    expect(await signInWithCode(db, organization.id, 'hr@acme.example', code)).toMatchObject({ ok: false });
  });

  it('spends the code after 5 wrong tries, and after 10 minutes', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const { code } = await ask(organization, 'guess@example.com');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      expect(await signInWithCode(db, organization.id, 'guess@example.com', wrong)).toEqual({
        ok: false,
        reason: `That code is not right. ${left === 1 ? '1 attempt' : `${left} attempts`} left.`,
      });
    }
    expect(await signInWithCode(db, organization.id, 'guess@example.com', wrong)).toMatchObject({
      ok: false,
    });
    expect(await signInWithCode(db, organization.id, 'guess@example.com', code)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('expired'),
    });

    const late = await ask(organization, 'late@example.com');
    const elevenMinutes = new Date(Date.now() + 11 * 60_000);
    expect(
      await signInWithCode(db, organization.id, 'late@example.com', late.code, elevenMinutes),
    ).toMatchObject({
      ok: false,
    });
    expect(await signInWithLink(db, organization.id, late.token, elevenMinutes)).toMatchObject({ ok: false });
  });

  it('signs in with the link once; the same account each time; never on another board', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const other = await createTenant();
    const existing = await createMember(db, organization.id, {
      email: 'sam@example.com',
      name: 'Sam',
      role: 'candidate',
    });
    const { token } = await ask(organization, 'sam@example.com');
    expect(await signInWithLink(db, other.organization.id, token)).toMatchObject({ ok: false });
    const first = await signInWithLink(db, organization.id, token);
    expect(first.ok && first.member.id).toBe(existing.id);
    expect(await signInWithLink(db, organization.id, token)).toMatchObject({ ok: false });
    expect(await signInWithLink(db, organization.id, 'not-a-token')).toMatchObject({ ok: false });
  });

  it('refuses a rejected member even with the right code', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const member = await createMember(db, organization.id, {
      email: 'no@example.com',
      name: 'No',
      role: 'candidate',
    });
    await updateMember(db, organization.id, member.id, { approvalStatus: 'rejected' });
    const { code } = await ask(organization, 'no@example.com');
    expect(await signInWithCode(db, organization.id, 'no@example.com', code)).toMatchObject({
      ok: false,
      reason: expect.stringContaining('cannot sign in'),
    });
  });

  it('limits requests per address to 5 in 15 minutes', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    for (let i = 0; i < 5; i++) await ask(organization, 'busy@example.com');
    await expect(
      requestSignIn(
        db,
        organization,
        brand,
        { email: 'busy@example.com', role: 'candidate', clientAddress: '198.51.100.7' },
        () => 'x',
      ),
    ).rejects.toMatchObject({ code: 'rate_limited' });
  });
});

describe('member sessions', () => {
  it('finds the member for a token on its own board only, until revoked or expired', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const other = await createTenant();
    const member = await createMember(db, organization.id, {
      email: 'kim@example.com',
      name: 'Kim',
      role: 'candidate',
    });
    const row = { id: member.id, organizationId: organization.id };
    const one = await createMemberSession(db, row);
    const two = await createMemberSession(db, row);
    expect((await memberForSession(db, organization.id, one.token))?.id).toBe(member.id);
    expect(await memberForSession(db, other.organization.id, one.token)).toBeUndefined();
    expect(await memberForSession(db, organization.id, undefined)).toBeUndefined();
    expect(await memberForSession(db, organization.id, `${one.token}x`)).toBeUndefined();
    expect(
      await memberForSession(db, organization.id, one.token, new Date(Date.now() + 31 * 24 * 60 * 60_000)),
    ).toBeUndefined();

    await revokeMemberSession(db, one.token);
    expect(await memberForSession(db, organization.id, one.token)).toBeUndefined();
    expect((await memberForSession(db, organization.id, two.token))?.id).toBe(member.id);
    expect(await revokeAllMemberSessions(db, member.id)).toBe(1);
    expect(await memberForSession(db, organization.id, two.token)).toBeUndefined();
  });

  it('slides the expiry as the member comes back', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const member = await createMember(db, organization.id, {
      email: 'lou@example.com',
      name: 'Lou',
      role: 'candidate',
    });
    const session = await createMemberSession(db, { id: member.id, organizationId: organization.id });
    const day = 24 * 60 * 60_000;
    expect(
      await memberForSession(db, organization.id, session.token, new Date(Date.now() + 20 * day)),
    ).toBeDefined();
    // 20 days later the session was renewed for 30 more: it still works on day 45.
    expect(
      await memberForSession(db, organization.id, session.token, new Date(Date.now() + 45 * day)),
    ).toBeDefined();
    expect(
      await memberForSession(db, organization.id, session.token, new Date(Date.now() + 80 * day)),
    ).toBeUndefined();
  });
});
