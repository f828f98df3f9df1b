// Sign-in by email on the board, through the outbox to a real SMTP server in-process.
import { simpleParser } from 'mailparser';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { subscribeAlert } from '@/lib/alerts';
import { listMailLog, runMailWorker } from '@/lib/mail';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
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

  it('keeps the code and the link out of the mail log', async () => {
    const { organization } = await createTenant();
    const { code, token } = await ask(organization, 'grace@example.com');
    const [logged] = (await listMailLog(await getDb(), organization.id, { page: 1, per_page: 5 })).mails;
    expect(logged!.subject).toBe('Your sign-in code for Fjord Jobs: [hidden]');
    expect(logged!.text).not.toContain(code);
    expect(logged!.text).not.toContain(token);
    expect(logged!.text).toContain('Sign in: [hidden]');
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
});

describe('sign-in limits, keyed by the one who asks', () => {
  const MINUTE = 60_000;
  let now = 0;
  // The limiter's clock, on a whole hour (where its windows start); tests move it by whole windows.
  beforeEach(() => {
    now = Date.UTC(2026, 10, 26, 9);
    setRateLimiter(new MemoryRateLimiter(() => now));
  });

  const request = async (org: Organization, email: string, clientAddress: string) =>
    requestSignIn(await getDb(), org, brand, { email, role: 'candidate', clientAddress }, () => 'x').then(
      () => 'sent',
      (error) => error.code as string,
    );
  /** Delivers the outbox; answers how many mails each address received. */
  const mailed = async () => {
    const before = smtp.received.length;
    await runMailWorker(await getDb());
    const counts: Record<string, number> = {};
    for (const mail of smtp.received.slice(before))
      for (const to of mail.to) counts[to] = (counts[to] ?? 0) + 1;
    return counts;
  };

  it('sends one client 5 mails for one address in 15 minutes, and no more', async () => {
    const { organization } = await createTenant();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await request(organization, 'busy@example.com', '198.51.100.7'));
    expect(answers).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'rate_limited']);
    expect(await mailed()).toEqual({ 'busy@example.com': 5 });
  });

  it('never refuses the owner of an address because another client named it', async () => {
    const { organization } = await createTenant();
    const attacker = '203.0.113.66';
    for (let i = 0; i < 5; i++)
      expect(await request(organization, 'victim@example.com', attacker)).toBe('sent');
    expect(await request(organization, 'victim@example.com', attacker)).toBe('rate_limited');
    // The attacker spends the rest of its own limit (30 a quarter of an hour, the refused one
    // included) on other addresses…
    for (let i = 0; i < 24; i++)
      expect(await request(organization, `other${i}@example.com`, attacker)).toBe('sent');
    // …and, past it, names the victim again: refused, no mail, and counted nowhere.
    for (let i = 0; i < 5; i++) {
      expect(await request(organization, 'victim@example.com', attacker)).toBe('rate_limited');
    }
    expect((await mailed())['victim@example.com']).toBe(5);
    expect(await request(organization, 'victim@example.com', '192.0.2.10')).toBe('sent');
    expect(await mailed()).toEqual({ 'victim@example.com': 1 });
  });

  it('counts one client’s mails to an address on every board, sign-in and alerts together', async () => {
    const boards = await Promise.all([1, 2, 3, 4].map(async () => (await createTenant()).organization));
    const client = '203.0.113.40';
    const alert = async (org: Organization) =>
      subscribeAlert(
        await getDb(),
        org,
        {
          email: 'target@example.com',
          frequency: 'instant',
          q: null,
          category: null,
          job_type: null,
          remote: false,
          location: null,
          salary_min: null,
        },
        { clientAddress: client },
      ).then(
        () => 'sent',
        (error) => error.code as string,
      );
    const answers = [];
    for (const board of boards) {
      for (let i = 0; i < 5; i++) answers.push(await request(board, 'target@example.com', client));
      for (let i = 0; i < 5; i++) answers.push(await alert(board));
    }
    expect(answers.filter((answer) => answer === 'sent')).toHaveLength(5);
    expect(await mailed()).toEqual({ 'target@example.com': 5 });
    // A quarter of an hour later, five more; then the hour's limit (10) holds though the quarter's frees.
    now += 30 * MINUTE;
    for (const board of boards) answers.push(await request(board, 'target@example.com', client));
    answers.push(await alert(boards[0]!));
    expect(answers.slice(-5)).toEqual(['sent', 'sent', 'sent', 'sent', 'sent']);
    now += 20 * MINUTE;
    expect(await request(boards[1]!, 'target@example.com', client)).toBe('rate_limited');
    expect(await mailed()).toEqual({ 'target@example.com': 5 });
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
