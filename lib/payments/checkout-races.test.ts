// Money is taken once: ten Pay presses of one local checkout racing each other, ten posts racing for
// one credit, and a checkout opened before the board stopped taking local payments. Every call runs
// the real service on the test database; on PostgreSQL (TEST_DATABASE_URL) the calls truly overlap.
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import {
  checkoutSessions,
  jobs,
  mailOutbox,
  type Plan,
  paymentEvents,
  payments,
  plans,
  subscriptions,
  webhookEvents,
  webhookSubscriptions,
} from '@/db/schema';
import { getJob } from '@/lib/jobs';
import { createMember, findMember } from '@/lib/members';
import { setSecret } from '@/lib/secrets/service';
import { createTenant, createTestPlan } from '@/test/factories';
import {
  completeLocalCheckout,
  jobCredits,
  memberBilling,
  postJobWithCheckout,
  postJobWithCredit,
  putPaymentSettings,
  startCheckout,
} from '.';

const RACERS = 10;

const urls = {
  successUrl: 'https://board.example/account?paid=1',
  cancelUrl: 'https://board.example/pricing',
  localCheckoutUrl: (id: string) => `https://board.example/checkout/${id}`,
};
const jobInput = {
  title: 'Platform Engineer',
  company_name: 'Acme',
  description: 'Build the platform.',
  how_to_apply_method: 'form-external' as const,
  how_to_apply: 'https://acme.example/jobs/1',
};

async function localBoard(role: 'employer' | 'candidate' = 'employer') {
  const tenant = await createTenant();
  const db = await getDb();
  const orgId = tenant.organization.id;
  await putPaymentSettings(db, orgId, { provider: 'local' });
  // Webhook events are written only for an organization that listens.
  await db.insert(webhookSubscriptions).values({
    organizationId: orgId,
    events: ['*'],
    eventsKey: '*',
    targetUrl: 'http://127.0.0.1:9/hook',
  });
  const created = await createMember(db, orgId, {
    email: `${role}-${Math.random().toString(36).slice(2)}@example.com`,
    name: 'Pat',
    role,
    approvalStatus: 'approved',
  });
  return { db, orgId, member: await findMember(db, orgId, created.id) };
}

/** Everything a completed checkout leaves behind, counted for one organization. */
async function effectsOf(orgId: number) {
  const db = await getDb();
  const counted = async (table: typeof payments | typeof subscriptions | typeof paymentEvents) =>
    (await db.select({ n: count() }).from(table).where(eq(table.organizationId, orgId)))[0]!.n;
  const [receipts] = await db
    .select({ n: count() })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.kind, 'payment_receipt')));
  return {
    subscriptions: await counted(subscriptions),
    payments: await counted(payments),
    receipts: receipts!.n,
    providerEvents: await counted(paymentEvents),
  };
}

type Kind = [
  string,
  Partial<Plan>,
  { subscriptions: number; credits: number; paywall: boolean; status: string | null },
];

describe('ten Pay presses of one local checkout', () => {
  it.each<Kind>([
    [
      'a one-time pack of job posts',
      { kind: 'job_post', interval: 'one_time', amount: 9900, jobsIncluded: 3 },
      { subscriptions: 0, credits: 3, paywall: false, status: null },
    ],
    [
      'a job subscription',
      { kind: 'job_subscription', interval: 'month', amount: 19900, jobsIncluded: 5 },
      { subscriptions: 1, credits: 5, paywall: false, status: 'active' },
    ],
    [
      'a paywall subscription',
      { kind: 'paywall', interval: 'month', amount: 900 },
      { subscriptions: 1, credits: 0, paywall: true, status: 'active' },
    ],
    [
      'a paywall subscription with a free trial',
      { kind: 'paywall', interval: 'year', amount: 9000, trialDays: 14 },
      { subscriptions: 1, credits: 0, paywall: true, status: 'trialing' },
    ],
    [
      'one-time paywall access',
      { kind: 'paywall', interval: 'one_time', amount: 2500 },
      { subscriptions: 0, credits: 0, paywall: true, status: null },
    ],
  ])('take the money for %s once', async (_what, terms, expected) => {
    const { db, orgId, member } = await localBoard(terms.kind === 'paywall' ? 'candidate' : 'employer');
    const plan = await createTestPlan(orgId, terms);
    const { sessionId } = await startCheckout(db, orgId, member, plan.id, urls);

    const sessions = await Promise.all(
      Array.from({ length: RACERS }, () => completeLocalCheckout(db, orgId, sessionId, member.id)),
    );
    // Every press sees what the winner did: one outcome page, whoever got there first.
    expect(sessions.map((session) => session.status)).toEqual(Array(RACERS).fill('complete'));
    const subscribed = expected.subscriptions === 1;
    expect(await effectsOf(orgId)).toEqual({
      subscriptions: expected.subscriptions,
      payments: 1,
      receipts: 1,
      // The local provider reports a subscription as Stripe does, in three events; a payment in one.
      providerEvents: subscribed ? 3 : 1,
    });
    if (expected.status) {
      expect(await db.select().from(subscriptions).where(eq(subscriptions.organizationId, orgId))).toEqual([
        expect.objectContaining({ status: expected.status, planId: plan.id, userId: member.id }),
      ]);
    }
    expect(await jobCredits(db, orgId, member.id)).toBe(expected.credits);
    expect((await memberBilling(db, orgId, member.id)).hasValidPaywallSubscription).toBe(expected.paywall);
  });

  it('puts the job of a post-a-job checkout live once, with one receipt and the pack’s other post', async () => {
    const { db, orgId, member } = await localBoard();
    const plan = await createTestPlan(orgId, {
      kind: 'job_post',
      interval: 'one_time',
      amount: 4900,
      jobsIncluded: 2,
      featured: true,
    });
    const { job, url } = await postJobWithCheckout(db, orgId, member, jobInput, plan.id, () => urls);
    const sessionId = url.split('/').at(-1)!;

    const sessions = await Promise.all(
      Array.from({ length: RACERS }, () => completeLocalCheckout(db, orgId, sessionId, member.id)),
    );
    expect(new Set(sessions.map((session) => session.status))).toEqual(new Set(['complete']));
    expect(await effectsOf(orgId)).toEqual({ subscriptions: 0, payments: 1, receipts: 1, providerEvents: 1 });
    expect(await getJob(db, orgId, job.id)).toMatchObject({ status: 'active', featured: true });
    expect(await jobCredits(db, orgId, member.id)).toBe(1);
    const settled = await db
      .select({ n: count() })
      .from(webhookEvents)
      .where(and(eq(webhookEvents.organizationId, orgId), eq(webhookEvents.type, 'job.updated')));
    expect(settled[0]!.n).toBe(1);
  });
});

describe('a local checkout the board no longer takes', () => {
  async function openCheckout(kind: 'paywall' | 'job_post' = 'paywall') {
    const board = await localBoard(kind === 'paywall' ? 'candidate' : 'employer');
    const plan = await createTestPlan(board.orgId, {
      kind,
      interval: 'one_time',
      amount: 2500,
      jobsIncluded: kind === 'job_post' ? 1 : null,
    });
    const { sessionId } = await startCheckout(board.db, board.orgId, board.member, plan.id, urls);
    return { ...board, plan, sessionId };
  }

  async function expectNothingTaken(orgId: number, memberId: string, sessionId: string) {
    const db = await getDb();
    expect(await effectsOf(orgId)).toEqual({ subscriptions: 0, payments: 0, receipts: 0, providerEvents: 0 });
    const [session] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, sessionId));
    expect(session!.status).toBe('expired');
    expect((await memberBilling(db, orgId, memberId)).hasValidPaywallSubscription).toBe(false);
  }

  it('expires, charging nothing, once the board has switched to Stripe', async () => {
    const { db, orgId, member, sessionId } = await openCheckout();
    for (const name of ['stripe_key', 'stripe_webhook'])
      await setSecret(db, orgId, { name, value: `${name}_value_0123456789` });
    await putPaymentSettings(db, orgId, {
      provider: 'stripe',
      secret_key: 'vault:stripe_key',
      webhook_secret: 'vault:stripe_webhook',
    });
    const session = await completeLocalCheckout(db, orgId, sessionId, member.id);
    expect(session.status).toBe('expired');
    await expectNothingTaken(orgId, member.id, sessionId);
    // Expired for good: switching back does not revive a checkout the member was told is closed.
    await putPaymentSettings(db, orgId, { provider: 'local' });
    expect((await completeLocalCheckout(db, orgId, sessionId, member.id)).status).toBe('expired');
    await expectNothingTaken(orgId, member.id, sessionId);
  });

  it('expires, charging nothing, once the board takes no payments at all', async () => {
    const { db, orgId, member, sessionId } = await openCheckout();
    await putPaymentSettings(db, orgId, { provider: null });
    const sessions = await Promise.all(
      Array.from({ length: RACERS }, () => completeLocalCheckout(db, orgId, sessionId, member.id)),
    );
    expect(new Set(sessions.map((session) => session.status))).toEqual(new Set(['expired']));
    await expectNothingTaken(orgId, member.id, sessionId);
  });

  it('expires, charging nothing, once its plan is off sale', async () => {
    const { db, orgId, member, plan, sessionId } = await openCheckout('job_post');
    await db.update(plans).set({ isActive: false }).where(eq(plans.id, plan.id));
    expect((await completeLocalCheckout(db, orgId, sessionId, member.id)).status).toBe('expired');
    await expectNothingTaken(orgId, member.id, sessionId);
    expect(await jobCredits(db, orgId, member.id)).toBe(0);
  });
});

describe('ten posts racing for one credit', () => {
  it('post one job; the other nine are refused with a conflict and leave nothing behind', async () => {
    const { db, orgId, member } = await localBoard();
    const plan = await createTestPlan(orgId, {
      kind: 'job_post',
      interval: 'one_time',
      amount: 4900,
      jobsIncluded: 1,
    });
    const { sessionId } = await startCheckout(db, orgId, member, plan.id, urls);
    await completeLocalCheckout(db, orgId, sessionId, member.id);
    expect(await jobCredits(db, orgId, member.id)).toBe(1);

    const results = await Promise.allSettled(
      Array.from({ length: RACERS }, (_, index) =>
        postJobWithCredit(db, orgId, member, { ...jobInput, title: `Role ${index}` }),
      ),
    );
    const posted = results.filter((result) => result.status === 'fulfilled');
    const refused = results.filter((result) => result.status === 'rejected');
    expect(posted).toHaveLength(1);
    expect(refused).toHaveLength(RACERS - 1);
    for (const { reason } of refused)
      expect(reason).toMatchObject({
        code: 'conflict',
        message: 'No job posts left; choose a plan to post this job.',
      });
    expect(await jobCredits(db, orgId, member.id)).toBe(0);
    expect(
      await db.select({ id: jobs.id, status: jobs.status }).from(jobs).where(eq(jobs.organizationId, orgId)),
    ).toEqual([{ id: posted[0]!.value.id, status: 'active' }]);
  });
});
