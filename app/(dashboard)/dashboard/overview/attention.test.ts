// The overview's attention list on a real database: each situation made as the product makes it,
// its item with the right count and link, gone once solved; and every query an indexed read of the
// organization's rows.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, getDb } from '@/db/client';
import { jobSourceRuns, jobSources, mailOutbox, users } from '@/db/schema';
import { createApplication, updateApplicationStatus } from '@/lib/applications';
import { addMember, signUp } from '@/lib/auth/users';
import { DAY_MS } from '@/lib/core/time';
import { updateJob } from '@/lib/jobs';
import { createMember, findMember } from '@/lib/members';
import type { TargetPolicyOptions } from '@/lib/net';
import { completeLocalCheckout, postJobWithCheckout, putPaymentSettings } from '@/lib/payments';
import { createSubscription, updateSubscription } from '@/lib/webhooks/subscriptions';
import { runWebhookWorker } from '@/lib/webhooks/worker';
import { createTestJob, createTestPlan } from '@/test/factories';
import { nextRequest as session } from '@/test/fixtures/next-request';
import { WebhookReceiver } from '@/test/fixtures/webhook-receiver';
import { approveMemberAction } from '../members/actions';
import { attentionItems } from './attention';

// The receiver listens on loopback, which production refuses: these tests allow it.
const allowLoopback: TargetPolicyOptions = { allowPrivateNetwork: true };
let receiver: WebhookReceiver;
let boards = 0;

beforeAll(async () => {
  receiver = await new WebhookReceiver().start();
});
afterAll(async () => {
  await receiver.stop();
});

/** A new board of a new owner, who is the signed-in dashboard user. */
async function ownBoard() {
  const db = await getDb();
  boards += 1;
  const { user, organization } = await signUp(db, {
    email: `attention-${Date.now()}-${boards}@example.com`,
    name: 'Olivia Owner',
    password: 'correct horse battery staple',
    organizationName: `Attention Board ${boards}`,
  });
  Object.assign(session, { userId: user.id, organizationId: organization.id });
  return { db, orgId: organization.id, ownerId: user.id };
}

const member = async (
  orgId: number,
  role: 'employer' | 'candidate',
  approvalStatus?: 'pending' | 'approved',
) =>
  createMember(await getDb(), orgId, {
    email: `${role}-${Math.random().toString(36).slice(2)}@example.com`,
    name: `${role} ${Math.random().toString(36).slice(2, 6)}`,
    role,
    ...(approvalStatus ? { approvalStatus } : {}),
  });

const itemOf = async (db: Database, orgId: number, key: string, now?: Date) =>
  (await attentionItems(db, orgId, now)).find((item) => item.key === key);

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

describe('the attention list', () => {
  it('is empty on a board with nothing to do', async () => {
    const { db, orgId } = await ownBoard();
    await createTestJob(orgId);
    await member(orgId, 'candidate');
    expect(await attentionItems(db, orgId)).toEqual([]);
  });

  it('counts employers waiting for approval, oldest first, until approved from the overview', async () => {
    const { db, orgId, ownerId } = await ownBoard();
    // New employers wait by default; job seekers and approved employers do not.
    const first = await member(orgId, 'employer');
    const second = await member(orgId, 'employer');
    await member(orgId, 'candidate', 'pending');
    await member(orgId, 'employer', 'approved');
    const elsewhere = await ownBoard();
    await member(elsewhere.orgId, 'employer');

    const item = await itemOf(db, orgId, 'employers');
    expect(item).toMatchObject({
      count: 2,
      title: '2 employers wait for approval',
      href: '/dashboard/members?role=employer&approval_status=pending',
    });
    expect(item!.employers!.map((employer) => employer.id)).toEqual([first.id, second.id]);

    Object.assign(session, { userId: ownerId, organizationId: orgId });
    expect(await approveMemberAction({}, form({ id: first.id }))).toMatchObject({
      approved: { name: first.name, email: first.email },
    });
    expect(await itemOf(db, orgId, 'employers')).toMatchObject({
      count: 1,
      title: '1 employer waits for approval',
    });
    await approveMemberAction({}, form({ id: second.id }));
    expect(await itemOf(db, orgId, 'employers')).toBeUndefined();
    expect((await findMember(db, orgId, second.id)).approvalStatus).toBe('approved');
  });

  it('approves only for those who manage members, and only the organization’s own', async () => {
    const { db, orgId } = await ownBoard();
    const waiting = await member(orgId, 'employer');
    await ownBoard();
    // The other owner cannot reach this board's member: it is not theirs.
    expect(await approveMemberAction({}, form({ id: waiting.id }))).toMatchObject({
      error: expect.stringMatching(/not found/i),
    });
    const [editor] = await db
      .insert(users)
      .values({ email: `editor-${Date.now()}@example.com`, name: 'Ed' })
      .returning();
    await addMember(db, orgId, editor!.id, 'editor');
    Object.assign(session, { userId: editor!.id, organizationId: orgId });
    await expect(approveMemberAction({}, form({ id: waiting.id }))).rejects.toThrow(
      'This needs the owner or admin role; you are editor.',
    );
    expect(await itemOf(db, orgId, 'employers')).toMatchObject({ count: 1 });
  });

  it('counts jobs pending review until they are published', async () => {
    const { db, orgId } = await ownBoard();
    const pending = [
      await createTestJob(orgId, { status: 'pending' }),
      await createTestJob(orgId, { status: 'pending' }),
    ];
    await createTestJob(orgId, { status: 'draft' });
    expect(await itemOf(db, orgId, 'jobs')).toMatchObject({
      count: 2,
      title: '2 jobs wait for review',
      href: '/dashboard/jobs?status=pending',
    });
    for (const job of pending) await updateJob(db, orgId, job.id, { status: 'active' });
    expect(await itemOf(db, orgId, 'jobs')).toBeUndefined();
  });

  it('counts failing and disabled webhooks until a delivery succeeds or the webhook is turned on', async () => {
    const { db, orgId } = await ownBoard();
    const path = (name: string) => `/attention-${orgId}-${name}`;
    const subscribe = async (name: string) =>
      (
        await createSubscription(
          db,
          orgId,
          { event: '*', target_type: 'webhook', target_url: receiver.url(path(name)) },
          allowLoopback,
        )
      ).subscription;
    const failing = await subscribe('failing');
    const gone = await subscribe('gone');
    await subscribe('fine');
    receiver.queue(path('failing'), { status: 500 });
    receiver.answerAlways(path('gone'), { status: 410 });
    await createTestJob(orgId);
    await runWebhookWorker(db, { network: allowLoopback });
    expect(await itemOf(db, orgId, 'webhooks')).toMatchObject({
      count: 2,
      title: '2 webhooks fail',
      href: '/dashboard/webhooks',
    });

    // The failing one's retry goes through; the one the service turned off is turned on by hand.
    // Due a second ago: the database's now() has microseconds, and the worker's clock (a JS Date)
    // taken in the same millisecond would read as before it.
    await db.execute(
      sql`update webhook_deliveries set next_attempt_at = now() - interval '1 second' where status = 'pending' and subscription_id = ${failing.id}`,
    );
    await runWebhookWorker(db, { network: allowLoopback });
    expect(await itemOf(db, orgId, 'webhooks')).toMatchObject({ count: 1, title: '1 webhook fails' });
    receiver.answerAlways(path('gone'), { status: 200 });
    await updateSubscription(db, orgId, gone.id, { is_enabled: true }, allowLoopback);
    expect(await itemOf(db, orgId, 'webhooks')).toBeUndefined();
  });

  it('counts mail given up on in the last 7 days', async () => {
    const { db, orgId } = await ownBoard();
    const now = new Date();
    // The rows as the mail worker leaves them: given up after its retries, or still trying.
    const row = (status: string, createdAt: Date) => ({
      organizationId: orgId,
      kind: 'member_sign_in',
      to: 'someone@example.com',
      subject: 'Your code',
      text: '123456',
      status,
      attempts: status === 'failed' ? 6 : 1,
      lastError: 'Connection refused',
      createdAt,
    });
    await db
      .insert(mailOutbox)
      .values([
        row('failed', new Date(now.getTime() - DAY_MS)),
        row('failed', new Date(now.getTime() - 2 * DAY_MS)),
        row('failed', new Date(now.getTime() - 8 * DAY_MS)),
        row('pending', now),
      ]);
    expect(await itemOf(db, orgId, 'mail', now)).toMatchObject({
      count: 2,
      title: '2 emails could not be sent in the last 7 days',
      href: '/dashboard/mail?status=failed',
    });
    expect(await itemOf(db, orgId, 'mail', new Date(now.getTime() + 5.5 * DAY_MS))).toMatchObject({
      count: 1,
    });
    expect(await itemOf(db, orgId, 'mail', new Date(now.getTime() + 6.5 * DAY_MS))).toBeUndefined();
  });

  it('counts paid jobs expiring within 7 days, soonest first, until renewed', async () => {
    const { db, orgId } = await ownBoard();
    await putPaymentSettings(db, orgId, { provider: 'local' });
    const employer = await findMember(db, orgId, (await member(orgId, 'employer', 'approved')).id);
    const plan = (days: number) =>
      createTestPlan(orgId, {
        kind: 'job_post',
        interval: 'one_time',
        amount: 4900,
        jobsIncluded: 1,
        jobDurationDays: days,
      });
    const urls = () => ({
      successUrl: 'https://board.example/done',
      cancelUrl: 'https://board.example/pricing',
      localCheckoutUrl: (id: string) => `https://board.example/checkout/${id}`,
    });
    const paidJob = async (days: number, title: string) => {
      const { job, url } = await postJobWithCheckout(
        db,
        orgId,
        employer,
        { title, company_name: 'Acme', description: 'Ship it.' },
        (await plan(days)).id,
        urls,
      );
      await completeLocalCheckout(db, orgId, url.split('/').at(-1)!, employer.id);
      return job;
    };
    const later = await paidJob(6, 'Later');
    const sooner = await paidJob(3, 'Sooner');
    await paidJob(30, 'Far off');
    // A job of the board's own (not paid for) expiring soon is not the employers' concern.
    await createTestJob(orgId, { expires_at: new Date(Date.now() + 2 * DAY_MS) });

    const item = await itemOf(db, orgId, 'expiring');
    expect(item).toMatchObject({ count: 2, title: '2 paid jobs expire within 7 days' });
    expect(item!.jobs!.map((job) => job.title)).toEqual(['Sooner', 'Later']);
    expect(item!.jobs![0]!.id).toBe(sooner.id);

    for (const job of [sooner, later])
      await updateJob(db, orgId, job.id, { expires_at: new Date(Date.now() + 60 * DAY_MS) });
    expect(await itemOf(db, orgId, 'expiring')).toBeUndefined();
  });

  it('counts applications of the last 7 days still pending, until moved on', async () => {
    const { db, orgId } = await ownBoard();
    const job = await createTestJob(orgId);
    const now = new Date();
    const apply = (name: string, status?: 'hired') =>
      createApplication(db, orgId, job.id, { name, email: `${name.toLowerCase()}@example.com`, status });
    const [ada] = [await apply('Ada'), await apply('Grace'), await apply('Alan', 'hired')];
    expect(await itemOf(db, orgId, 'applications', now)).toMatchObject({
      count: 2,
      title: '2 applications from the last 7 days wait for review',
      href: '/dashboard/applications?status=pending',
    });
    await updateApplicationStatus(db, orgId, ada!.id, 'reviewed');
    expect(await itemOf(db, orgId, 'applications', now)).toMatchObject({
      count: 1,
      title: '1 application from the last 7 days waits for review',
    });
    expect(await itemOf(db, orgId, 'applications', new Date(now.getTime() + 7.5 * DAY_MS))).toBeUndefined();
  });

  it('counts enabled job sources whose last finished sync failed', async () => {
    const { db, orgId } = await ownBoard();
    const source = async (isEnabled = true) =>
      (
        await db
          .insert(jobSources)
          .values({
            organizationId: orgId,
            kind: 'greenhouse',
            url: 'https://boards.example/jobs',
            isEnabled,
          })
          .returning({ id: jobSources.id })
      )[0]!.id;
    // Runs as the worker leaves them: finished with counts or an error, or still running.
    const run = (sourceId: string, minutesAgo: number, error: string | null, finished = true) =>
      db.insert(jobSourceRuns).values({
        sourceId,
        organizationId: orgId,
        startedAt: new Date(Date.now() - minutesAgo * 60_000),
        finishedAt: finished ? new Date(Date.now() - minutesAgo * 60_000 + 1000) : null,
        error,
      });
    const [failing, recovered, disabled, retrying] = [
      await source(),
      await source(),
      await source(false),
      await source(),
    ];
    await run(failing, 60, null);
    await run(failing, 5, 'The source answered 404.');
    await run(recovered, 60, 'Timed out after 30 s.');
    await run(recovered, 5, null);
    await run(disabled, 5, 'The source answered 404.');
    await run(retrying, 60, 'Timed out after 30 s.');
    await run(retrying, 1, null, false);
    expect(await itemOf(db, orgId, 'sources')).toMatchObject({
      count: 2,
      title: '2 job sources failed their last sync',
      href: '/dashboard/job-sources',
    });
    await run(failing, 0, null);
    expect(await itemOf(db, orgId, 'sources')).toMatchObject({
      count: 1,
      title: '1 job source failed its last sync',
    });
  });

  it('lists every item at once, in a fixed order', async () => {
    const { db, orgId } = await ownBoard();
    await member(orgId, 'employer');
    const job = await createTestJob(orgId, { status: 'pending' });
    await createApplication(db, orgId, job.id, { name: 'Ada', email: 'ada@example.com' });
    expect((await attentionItems(db, orgId)).map((item) => item.key)).toEqual([
      'employers',
      'jobs',
      'applications',
    ]);
  });
});

describe('the attention queries', () => {
  it('each read the organization’s rows through an index, never a whole table', async () => {
    const { db, orgId } = await ownBoard();
    await member(orgId, 'employer');
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => Promise<unknown> } })
      .$client;
    const spy = vi.spyOn(client, 'query');
    await attentionItems(db, orgId);
    // PGlite takes (text, params); node-postgres ({ text, values }) or, as drizzle calls it,
    // ({ text, rowMode }, params).
    const queries = spy.mock.calls.map(([first, second]) =>
      typeof first === 'string'
        ? { text: first, params: (second ?? []) as unknown[] }
        : {
            text: (first as { text: string }).text,
            params: ((first as { values?: unknown[] }).values ?? second ?? []) as unknown[],
          },
    );
    spy.mockRestore();
    expect(queries.length).toBeGreaterThanOrEqual(7);

    const literal = (value: unknown) =>
      typeof value === 'number' || typeof value === 'boolean'
        ? String(value)
        : `'${String(value).replaceAll("'", "''")}'`;
    const plans = await db.transaction(async (tx) => {
      // Tiny test tables would be read whole anyway: make the planner show which index it would use.
      await tx.execute(sql`set local enable_seqscan = off`);
      const found: string[] = [];
      for (const { text, params } of queries) {
        const inlined = text.replace(/\$(\d+)/g, (_, n: string) => literal(params[Number(n) - 1]));
        const result = await tx.execute(sql.raw(`explain ${inlined}`));
        const { rows } = result as unknown as { rows: Record<string, string>[] };
        found.push(rows.map((row) => Object.values(row)[0]).join('\n'));
      }
      return found;
    });
    for (const plan of plans) {
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toMatch(/Index Cond: \(.*organization_id = \d+/);
    }
  });
});
