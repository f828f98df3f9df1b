// Every state change a provider event makes, through applyProviderEvent as the webhook route and the
// local checkout call it: checkouts, invoices, subscriptions and refunds; replays, foreign references
// and events older than what is stored. Amounts are stored in minor units; webhooks carry major ones.
import { and, eq, like, or } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import {
  checkoutSessions,
  jobs,
  mailOutbox,
  type Plan,
  paymentEvents,
  payments,
  subscriptions,
  webhookEvents,
  webhookSubscriptions,
} from '@/db/schema';
import { getJob } from '@/lib/jobs';
import { createMember } from '@/lib/members';
import { createTenant, createTestJob, createTestPlan } from '@/test/factories';
import type { BillingChange, BillingRefs } from './billing-change';
import { applyProviderEvent } from './events';

type Change<K extends BillingChange['kind']> = Extract<BillingChange, { kind: K }>;

let eventCount = 0;
const at = (seconds: number) => new Date(Date.UTC(2026, 10, 1) + seconds * 1000);
const period = { start: at(0), end: at(30 * 86_400) };

/** An organization that listens to webhooks, with one member, and helpers to read what changed. */
async function board() {
  const db = await getDb();
  const { organization } = await createTenant();
  const orgId = organization.id;
  await db
    .insert(webhookSubscriptions)
    .values({ organizationId: orgId, events: ['*'], eventsKey: '*', targetUrl: 'http://127.0.0.1:9/hook' });
  const member = await createMember(db, orgId, {
    email: `member${++eventCount}@example.com`,
    name: 'Pat',
    role: 'employer',
    approvalStatus: 'approved',
  });
  const apply = (change: BillingChange | null, when = at(eventCount), id = `evt_${++eventCount}`) =>
    applyProviderEvent(db, orgId, 'stripe', {
      id,
      type: change?.kind ?? 'customer.created',
      occurredAt: when,
      payload: { id },
      change,
    });
  const paymentRows = () => db.select().from(payments).where(eq(payments.organizationId, orgId));
  const subscriptionRows = () =>
    db.select().from(subscriptions).where(eq(subscriptions.organizationId, orgId));
  /** The payment and subscription webhooks, oldest first (ids are UUID v7, in the order made). */
  const webhooks = async () =>
    (
      await db
        .select()
        .from(webhookEvents)
        .where(
          and(
            eq(webhookEvents.organizationId, orgId),
            or(like(webhookEvents.type, 'payment.%'), like(webhookEvents.type, 'subscription.%')),
          ),
        )
        .orderBy(webhookEvents.id)
    ).map((row) => ({ type: row.type, data: row.data as Record<string, any> }));
  const receipts = () =>
    db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.kind, 'payment_receipt')));
  const refs = (plan: Plan, jobId?: string): BillingRefs => ({ memberId: member.id, planId: plan.id, jobId });
  const pendingJob = async () => {
    const job = await createTestJob(orgId);
    await db.update(jobs).set({ status: 'pending_payment', publishedAt: null }).where(eq(jobs.id, job.id));
    return job.id;
  };
  return { db, orgId, member, apply, paymentRows, subscriptionRows, webhooks, receipts, refs, pendingJob };
}

const checkout = (refs: BillingRefs, fields: Partial<Change<'checkout'>> = {}): Change<'checkout'> => ({
  kind: 'checkout',
  sessionId: 'cs_1',
  mode: 'payment',
  paid: true,
  paymentIntentId: 'pi_1',
  subscriptionId: null,
  amountMinor: 4950,
  currency: 'usd',
  refs,
  ...fields,
});

const invoice = (refs: BillingRefs, fields: Partial<Change<'invoice'>> = {}): Change<'invoice'> => ({
  kind: 'invoice',
  paid: true,
  invoiceId: 'in_1',
  subscriptionId: 'sub_1',
  paymentIntentId: 'pi_in_1',
  amountMinor: 19_900,
  currency: 'usd',
  first: true,
  period,
  refs,
  ...fields,
});

const subscription = (
  refs: BillingRefs,
  fields: Partial<Change<'subscription'>> = {},
): Change<'subscription'> => ({
  kind: 'subscription',
  subscriptionId: 'sub_1',
  status: 'active',
  periodStart: period.start,
  periodEnd: period.end,
  cancelAt: null,
  canceledAt: null,
  refs,
  ...fields,
});

const refund = (fields: Partial<Change<'refund'>> = {}): Change<'refund'> => ({
  kind: 'refund',
  paymentIntentId: 'pi_1',
  fullyRefunded: false,
  amountRefundedMinor: 1000,
  ...fields,
});

describe('applyProviderEvent: each event once', () => {
  it('applies an event once: its replay is a duplicate and changes nothing', async () => {
    const { db, orgId, apply, paymentRows, receipts, refs } = await board();
    const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'one_time', amount: 4950 });
    expect(await apply(checkout(refs(plan)), at(1), 'evt_once')).toBe('applied');
    expect(await apply(checkout(refs(plan)), at(1), 'evt_once')).toBe('duplicate');
    expect(await paymentRows()).toHaveLength(1);
    expect(await receipts()).toHaveLength(1);
    const stored = await db.select().from(paymentEvents).where(eq(paymentEvents.organizationId, orgId));
    expect(stored).toMatchObject([{ eventId: 'evt_once', type: 'checkout', outcome: 'applied' }]);
  });

  it('stores an event it does not act on as ignored', async () => {
    const { db, orgId, apply } = await board();
    expect(await apply(null)).toBe('ignored');
    expect(
      await db.select().from(paymentEvents).where(eq(paymentEvents.organizationId, orgId)),
    ).toMatchObject([{ outcome: 'ignored' }]);
  });

  it('stores nothing for references to another organization, or that are not ids', async () => {
    const mine = await board();
    const theirs = await board();
    const theirPlan = await createTestPlan(theirs.orgId);
    const myPlan = await createTestPlan(mine.orgId);
    for (const refs of [
      mine.refs(theirPlan),
      { memberId: theirs.member.id, planId: myPlan.id },
      { memberId: 'not-a-uuid', planId: myPlan.id },
      mine.refs(myPlan, (await createTestJob(theirs.orgId)).id),
    ]) {
      expect(await mine.apply(checkout(refs))).toBe('ignored');
    }
    expect(
      await mine.db.select().from(paymentEvents).where(eq(paymentEvents.organizationId, mine.orgId)),
    ).toEqual([]);
    expect(await mine.paymentRows()).toEqual([]);
  });
});

describe('applyProviderEvent: checkouts', () => {
  it('a paid checkout: the payment in minor units, credits left, the job live, a receipt and a webhook', async () => {
    const { db, orgId, member, apply, paymentRows, webhooks, receipts, refs, pendingJob } = await board();
    const plan = await createTestPlan(orgId, {
      kind: 'job_post',
      interval: 'one_time',
      amount: 4950,
      jobsIncluded: 3,
    });
    const jobId = await pendingJob();
    await db.insert(checkoutSessions).values({
      id: 'cs_1',
      organizationId: orgId,
      provider: 'stripe',
      memberId: member.id,
      planId: plan.id,
      jobId,
      mode: 'payment',
      url: 'https://checkout.example/cs_1',
    });
    expect(await apply(checkout(refs(plan, jobId)))).toBe('applied');
    expect(await paymentRows()).toMatchObject([
      {
        amount: 4950,
        currency: 'USD',
        status: 'succeeded',
        jobId,
        jobsRemaining: 2,
        paymentProviderSessionId: 'cs_1',
      },
    ]);
    expect(await getJob(db, orgId, jobId)).toMatchObject({ status: 'active' });
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, 'cs_1'));
    expect(session!.status).toBe('complete');
    expect((await receipts())[0]!.subject).toContain('$49.50');
    expect(await webhooks()).toContainEqual({
      type: 'payment.succeeded',
      data: expect.objectContaining({ payment: expect.objectContaining({ amount: 49.5, currency: 'USD' }) }),
    });
  });

  it('pending until paid, then succeeded once; news of a settled checkout is stale', async () => {
    const { orgId, apply, paymentRows, receipts, webhooks, refs } = await board();
    const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'one_time' });
    expect(await apply(checkout(refs(plan), { paid: false }))).toBe('applied');
    expect(await paymentRows()).toMatchObject([{ status: 'pending', jobsRemaining: null }]);
    expect(await receipts()).toEqual([]);
    expect(await webhooks()).toEqual([]);
    expect(await apply(checkout(refs(plan)))).toBe('applied');
    expect(await paymentRows()).toMatchObject([{ status: 'succeeded' }]);
    expect(await apply(checkout(refs(plan), { amountMinor: 1 }))).toBe('stale');
    expect(await paymentRows()).toMatchObject([{ status: 'succeeded', amount: 4950 }]);
    expect(await receipts()).toHaveLength(1);
  });

  it("takes the member, plan and job from the stored session, and the plan's price when the event has none", async () => {
    const { db, orgId, member, apply, paymentRows, pendingJob } = await board();
    const plan = await createTestPlan(orgId, {
      kind: 'job_post',
      interval: 'one_time',
      amount: 5000,
      currency: 'JPY',
    });
    const jobId = await pendingJob();
    expect(await apply(checkout({}, { sessionId: 'cs_stored' }))).toBe('ignored');
    await db.insert(checkoutSessions).values({
      id: 'cs_stored',
      organizationId: orgId,
      provider: 'stripe',
      memberId: member.id,
      planId: plan.id,
      jobId,
      mode: 'payment',
      url: 'https://checkout.example/cs_stored',
    });
    const change = checkout({}, { sessionId: 'cs_stored', amountMinor: null, currency: null });
    expect(await apply(change)).toBe('applied');
    expect(await paymentRows()).toMatchObject([
      { userId: member.id, planId: plan.id, jobId, amount: 5000, currency: 'JPY', jobsRemaining: 0 },
    ]);
    expect(await getJob(db, orgId, jobId)).toMatchObject({ status: 'active' });
  });

  it('a subscription checkout makes the subscription and settles its job; without one it is ignored', async () => {
    const { db, orgId, apply, paymentRows, subscriptionRows, refs, pendingJob } = await board();
    const plan = await createTestPlan(orgId, {
      kind: 'job_subscription',
      interval: 'month',
      jobsIncluded: 5,
    });
    const jobId = await pendingJob();
    expect(await apply(checkout(refs(plan, jobId), { mode: 'subscription' }))).toBe('ignored');
    expect(await apply(checkout(refs(plan, jobId), { mode: 'subscription', subscriptionId: 'sub_1' }))).toBe(
      'applied',
    );
    expect(await subscriptionRows()).toMatchObject([
      { status: 'incomplete', paymentProviderSubscriptionId: 'sub_1', metadata: { boardkit_job_id: jobId } },
    ]);
    expect(await paymentRows()).toEqual([]);
    expect(await getJob(db, orgId, jobId)).toMatchObject({ status: 'active' });
  });
});

describe('applyProviderEvent: invoices', () => {
  it('a first paid invoice activates the subscription for its period, with the allowance left after its job', async () => {
    const { orgId, apply, paymentRows, subscriptionRows, webhooks, receipts, refs, pendingJob } =
      await board();
    const plan = await createTestPlan(orgId, {
      kind: 'job_subscription',
      interval: 'month',
      amount: 19_900,
      jobsIncluded: 5,
    });
    const jobId = await pendingJob();
    await apply(checkout(refs(plan, jobId), { mode: 'subscription', subscriptionId: 'sub_1', paid: false }));
    expect(await apply(invoice({}))).toBe('applied');
    const [row] = await subscriptionRows();
    expect(row).toMatchObject({ status: 'active', jobsRemaining: 4, currentPeriodEnd: period.end });
    expect(await paymentRows()).toMatchObject([
      {
        amount: 19_900,
        status: 'succeeded',
        subscriptionId: row!.id,
        paymentProviderPaymentIntentId: 'pi_in_1',
      },
    ]);
    expect((await webhooks()).map((event) => event.type)).toEqual([
      'subscription.updated',
      'payment.succeeded',
    ]);
    expect(await receipts()).toHaveLength(1);
    // A renewal gives the whole allowance again.
    expect(await apply(invoice({}, { invoiceId: 'in_2', first: false }))).toBe('applied');
    expect((await subscriptionRows())[0]).toMatchObject({ jobsRemaining: 5 });
  });

  it('a failed invoice is recorded and sent as payment.failed; paid later it succeeds, and then stays', async () => {
    const { orgId, apply, paymentRows, webhooks, refs } = await board();
    const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'month', amount: 900 });
    expect(await apply(invoice(refs(plan), { paid: false, amountMinor: 900 }), at(10))).toBe('applied');
    expect(await paymentRows()).toMatchObject([{ status: 'failed', amount: 900 }]);
    expect(await webhooks()).toContainEqual({
      type: 'payment.failed',
      data: expect.objectContaining({ payment: expect.objectContaining({ amount: 9, status: 'failed' }) }),
    });
    expect(await apply(invoice(refs(plan), { paid: false }), at(5))).toBe('stale');
    expect(await apply(invoice(refs(plan), { amountMinor: 900 }), at(20))).toBe('applied');
    expect(await paymentRows()).toMatchObject([{ status: 'succeeded' }]);
    expect(await apply(invoice(refs(plan), { paid: false }), at(30))).toBe('stale');
    expect(await paymentRows()).toMatchObject([{ status: 'succeeded' }]);
  });

  it('ignores an invoice of no subscription, or of one it cannot tie to a member and plan', async () => {
    const { orgId, apply, paymentRows, refs } = await board();
    const plan = await createTestPlan(orgId);
    expect(await apply(invoice(refs(plan), { subscriptionId: null }))).toBe('ignored');
    expect(await apply(invoice({}))).toBe('ignored');
    expect(await paymentRows()).toEqual([]);
  });
});

describe('applyProviderEvent: subscriptions', () => {
  it('takes each newer state, never an older one, and tells webhooks', async () => {
    const { orgId, apply, subscriptionRows, webhooks, refs } = await board();
    const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'month' });
    expect(await apply(subscription({}))).toBe('ignored');
    expect(await apply(subscription(refs(plan), { status: 'trialing' }), at(10))).toBe('applied');
    expect(await subscriptionRows()).toMatchObject([
      { status: 'trialing', currentPeriodStart: period.start, providerStateAt: at(10) },
    ]);
    const cancelAt = period.end;
    expect(await apply(subscription({}, { status: 'active', cancelAt }), at(20))).toBe('applied');
    expect(await apply(subscription({}, { status: 'incomplete' }), at(15))).toBe('stale');
    expect(await subscriptionRows()).toMatchObject([{ status: 'active', cancelAt }]);
    expect(await apply(subscription({}, { status: 'canceled', canceledAt: at(30) }), at(30))).toBe('applied');
    expect(await subscriptionRows()).toMatchObject([{ status: 'canceled', canceledAt: at(30) }]);
    expect((await webhooks()).map((event) => [event.type, event.data.subscription.status])).toEqual([
      ['subscription.updated', 'trialing'],
      ['subscription.updated', 'active'],
      ['subscription.updated', 'canceled'],
    ]);
  });
});

describe('applyProviderEvent: refunds', () => {
  it('records a partial refund in minor units, then a full one once; unknown payments are ignored', async () => {
    const { orgId, apply, paymentRows, webhooks, refs } = await board();
    const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'one_time', amount: 4950 });
    await apply(checkout(refs(plan)));
    expect(await apply(refund({ paymentIntentId: '' }))).toBe('ignored');
    expect(await apply(refund({ paymentIntentId: 'pi_unknown' }))).toBe('ignored');
    expect(await apply(refund())).toBe('applied');
    expect(await paymentRows()).toMatchObject([{ status: 'succeeded', metadata: { amount_refunded: 1000 } }]);
    expect((await webhooks()).map((event) => event.type)).toEqual(['payment.succeeded']);
    expect(await apply(refund({ fullyRefunded: true, amountRefundedMinor: 4950 }))).toBe('applied');
    expect(await paymentRows()).toMatchObject([{ status: 'refunded', metadata: { amount_refunded: 4950 } }]);
    expect((await webhooks()).at(-1)).toEqual({
      type: 'payment.refunded',
      data: expect.objectContaining({
        payment: expect.objectContaining({
          status: 'refunded',
          amount: 49.5,
          metadata: { amount_refunded: 49.5 },
        }),
      }),
    });
    expect(await apply(refund({ fullyRefunded: true, amountRefundedMinor: 4950 }))).toBe('stale');
  });
});
