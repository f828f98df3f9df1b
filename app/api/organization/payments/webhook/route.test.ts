// Stripe webhooks end to end: payloads signed with the stripe package's test helper, through the
// route, into payments, subscriptions and paid jobs.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getMember } from '@/app/api/members/[lookup]/route';
import { GET as listPayments } from '@/app/api/payments/route';
import { GET as listSubscriptions } from '@/app/api/subscriptions/route';
import { getDb } from '@/db/client';
import {
  jobs,
  mailOutbox,
  payments as paymentRows,
  subscriptions as subscriptionRows,
  webhookEvents,
  webhookSubscriptions,
} from '@/db/schema';
import { getJob } from '@/lib/jobs';
import { jobCredits, putPaymentSettings } from '@/lib/payments';
import { createTenant, createTestJob, createTestPlan } from '@/test/factories';
import { call } from '@/test/http';
import { deliver, event, meta, now, stripeTenant } from '@/test/stripe-events';
import { POST } from './route';

const subscriptionObject = (
  id: string,
  status: string,
  metadata: Record<string, string>,
  period: { start: number; end: number },
  extra: Record<string, unknown> = {},
) => ({
  id,
  object: 'subscription',
  status,
  metadata,
  cancel_at: null,
  cancel_at_period_end: false,
  canceled_at: null,
  items: {
    object: 'list',
    data: [{ id: `si_${id}`, current_period_start: period.start, current_period_end: period.end }],
  },
  ...extra,
});

const invoiceObject = (
  id: string,
  subscription: string,
  metadata: Record<string, string>,
  amount: number,
  period: { start: number; end: number },
  billingReason = 'subscription_create',
) => ({
  id,
  object: 'invoice',
  currency: 'usd',
  amount_paid: amount,
  amount_due: amount,
  billing_reason: billingReason,
  parent: { type: 'subscription_details', subscription_details: { subscription, metadata } },
  lines: { object: 'list', data: [{ period }] },
  payments: { object: 'list', data: [{ payment: { type: 'payment_intent', payment_intent: `pi_${id}` } }] },
});

const payments = async (key: string, query = '') =>
  (await call(listPayments, { path: `/payments${query}`, apiKey: key })).body.data;
const subscriptionsOf = async (key: string, query = '') =>
  (await call(listSubscriptions, { path: `/subscriptions${query}`, apiKey: key })).body.data;
const profile = async (key: string, memberId: string) =>
  (await call(getMember, { path: `/members/${memberId}`, apiKey: key, params: { lookup: memberId } })).body
    .data;

describe('POST /api/organization/payments/webhook: signatures', () => {
  it('refuses missing, wrong, stale and tampered signatures with 400, storing nothing', async () => {
    const { key, slug, member, orgId } = await stripeTenant();
    const plan = await createTestPlan(orgId, { kind: 'job_post', interval: 'one_time', jobsIncluded: 1 });
    const completed = event('checkout.session.completed', {
      id: 'cs_sig',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 900,
      currency: 'usd',
      payment_intent: 'pi_sig',
      metadata: meta(member.id, plan.id),
    });
    const missing = await call(POST, {
      method: 'POST',
      path: `/organization/payments/webhook?organization=${slug}`,
      body: completed,
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error.code).toBe('validation_error');
    expect((await deliver(slug, completed, { secret: 'whsec_wrong' })).status).toBe(400);
    expect((await deliver(slug, completed, { timestamp: now() - 6 * 60 })).status).toBe(400);
    expect((await deliver(slug, completed, { tamper: true })).status).toBe(400);
    expect(await payments(key)).toEqual([]);
    // Within the 5-minute tolerance it is accepted.
    expect((await deliver(slug, completed, { timestamp: now() - 4 * 60 })).status).toBe(200);
  });

  it('refuses a signed event holding text PostgreSQL cannot store with 400 (it was a 500)', async () => {
    const { key, slug } = await stripeTenant();
    for (const object of ['\u0000', { name: 'a\ud800b' }]) {
      const answer = await deliver(
        slug,
        event('checkout.session.completed', object as Record<string, unknown>),
      );
      expect(answer.status).toBe(400);
      expect(answer.body.error).toMatchObject({ code: 'validation_error' });
    }
    expect(await payments(key)).toEqual([]);
  });

  it('answers 404 for an unknown organization and 400 for one without Stripe', async () => {
    const other = await createTenant();
    const body = event('invoice.paid', { id: 'in_x' });
    expect((await deliver('no-such-board-anywhere', body)).status).toBe(404);
    expect((await deliver(other.organization.slug, body)).status).toBe(400);
  });
});

describe('POST /api/organization/payments/webhook: events', () => {
  it('puts a paid job live once, with the plan’s placement and credits left, a receipt and a webhook', async () => {
    const { key, slug, member, orgId, db } = await stripeTenant();
    await db.insert(webhookSubscriptions).values({
      organizationId: orgId,
      events: ['*'],
      eventsKey: '*',
      targetUrl: 'http://127.0.0.1:9/hook',
    });
    const plan = await createTestPlan(orgId, {
      name: 'Featured pack',
      kind: 'job_post',
      interval: 'one_time',
      amount: 4900,
      jobsIncluded: 3,
      featured: true,
      jobDurationDays: 45,
    });
    const created = await createTestJob(orgId, { title: 'Paid role' });
    await db
      .update(jobs)
      .set({ status: 'pending_payment', publishedAt: null, expiresAt: null })
      .where(eq(jobs.id, created.id));
    const completed = event('checkout.session.completed', {
      id: 'cs_paid_1',
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      amount_total: 4900,
      currency: 'usd',
      payment_intent: 'pi_paid_1',
      client_reference_id: member.id,
      metadata: meta(member.id, plan.id, created.id),
    });
    const first = await deliver(slug, completed);
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ received: true, outcome: 'applied' });
    const job = await getJob(db, orgId, created.id);
    expect(job).toMatchObject({ status: 'active', featured: true });
    expect(new Date(job.expires_at!).getTime() - new Date(job.published_at!).getTime()).toBe(45 * 86_400_000);

    const [payment] = await payments(key);
    expect(payment).toEqual({
      id: expect.any(String),
      organizationId: orgId,
      userId: member.id,
      jobId: created.id,
      planId: plan.id,
      amount: 49,
      currency: 'USD',
      status: 'succeeded',
      paymentProvider: 'stripe',
      paymentProviderSessionId: 'cs_paid_1',
      paymentProviderPaymentIntentId: 'pi_paid_1',
      metadata: {},
    });
    const receipts = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.kind, 'payment_receipt')));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]).toMatchObject({ to: member.email, subject: expect.stringContaining('$49') });
    const events = await db.select().from(webhookEvents).where(eq(webhookEvents.organizationId, orgId));
    const succeeded = events.find((row) => row.type === 'payment.succeeded');
    expect(succeeded?.data).toMatchObject({
      payment: { id: payment.id, amount: 49 },
      member: { id: member.id, email: member.email },
      plan: { id: plan.id, name: 'Featured pack' },
    });

    // The replay: 200, and nothing changes (no second receipt, no second payment).
    const replay = await deliver(slug, completed);
    expect(replay.status).toBe(200);
    expect(replay.body.data.outcome).toBe('duplicate');
    expect(await payments(key)).toHaveLength(1);
    expect(
      await db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.kind, 'payment_receipt'))),
    ).toHaveLength(1);
  });

  it('stores nothing for an event naming another organization’s member or plan', async () => {
    const mine = await stripeTenant();
    const theirs = await stripeTenant();
    const theirPlan = await createTestPlan(theirs.orgId, {
      kind: 'job_post',
      interval: 'one_time',
      jobsIncluded: 1,
    });
    const myPlan = await createTestPlan(mine.orgId, {
      kind: 'job_post',
      interval: 'one_time',
      jobsIncluded: 1,
    });
    for (const [index, metadata] of [
      meta(theirs.member.id, myPlan.id),
      meta(mine.member.id, theirPlan.id),
      meta('not-a-uuid', myPlan.id),
    ].entries()) {
      const answer = await deliver(
        mine.slug,
        event('checkout.session.completed', {
          id: `cs_foreign_${index}`,
          object: 'checkout.session',
          mode: 'payment',
          payment_status: 'paid',
          amount_total: 900,
          currency: 'usd',
          metadata,
        }),
      );
      expect(answer.status).toBe(200);
      expect(answer.body.data.outcome).toBe('ignored');
    }
    expect(await payments(mine.key)).toEqual([]);
    expect(await payments(theirs.key)).toEqual([]);
  });

  it('builds a subscription from events in any order; an older event never undoes a newer one', async () => {
    const { key, slug, member, orgId } = await stripeTenant();
    const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'month', amount: 900 });
    const t = now();
    const period = { start: t, end: t + 30 * 86_400 };
    const metadata = meta(member.id, plan.id);
    // The invoice first, then the newest subscription state, then the oldest.
    const paid = await deliver(
      slug,
      event('invoice.paid', invoiceObject('in_1', 'sub_1', metadata, 900, period), t + 2),
    );
    expect(paid.body.data.outcome).toBe('applied');
    expect((await profile(key, member.id)).hasValidPaywallSubscription).toBe(true);
    await deliver(
      slug,
      event(
        'customer.subscription.updated',
        subscriptionObject('sub_1', 'past_due', metadata, period),
        t + 10,
      ),
    );
    const old = await deliver(
      slug,
      event('customer.subscription.created', subscriptionObject('sub_1', 'incomplete', metadata, period), t),
    );
    expect(old.body.data.outcome).toBe('stale');
    const [subscription] = await subscriptionsOf(key);
    expect(subscription).toEqual({
      id: expect.any(String),
      organizationId: orgId,
      userId: member.id,
      planId: plan.id,
      status: 'past_due',
      paymentProviderSubscriptionId: 'sub_1',
      currentPeriodStart: new Date(period.start * 1000).toISOString(),
      currentPeriodEnd: new Date(period.end * 1000).toISOString(),
      cancelAt: null,
      canceledAt: null,
      jobsRemaining: null,
      metadata: {},
    });
    expect((await profile(key, member.id)).hasValidPaywallSubscription).toBe(false);

    // Periods read from the subscription itself on older API versions; deletion is `canceled`.
    await deliver(
      slug,
      event(
        'customer.subscription.deleted',
        {
          id: 'sub_1',
          object: 'subscription',
          status: 'canceled',
          metadata,
          current_period_start: period.start,
          current_period_end: period.end,
          canceled_at: t + 20,
          cancel_at: null,
          items: { object: 'list', data: [] },
        },
        t + 20,
      ),
    );
    expect(await subscriptionsOf(key, '?status=canceled')).toMatchObject([
      {
        status: 'canceled',
        canceledAt: new Date((t + 20) * 1000).toISOString(),
        currentPeriodEnd: new Date(period.end * 1000).toISOString(),
      },
    ]);
    expect(await subscriptionsOf(key, '?status=active')).toEqual([]);
  });

  it('records failed invoices, renews job allowances, and refunds in full', async () => {
    const { key, slug, member, orgId, db } = await stripeTenant();
    const plan = await createTestPlan(orgId, {
      kind: 'job_subscription',
      interval: 'month',
      amount: 19900,
      jobsIncluded: 5,
    });
    const t = now();
    const period = { start: t, end: t + 30 * 86_400 };
    const metadata = meta(member.id, plan.id);
    await deliver(
      slug,
      event('customer.subscription.created', subscriptionObject('sub_2', 'active', metadata, period), t),
    );
    await deliver(
      slug,
      event('invoice.paid', invoiceObject('in_2a', 'sub_2', metadata, 19900, period), t + 1),
    );
    expect((await subscriptionsOf(key))[0].jobsRemaining).toBe(5);
    await deliver(
      slug,
      event(
        'invoice.payment_failed',
        invoiceObject('in_2b', 'sub_2', metadata, 19900, period, 'subscription_cycle'),
        t + 2,
      ),
    );
    expect(await payments(key, '?status=failed')).toMatchObject([
      { amount: 199, status: 'failed', planId: plan.id },
    ]);
    expect(await payments(key, `?member=${member.id}&status=succeeded`)).toHaveLength(1);

    await deliver(
      slug,
      event(
        'charge.refunded',
        {
          id: 'ch_1',
          object: 'charge',
          payment_intent: 'pi_in_2a',
          amount: 19900,
          amount_refunded: 5000,
          refunded: false,
        },
        t + 3,
      ),
    );
    expect((await payments(key, '?status=succeeded'))[0].metadata).toEqual({ amount_refunded: 50 });
    await deliver(
      slug,
      event(
        'charge.refunded',
        {
          id: 'ch_1',
          object: 'charge',
          payment_intent: 'pi_in_2a',
          amount: 19900,
          amount_refunded: 19900,
          refunded: true,
        },
        t + 4,
      ),
    );
    expect(await payments(key, '?status=refunded')).toHaveLength(1);
    // An unhandled type is acknowledged and stored, nothing else.
    const other = await deliver(slug, event('customer.created', { id: 'cus_1' }));
    expect(other.body.data.outcome).toBe('ignored');
    expect(await db.select().from(jobs).where(eq(jobs.organizationId, orgId))).toEqual([]);
  });

  it('answers 400 for bad list filters and keeps organizations apart', async () => {
    const mine = await stripeTenant();
    const theirs = await createTenant();
    const plan = await createTestPlan(mine.orgId, { kind: 'paywall', interval: 'one_time', amount: 500 });
    await deliver(
      mine.slug,
      event('checkout.session.completed', {
        id: 'cs_once',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 500,
        currency: 'usd',
        payment_intent: 'pi_once',
        metadata: meta(mine.member.id, plan.id),
      }),
    );
    expect((await profile(mine.key, mine.member.id)).hasValidPaywallSubscription).toBe(true);
    expect(await payments(mine.key)).toHaveLength(1);
    expect(await payments(theirs.key)).toEqual([]);
    for (const query of ['?status=paid', '?member=abc', '?plan=1', '?per_page=0']) {
      expect((await call(listPayments, { path: `/payments${query}`, apiKey: mine.key })).status).toBe(400);
    }
    expect(
      (await call(listSubscriptions, { path: '/subscriptions?status=ok', apiKey: mine.key })).status,
    ).toBe(400);
  });
});

describe('POST /api/organization/payments/webhook: races and late events', () => {
  const RACERS = 10;

  /** What the events left for the organization: payments, subscriptions, receipts and job settlements. */
  async function effects(orgId: number) {
    const db = await getDb();
    const counted = async (table: typeof paymentRows | typeof subscriptionRows) =>
      (await db.select({ n: count() }).from(table).where(eq(table.organizationId, orgId)))[0]!.n;
    const [receipts] = await db
      .select({ n: count() })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.kind, 'payment_receipt')));
    const [settlements] = await db
      .select({ n: count() })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.organizationId, orgId), eq(webhookEvents.type, 'job.updated')));
    return {
      payments: await counted(paymentRows),
      subscriptions: await counted(subscriptionRows),
      receipts: receipts!.n,
      jobUpdates: settlements!.n,
    };
  }

  /** A Stripe board listening to its own webhooks, with a job waiting for its payment. */
  async function boardWithPendingJob() {
    const board = await stripeTenant();
    await board.db.insert(webhookSubscriptions).values({
      organizationId: board.orgId,
      events: ['*'],
      eventsKey: '*',
      targetUrl: 'http://127.0.0.1:9/hook',
    });
    const job = await createTestJob(board.orgId, { title: 'Paid role' });
    await board.db
      .update(jobs)
      .set({ status: 'pending_payment', publishedAt: null, expiresAt: null })
      .where(eq(jobs.id, job.id));
    return { ...board, jobId: job.id };
  }

  const paidCheckout = (id: string, metadata: Record<string, string>, amount = 4900) => ({
    id,
    object: 'checkout.session',
    mode: 'payment',
    payment_status: 'paid',
    amount_total: amount,
    currency: 'usd',
    payment_intent: `pi_${id}`,
    metadata,
  });

  const outcomes = (answers: { status: number; body: any }[]) =>
    answers.map((answer) => `${answer.status} ${answer.body.data?.outcome}`).sort();

  it('applies an event Stripe delivers ten times at once once', async () => {
    const { slug, member, orgId, jobId, db } = await boardWithPendingJob();
    const plan = await createTestPlan(orgId, { kind: 'job_post', interval: 'one_time', jobsIncluded: 3 });
    const completed = event(
      'checkout.session.completed',
      paidCheckout('cs_race_same', meta(member.id, plan.id, jobId)),
    );
    const answers = await Promise.all(Array.from({ length: RACERS }, () => deliver(slug, completed)));
    expect(outcomes(answers)).toEqual(['200 applied', ...Array(RACERS - 1).fill('200 duplicate')]);
    expect(await effects(orgId)).toEqual({ payments: 1, subscriptions: 0, receipts: 1, jobUpdates: 1 });
    expect(await jobCredits(db, orgId, member.id)).toBe(2);
  });

  it('grants a paid checkout once when ten different events tell of it at once', async () => {
    const { slug, member, orgId, jobId, db } = await boardWithPendingJob();
    const plan = await createTestPlan(orgId, { kind: 'job_post', interval: 'one_time', jobsIncluded: 3 });
    // A checkout the board did not start (a payment link with the board's metadata): no session row
    // to hold, so the payment's unique reference must.
    const answers = await Promise.all(
      Array.from({ length: RACERS }, () =>
        deliver(
          slug,
          event('checkout.session.completed', paidCheckout('cs_race_many', meta(member.id, plan.id, jobId))),
        ),
      ),
    );
    expect(outcomes(answers)).toEqual(['200 applied', ...Array(RACERS - 1).fill('200 stale')]);
    expect(await effects(orgId)).toEqual({ payments: 1, subscriptions: 0, receipts: 1, jobUpdates: 1 });
    expect(await jobCredits(db, orgId, member.id)).toBe(2);
    expect(await getJob(db, orgId, jobId)).toMatchObject({ status: 'active' });
  });

  it('grants a job subscription once when its checkout, invoice and subscription events race', async () => {
    const { slug, member, orgId, jobId, db } = await boardWithPendingJob();
    const plan = await createTestPlan(orgId, {
      kind: 'job_subscription',
      interval: 'month',
      amount: 19900,
      jobsIncluded: 5,
    });
    const t = now();
    const period = { start: t, end: t + 30 * 86_400 };
    const metadata = meta(member.id, plan.id, jobId);
    const checkout = {
      ...paidCheckout('cs_race_sub', metadata, 19900),
      mode: 'subscription',
      payment_intent: null,
      subscription: 'sub_race',
    };
    const repeated = event(
      'invoice.paid',
      invoiceObject('in_race', 'sub_race', metadata, 19900, period),
      t + 1,
    );
    const deliveries = [
      ...Array.from({ length: 3 }, () => event('checkout.session.completed', checkout, t + 2)),
      ...Array.from({ length: 3 }, () =>
        event('invoice.paid', invoiceObject('in_race', 'sub_race', metadata, 19900, period), t + 1),
      ),
      ...Array.from({ length: 2 }, () =>
        event('customer.subscription.created', subscriptionObject('sub_race', 'active', metadata, period), t),
      ),
      repeated,
      repeated,
    ];
    const answers = await Promise.all(deliveries.map((body) => deliver(slug, body)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(deliveries.length).fill(200));
    expect(await effects(orgId)).toEqual({ payments: 1, subscriptions: 1, receipts: 1, jobUpdates: 1 });
    // The plan's five posts, one of them taken by the job bought with it.
    expect(await jobCredits(db, orgId, member.id)).toBe(4);
    expect(await getJob(db, orgId, jobId)).toMatchObject({ status: 'active' });
  });

  it('refuses a signature dated ten minutes ahead, storing nothing', async () => {
    const { key, slug, member, orgId } = await stripeTenant();
    const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'one_time', amount: 500 });
    const completed = event(
      'checkout.session.completed',
      paidCheckout('cs_future', meta(member.id, plan.id), 500),
    );
    const ahead = await deliver(slug, completed, { timestamp: now() + 10 * 60 });
    expect(ahead.status).toBe(400);
    expect(ahead.body).toEqual({
      error: {
        message: 'Signature check failed: Timestamp outside the tolerance zone',
        code: 'validation_error',
        details: null,
        url: expect.stringContaining('#validation_error'),
        request_id: expect.any(String),
      },
    });
    expect(await payments(key)).toEqual([]);
    // Clocks drift: a few minutes ahead is within the same tolerance as behind.
    expect((await deliver(slug, completed, { timestamp: now() + 4 * 60 })).body.data.outcome).toBe('applied');
  });

  it.each([
    ['to the local checkout', 'local' as const],
    ['to taking no payments', null],
  ])('records a Stripe payment whose event arrives after the board switched %s', async (_what, provider) => {
    const { key, slug, member, orgId, db } = await stripeTenant();
    const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'one_time', amount: 500 });
    await putPaymentSettings(db, orgId, { provider });
    // Signed with the secret the board still keeps: authentic, and the member's money was taken.
    const late = await deliver(
      slug,
      event('checkout.session.completed', paidCheckout('cs_late', meta(member.id, plan.id), 500)),
    );
    expect(late.status).toBe(200);
    expect(late.body.data.outcome).toBe('applied');
    expect(await payments(key)).toMatchObject([
      { status: 'succeeded', paymentProvider: 'stripe', amount: 5 },
    ]);

    // Without the signing secret nothing can be verified, so nothing is taken in.
    await putPaymentSettings(db, orgId, { provider, webhook_secret: null });
    const unverifiable = await deliver(
      slug,
      event('checkout.session.completed', paidCheckout('cs_later', meta(member.id, plan.id), 500)),
    );
    expect(unverifiable.status).toBe(400);
    expect(await payments(key)).toHaveLength(1);
  });
});
