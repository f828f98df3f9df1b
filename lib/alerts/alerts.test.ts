// Job alerts end to end below the board: subscribe, confirm, instant mails and digests, through the
// outbox to a real SMTP server in-process.
import { eq, sql } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { describe, expect, it, onTestFinished } from 'vitest';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { jobAlerts } from '@/db/schema';
import { findOrCreateCategory } from '@/lib/categories';
import { signToken } from '@/lib/core/signed-tokens';
import { DAY_MS } from '@/lib/core/time';
import { updateJob } from '@/lib/jobs';
import { listMailLog, runMailWorker } from '@/lib/mail';
import { createMember, deleteMember } from '@/lib/members';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { createTenant, createTestJob } from '@/test/factories';
import { smtpServerForFile } from '@/test/fixtures/smtp';
import {
  alertIdForUnsubscribeToken,
  alertPages,
  alertsOf,
  confirmAlert,
  DIGEST_MAX_JOBS,
  emailForManageToken,
  runAlertWorker,
  subscribeAlert,
  unsubscribeAlerts,
} from '.';
import { type SubscribeAlertInput, subscribeAlertSchema } from './schemas';

const smtp = smtpServerForFile();
let client = 0;

const search = (fields: Partial<SubscribeAlertInput> = {}): SubscribeAlertInput => ({
  email: 'seeker@example.com',
  frequency: 'instant',
  q: null,
  category: null,
  job_type: null,
  remote: false,
  location: null,
  salary_min: null,
  ...fields,
});

/** Delivers the outbox and returns the parsed messages that arrived. */
async function delivered() {
  const before = smtp.received.length;
  await runMailWorker(await getDb());
  return Promise.all(smtp.received.slice(before).map((mail) => simpleParser(mail.raw)));
}

const recipient = (mail: Awaited<ReturnType<typeof delivered>>[number]) => (mail.to as { text: string }).text;

/** A header as sent (mailparser turns List-* headers into objects). */
const rawHeader = (mail: Awaited<ReturnType<typeof delivered>>[number], name: string) =>
  mail.headerLines
    .find((line) => line.key === name)
    ?.line.replace(/^[^:]+:\s*/, '')
    .replace(/\r?\n\s+/g, ' ');

/** Stops the limiter's clock for this test: requests it counts against a window fall in one. */
function stopLimiterClock() {
  const start = Date.now();
  setRateLimiter(new MemoryRateLimiter(() => start));
  onTestFinished(() => setRateLimiter(new MemoryRateLimiter()));
}

/** Subscribes and confirms through the link in the confirmation mail. */
async function confirmedAlert(org: Organization, fields: Partial<SubscribeAlertInput> = {}) {
  const db = await getDb();
  client += 1;
  const { alert } = await subscribeAlert(db, org, search(fields), {
    clientAddress: `198.51.100.${client % 250}`,
  });
  const mails = (await delivered()).filter(
    (mail) => recipient(mail) === (fields.email ?? 'seeker@example.com'),
  );
  expect(mails).toHaveLength(1);
  const token = /\/alerts\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(mails[0]!.text ?? '')![1]!;
  const confirmed = await confirmAlert(db, org.id, token);
  expect(confirmed.ok).toBe(true);
  return alert;
}

describe('subscribing', () => {
  it('mails a confirmation link (double opt-in); only confirming makes the alert active', async () => {
    const db = await getDb();
    const { organization } = await createTenant({ name: 'Fjord Jobs' });
    const { status, alert } = await subscribeAlert(
      db,
      organization,
      search({ email: 'ada@example.com', q: 'designer', frequency: 'daily' }),
      { clientAddress: '198.51.100.1' },
    );
    expect(status).toBe('pending');
    expect(alert.status).toBe('pending');
    const [mail] = await delivered();
    expect(mail!.subject).toBe('Confirm your job alert on Fjord Jobs');
    expect(mail!.text).toContain('“designer” jobs, once a day');
    const token = /\/alerts\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(mail!.text ?? '')![1]!;
    expect(mail!.text).toContain(`/b/${organization.slug}/alerts/confirm?token=`);

    // A pending alert sends nothing, even for a matching job.
    await createTestJob(organization.id, { title: 'Product Designer' });
    await runAlertWorker(db);
    expect(await delivered()).toHaveLength(0);

    const confirmed = await confirmAlert(db, organization.id, token);
    expect(confirmed).toMatchObject({ ok: true, alert: { status: 'active', frequency: 'daily' } });
    if (!confirmed.ok) return;
    expect(confirmed.alert.confirmedAt).toBeInstanceOf(Date);
    expect(confirmed.alert.nextDigestAt!.getTime() - confirmed.alert.confirmedAt!.getTime()).toBe(DAY_MS);
    // Another board's confirmation link does not work here.
    const other = await createTenant();
    expect(await confirmAlert(db, other.organization.id, token)).toEqual({ ok: false, reason: 'invalid' });
    expect(await confirmAlert(db, organization.id, `${token}x`)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('makes a signed-in member’s alert for their own address active at once, without mail', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const member = await createMember(db, organization.id, {
      email: 'Sam@Example.com',
      name: 'Sam',
      role: 'candidate',
    });
    const { status } = await subscribeAlert(db, organization, search({ email: 'sam@example.com' }), {
      clientAddress: '198.51.100.2',
      member: { id: member.id, email: member.email },
    });
    expect(status).toBe('active');
    expect(await delivered()).toHaveLength(0);
    const [alert] = await alertsOf(db, organization.id, { email: member.email, memberId: member.id });
    expect(alert).toMatchObject({ memberId: member.id, status: 'active' });
  });

  it('keeps one alert per address and search; subscribing again asks to confirm the new frequency', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const first = await confirmedAlert(organization, { q: 'nurse', frequency: 'weekly' });
    const again = await subscribeAlert(db, organization, search({ q: 'nurse', frequency: 'instant' }), {
      clientAddress: '198.51.100.3',
    });
    expect(again.alert.id).toBe(first.id);
    expect(again.alert).toMatchObject({ status: 'active', frequency: 'weekly' });
    const [mail] = await delivered();
    const token = /\/alerts\/confirm\?token=([A-Za-z0-9_.-]+)/.exec(mail!.text ?? '')![1]!;
    expect(await confirmAlert(db, organization.id, token)).toMatchObject({
      ok: true,
      alert: { id: first.id, frequency: 'instant', nextDigestAt: null },
    });
  });

  it('keeps a minimum salary as part of the search: one alert per minimum, said in its mails', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const any = await confirmedAlert(organization, { q: 'nurse' });
    const paid = await subscribeAlert(db, organization, search({ q: 'nurse', salary_min: 60_000 }), {
      clientAddress: '198.51.100.5',
    });
    expect(paid.alert.id).not.toBe(any.id);
    expect(paid.alert.salaryMin).toBe(60_000);
    const [mail] = await delivered();
    expect(mail!.text).toContain('“nurse” jobs, paying 60,000 a year or more, as soon as a job is posted');
  });

  it.each([
    ['', null],
    ['0', 0],
    [' 75000 ', 75_000],
    ['abc', 'Enter a whole number, such as 60000'],
    ['-1', 'Enter a whole number, such as 60000'],
    ['60000.5', 'Enter a whole number, such as 60000'],
    ['10000001', 'Enter at most 10,000,000'],
  ])('reads the minimum salary %j from the alert form', (typed, expected) => {
    const parsed = subscribeAlertSchema.safeParse({ ...search(), salary_min: typed });
    if (typeof expected === 'string') {
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['salary_min', expected],
      ]);
    } else expect(parsed.data?.salary_min).toBe(expected);
  });

  it('refuses a category the board does not have, and a client asking too often for one address', async () => {
    stopLimiterClock();
    const db = await getDb();
    const { organization } = await createTenant();
    await expect(
      subscribeAlert(db, organization, search({ category: 'astronauts' }), { clientAddress: '198.51.100.4' }),
    ).rejects.toMatchObject({
      code: 'validation_error',
      message: 'There is no category “astronauts” on this board.',
    });
    for (let attempt = 0; attempt < 5; attempt++) {
      await subscribeAlert(db, organization, search({ email: 'flood@example.com', q: `q${attempt}` }), {
        clientAddress: '198.51.100.20',
      });
    }
    await expect(
      subscribeAlert(db, organization, search({ email: 'flood@example.com' }), {
        clientAddress: '198.51.100.20',
      }),
    ).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many alert requests/),
    });
    expect(await delivered()).toHaveLength(5);
  });

  it('never refuses the owner of an address because another client named it', async () => {
    stopLimiterClock();
    const db = await getDb();
    const { organization } = await createTenant();
    const attacker = '203.0.113.66';
    const subscribe = (email: string, clientAddress: string, q: string | null = null) =>
      subscribeAlert(db, organization, search({ email, q }), { clientAddress }).then(
        () => 'sent',
        (error) => error.code as string,
      );
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await subscribe('victim@example.com', attacker, `q${i}`));
    expect(answers).toEqual(['sent', 'sent', 'sent', 'sent', 'sent', 'rate_limited']);
    // Past its own limit (30 a quarter of an hour), the attacker names the victim: counted nowhere.
    for (let i = 0; i < 24; i++) expect(await subscribe(`other${i}@example.com`, attacker)).toBe('sent');
    for (let i = 0; i < 5; i++) expect(await subscribe('victim@example.com', attacker)).toBe('rate_limited');
    await delivered();
    expect(await subscribe('victim@example.com', '192.0.2.10')).toBe('sent');
    expect((await delivered()).map(recipient)).toEqual(['victim@example.com']);
  });
});

describe('instant alerts', () => {
  it('mails a new matching job once, with one-click unsubscribe headers (RFC 8058)', async () => {
    const db = await getDb();
    const { organization } = await createTenant({ name: 'Harbor Careers' });
    const alert = await confirmedAlert(organization, { q: 'designer' });
    const job = await createTestJob(organization.id, { title: 'Senior Designer', company_name: 'Lumen' });
    await createTestJob(organization.id, { title: 'Backend Engineer' });
    await runAlertWorker(db);
    const mails = await delivered();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('New job: Senior Designer at Lumen');
    expect(mail!.text).toContain(`/b/${organization.slug}/jobs/${job.slug}`);
    const unsubscribe = rawHeader(mail!, 'list-unsubscribe')!;
    expect(unsubscribe).toMatch(/^<http:\/\/[^>]+\/alerts\/unsubscribe\/[A-Za-z0-9_.-]+>, <mailto:[^>]+>$/);
    expect(rawHeader(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const token = /\/alerts\/unsubscribe\/([A-Za-z0-9_.-]+)>/.exec(unsubscribe)![1]!;
    expect(alertIdForUnsubscribeToken(organization.id, token)).toBe(alert.id);
    const manage = /\/alerts\/manage\?token=([A-Za-z0-9_.-]+)/.exec(mail!.text ?? '')![1]!;
    expect(emailForManageToken(organization.id, manage)).toEqual({ ok: true, email: 'seeker@example.com' });
    // The mail log shows the job's link, not the links that act for the subscriber.
    const logged = (await listMailLog(db, organization.id, { page: 1, per_page: 5 })).mails[0]!;
    expect(logged.text).toContain(`/b/${organization.slug}/jobs/${job.slug}`);
    expect(logged.text).not.toContain(manage);
    expect(logged.text).not.toContain(token);
    expect(logged.text).toContain('Manage your alerts: [hidden]');

    // Never the same job twice: not on the next run, not after an edit, not after going live again.
    await runAlertWorker(db);
    await updateJob(db, organization.id, job.id, { title: 'Senior Designer (remote)' });
    await updateJob(db, organization.id, job.id, { status: 'expired' });
    await updateJob(db, organization.id, job.id, { status: 'active' });
    await runAlertWorker(db);
    expect(await delivered()).toHaveLength(0);
  });

  it('follows the board’s filters: category with sub-categories, type, remote, location', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const engineering = await findOrCreateCategory(db, organization.id, 'Engineering');
    await findOrCreateCategory(db, organization.id, 'Frontend', engineering.category.id);
    await confirmedAlert(organization, { email: 'cat@example.com', category: 'engineering' });
    await confirmedAlert(organization, { email: 'type@example.com', job_type: 'part-time', remote: true });
    await confirmedAlert(organization, { email: 'place@example.com', location: 'berlin' });
    await createTestJob(organization.id, { title: 'React Developer', category: 'Frontend' });
    await createTestJob(organization.id, { title: 'Support Lead', job_type: 'part-time', is_remote: true });
    await createTestJob(organization.id, { title: 'Part-timer on site', job_type: 'part-time' });
    await createTestJob(organization.id, { title: 'Barista', location: 'Berlin, Germany' });
    await runAlertWorker(db);
    const mails = await delivered();
    const received = mails.map((mail) => `${(mail.to as { text: string }).text}: ${mail.subject}`).sort();
    expect(received).toEqual([
      'cat@example.com: New job: React Developer at Acme',
      'place@example.com: New job: Barista at Acme',
      'type@example.com: New job: Support Lead at Acme',
    ]);
  });
});

describe('a minimum salary', () => {
  it('keeps the jobs whose yearly pay reaches it in the board’s currency, instantly and in digests', async () => {
    const db = await getDb();
    const { organization } = await createTenant({ name: 'Paid Board' });
    await confirmedAlert(organization, { email: 'instant@example.com', salary_min: 60_000 });
    await confirmedAlert(organization, {
      email: 'daily@example.com',
      salary_min: 60_000,
      frequency: 'daily',
    });
    const salaried = { salary_currency: 'USD' };
    // 72,800 a year.
    await createTestJob(organization.id, {
      title: 'Nurse',
      salary_min: 35,
      salary_period: 'hourly',
      ...salaried,
    });
    // 48,000 to 60,000 a year: its upper end reaches the minimum.
    await createTestJob(organization.id, {
      title: 'Clerk',
      salary_min: 4_000,
      salary_max: 5_000,
      salary_period: 'monthly',
      ...salaried,
    });
    // 57,200 a year.
    await createTestJob(organization.id, {
      title: 'Porter',
      salary_min: 1_100,
      salary_period: 'weekly',
      ...salaried,
    });
    await createTestJob(organization.id, {
      title: 'Euro Engineer',
      salary_min: 90_000,
      salary_currency: 'EUR',
    });
    await createTestJob(organization.id, { title: 'Volunteer' });
    await runAlertWorker(db);
    const instant = (await delivered()).map((mail) => `${recipient(mail)}: ${mail.subject}`).sort();
    expect(instant).toEqual([
      'instant@example.com: New job: Clerk at Acme',
      'instant@example.com: New job: Nurse at Acme',
    ]);

    await runAlertWorker(db, { now: () => new Date(Date.now() + DAY_MS + 60_000) });
    // Other tests' digests fall due too.
    const [digest, ...more] = (await delivered()).filter((mail) => mail.subject?.includes('Paid Board'));
    expect(more).toEqual([]);
    expect(recipient(digest!)).toBe('daily@example.com');
    expect(digest!.subject).toBe('2 new jobs for your alert on Paid Board');
    expect(digest!.text).toContain('Your alert: new jobs, paying 60,000 a year or more.');
    expect(digest!.text).toContain('?salary_min=60000&posted_within=24h');
  });
});

describe('digests', () => {
  it('sends at most 20 new jobs a day with the count of the rest, once, then waits a day', async () => {
    const db = await getDb();
    const { organization } = await createTenant({ name: 'Digest Board' });
    const email = 'digest@example.com';
    const alert = await confirmedAlert(organization, { email, q: 'analyst', frequency: 'daily' });
    for (let index = 0; index < DIGEST_MAX_JOBS + 5; index++) {
      await createTestJob(organization.id, { title: `Data Analyst ${index + 1}` });
    }
    await createTestJob(organization.id, { title: 'Chef' });
    const digests = async () => (await delivered()).filter((mail) => recipient(mail) === email);
    // Not due yet.
    await runAlertWorker(db);
    expect(await digests()).toHaveLength(0);

    const tomorrow = new Date(Date.now() + DAY_MS + 60_000);
    expect(await runAlertWorker(db, { now: () => tomorrow })).toMatchObject({
      digestsSent: expect.any(Number),
    });
    const mails = await digests();
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('25 new jobs for your alert on Digest Board');
    expect(mail!.text!.match(/\/jobs\/data-analyst-/g)).toHaveLength(DIGEST_MAX_JOBS);
    expect(mail!.text).toContain('And 5 more: see them all');
    expect(mail!.text).toContain('?q=analyst&posted_within=24h');
    expect(rawHeader(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    expect(await runAlertWorker(db, { now: () => tomorrow })).toMatchObject({ digestsChecked: 0 });
    const [row] = await db.select().from(jobAlerts).where(eq(jobAlerts.id, alert.id));
    expect(row!.nextDigestAt!.getTime()).toBeGreaterThan(tomorrow.getTime());
    expect(row!.nextDigestAt!.getTime()).toBeLessThanOrEqual(tomorrow.getTime() + DAY_MS);
    // A day later, with nothing new: checked, nothing sent.
    const dayAfter = new Date(tomorrow.getTime() + DAY_MS);
    await runAlertWorker(db, { now: () => dayAfter });
    expect(await digests()).toHaveLength(0);
    const [later] = await db.select().from(jobAlerts).where(eq(jobAlerts.id, alert.id));
    expect(later!.nextDigestAt!.getTime()).toBe(row!.nextDigestAt!.getTime() + DAY_MS);
  });
});

describe('stopping alerts', () => {
  it('unsubscribes one alert or every alert of an address; tokens are per board and can expire', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const one = await confirmedAlert(organization, { q: 'one' });
    await confirmedAlert(organization, { q: 'two' });
    expect(await unsubscribeAlerts(db, organization.id, { ids: [one.id] })).toBe(1);
    expect(await alertsOf(db, organization.id, { email: 'seeker@example.com' })).toHaveLength(1);
    expect(await unsubscribeAlerts(db, organization.id, { email: 'SEEKER@example.com' })).toBe(1);
    expect(await alertsOf(db, organization.id, { email: 'seeker@example.com' })).toHaveLength(0);

    const expired = signToken(
      'alert-manage',
      [String(organization.id), 'seeker@example.com'],
      new Date(Date.now() - 1),
    );
    expect(emailForManageToken(organization.id, expired)).toEqual({ ok: false, reason: 'expired' });
    const forged = signToken('alert-confirm', [String(organization.id), 'seeker@example.com']);
    expect(emailForManageToken(organization.id, forged)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('erases a member’s alerts with the member', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const member = await createMember(db, organization.id, {
      email: 'gone@example.com',
      name: 'Gone',
      role: 'candidate',
    });
    await confirmedAlert(organization, { email: 'gone@example.com' });
    await deleteMember(db, organization.id, member.id);
    expect(
      await db.select().from(jobAlerts).where(eq(jobAlerts.organizationId, organization.id)),
    ).toHaveLength(0);
  });
});

describe('alertPages', () => {
  it('reads every alert once and ends, whatever the precision of their times', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    // Microseconds past the millisecond, as PostgreSQL's now() writes them, and two alerts at one instant.
    const times = [
      '2026-11-01 10:00:00.123456+00',
      '2026-11-01 10:00:00.123456+00',
      '2026-11-01 10:00:00.987654+00',
    ];
    for (const [index, at] of times.entries())
      await db.insert(jobAlerts).values({
        organizationId: organization.id,
        email: `reader-${index}@example.com`,
        frequency: 'weekly',
        createdAt: sql`${at}::timestamptz`,
      });
    const seen: string[] = [];
    for await (const page of alertPages(db, organization.id, 2)) {
      seen.push(...page.map((alert) => alert.email));
      if (seen.length > times.length) break;
    }
    expect(seen.sort()).toEqual(['reader-0@example.com', 'reader-1@example.com', 'reader-2@example.com']);
  });
});
