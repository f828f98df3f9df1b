// The local provider's whole flow through the same event handling as Stripe, credits under
// concurrency, cancellation, and what the paywall keeps from whom (applying included).
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { submitBoardApplication } from '@/lib/applications';
import { getJob } from '@/lib/jobs';
import { createMember, findMember } from '@/lib/members';
import { createTenant, createTestJob, createTestPlan } from '@/test/factories';
import {
  applyingBehindPaywall,
  cancelSubscription,
  completeLocalCheckout,
  jobBehindPaywall,
  jobCredits,
  memberBilling,
  paywallView,
  postJobWithCheckout,
  postJobWithCredit,
  putPaymentSettings,
  startCheckout,
} from '.';

const urls = {
  successUrl: 'https://board.example/post-a-job/done',
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

async function localBoard(
  role: 'employer' | 'candidate' = 'employer',
  approvalStatus: 'approved' | 'pending' = 'approved',
) {
  const tenant = await createTenant();
  const db = await getDb();
  await putPaymentSettings(db, tenant.organization.id, { provider: 'local' });
  const created = await createMember(db, tenant.organization.id, {
    email: `${role}-${Date.now()}-${Math.random()}@example.com`,
    name: 'Pat',
    role,
    approvalStatus,
  });
  const member = await findMember(db, tenant.organization.id, created.id);
  return { ...tenant, db, orgId: tenant.organization.id, member };
}

const billingOf = async (orgId: number, id: string) => memberBilling(await getDb(), orgId, id);

describe('the local provider', () => {
  it('holds a posted job as pending_payment until Pay, then puts it live with the plan’s terms', async () => {
    const { db, orgId, member } = await localBoard();
    const plan = await createTestPlan(orgId, {
      kind: 'job_post',
      interval: 'one_time',
      amount: 9900,
      jobsIncluded: 2,
      featured: true,
    });
    const { job, url } = await postJobWithCheckout(db, orgId, member, jobInput, plan.id, () => urls);
    expect(job.status).toBe('pending_payment');
    expect(job.url).toBeNull();
    const sessionId = url.split('/').at(-1)!;
    expect(url).toBe(`https://board.example/checkout/${sessionId}`);

    const session = await completeLocalCheckout(db, orgId, sessionId, member.id);
    expect(session.status).toBe('complete');
    expect(await getJob(db, orgId, job.id)).toMatchObject({ status: 'active', featured: true });
    expect(await jobCredits(db, orgId, member.id)).toBe(1);
    const { payments } = await billingOf(orgId, member.id);
    expect(payments).toMatchObject([
      {
        jobId: job.id,
        planId: plan.id,
        amountMinor: 9900,
        currency: 'USD',
        status: 'succeeded',
        paymentProvider: 'local',
        paymentProviderSessionId: sessionId,
      },
    ]);
    // Paying twice changes nothing; another member cannot pay this session.
    await completeLocalCheckout(db, orgId, sessionId, member.id);
    expect((await billingOf(orgId, member.id)).payments).toHaveLength(1);
    const stranger = await createMember(db, orgId, {
      email: 'stranger@example.com',
      name: 'S',
      role: 'employer',
    });
    await expect(completeLocalCheckout(db, orgId, sessionId, stranger.id)).rejects.toMatchObject({
      code: 'not_found',
    });
  });

  it('sends paid jobs to approval when the board asks for it', async () => {
    const { db, orgId, member } = await localBoard();
    await putPaymentSettings(db, orgId, { provider: 'local', paid_jobs_need_approval: true });
    const plan = await createTestPlan(orgId, { kind: 'job_post', interval: 'one_time', jobsIncluded: 1 });
    const { job, url } = await postJobWithCheckout(db, orgId, member, jobInput, plan.id, () => urls);
    await completeLocalCheckout(db, orgId, url.split('/').at(-1)!, member.id);
    expect((await getJob(db, orgId, job.id)).status).toBe('pending');
  });

  it('opens the paywall with a subscription, and cancels at period end or now', async () => {
    const { db, orgId } = await localBoard();
    const reader = await createMember(db, orgId, {
      email: 'reader@example.com',
      name: 'Reader',
      role: 'candidate',
    });
    const plan = await createTestPlan(orgId, {
      kind: 'paywall',
      interval: 'month',
      amount: 500,
      trialDays: 7,
    });
    const { sessionId } = await startCheckout(
      db,
      orgId,
      await findMember(db, orgId, reader.id),
      plan.id,
      urls,
    );
    await completeLocalCheckout(db, orgId, sessionId, reader.id);
    const opened = await billingOf(orgId, reader.id);
    expect(opened.hasValidPaywallSubscription).toBe(true);
    const [subscription] = opened.subscriptions;
    expect(subscription).toMatchObject({ status: 'trialing', planId: plan.id, cancelAt: null });
    expect(
      new Date(subscription!.currentPeriodEnd!).getTime() -
        new Date(subscription!.currentPeriodStart!).getTime(),
    ).toBe(7 * 86_400_000);
    expect(opened.payments).toMatchObject([{ amountMinor: 0, status: 'succeeded' }]);

    const atEnd = await cancelSubscription(db, orgId, subscription!.id, true);
    expect(atEnd).toMatchObject({ status: 'trialing', cancelAt: subscription!.currentPeriodEnd });
    expect((await billingOf(orgId, reader.id)).hasValidPaywallSubscription).toBe(true);
    const now = await cancelSubscription(db, orgId, subscription!.id, false);
    expect(now).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
    expect((await billingOf(orgId, reader.id)).hasValidPaywallSubscription).toBe(false);
    await expect(cancelSubscription(db, orgId, subscription!.id, true)).rejects.toMatchObject({
      code: 'conflict',
    });
    const other = await createTenant();
    await expect(cancelSubscription(db, other.organization.id, subscription!.id, true)).rejects.toMatchObject(
      { code: 'not_found' },
    );
  });

  it('refuses job plans to candidates and to employers waiting for approval, and paywall plans for jobs', async () => {
    const candidate = await localBoard('candidate');
    const plan = await createTestPlan(candidate.orgId, {
      kind: 'job_post',
      interval: 'one_time',
      jobsIncluded: 1,
    });
    await expect(
      startCheckout(candidate.db, candidate.orgId, candidate.member, plan.id, urls),
    ).rejects.toMatchObject({ code: 'conflict' });
    const pending = await localBoard('employer', 'pending');
    const pendingPlan = await createTestPlan(pending.orgId, {
      kind: 'job_post',
      interval: 'one_time',
      jobsIncluded: 1,
    });
    await expect(
      postJobWithCheckout(pending.db, pending.orgId, pending.member, jobInput, pendingPlan.id, () => urls),
    ).rejects.toThrow(/waiting for approval/);
    const paywall = await createTestPlan(pending.orgId, { kind: 'paywall', interval: 'month' });
    const employer = await localBoard();
    const paywallElsewhere = await createTestPlan(employer.orgId, { kind: 'paywall', interval: 'month' });
    await expect(
      postJobWithCheckout(
        employer.db,
        employer.orgId,
        employer.member,
        jobInput,
        paywallElsewhere.id,
        () => urls,
      ),
    ).rejects.toMatchObject({ code: 'conflict' });
    // Another organization's plan is unknown here.
    await expect(
      startCheckout(employer.db, employer.orgId, employer.member, paywall.id, urls),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('job post credits', () => {
  it('never spends more than there is, however many posts race for them', async () => {
    const { db, orgId, member } = await localBoard();
    const plan = await createTestPlan(orgId, {
      kind: 'job_post',
      interval: 'one_time',
      amount: 10000,
      jobsIncluded: 3,
    });
    const { sessionId } = await startCheckout(db, orgId, member, plan.id, urls);
    await completeLocalCheckout(db, orgId, sessionId, member.id);
    expect(await jobCredits(db, orgId, member.id)).toBe(3);
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, index) =>
        postJobWithCredit(db, orgId, member, { ...jobInput, title: `Role ${index}` }),
      ),
    );
    const posted = results.filter((result) => result.status === 'fulfilled');
    expect(posted).toHaveLength(3);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'conflict' });
    }
    for (const result of posted)
      expect((result as PromiseFulfilledResult<{ id: string }>).value).toBeTruthy();
    expect(await jobCredits(db, orgId, member.id)).toBe(0);
    const live = await Promise.all(
      posted.map((result) => getJob(db, orgId, (result as PromiseFulfilledResult<{ id: string }>).value.id)),
    );
    expect(live.map((job) => job.status)).toEqual(['active', 'active', 'active']);
  });
});

describe('the paywall', () => {
  it('gates jobs after the newest preview and applying, until the visitor subscribes', async () => {
    const { db, orgId, organization } = await localBoard();
    await putPaymentSettings(db, orgId, {
      provider: 'local',
      paywall: { jobs_preview_count: 1, apply: true, members_only_posts: false },
    });
    const older = await createTestJob(orgId, {
      title: 'Older',
      published_at: new Date('2026-11-01T10:00:00Z'),
      how_to_apply_method: 'form-internal',
    });
    const newest = await createTestJob(orgId, {
      title: 'Newest',
      published_at: new Date('2026-11-20T10:00:00Z'),
    });
    const anonymous = await paywallView(db, orgId, null);
    expect(anonymous).toMatchObject({ open: false, rules: { jobs_preview_count: 1, apply: true } });
    expect(await jobBehindPaywall(db, orgId, await getJob(db, orgId, newest.id), anonymous)).toBe(false);
    expect(await jobBehindPaywall(db, orgId, await getJob(db, orgId, older.id), anonymous)).toBe(true);
    // Applying is gated on this board, even to the job everyone reads.
    expect(await applyingBehindPaywall(db, orgId, await getJob(db, orgId, newest.id), anonymous)).toBe(true);
    const refused = await submitBoardApplication(
      {
        db,
        org: organization as Organization,
        job: await getJob(db, orgId, older.id),
        clientAddress: '198.51.100.20',
      },
      new FormData(),
    );
    expect(refused).toMatchObject({
      ok: false,
      reason: 'closed',
      errors: { form: expect.stringContaining('subscribers') },
    });

    const reader = await createMember(db, orgId, {
      email: 'subscriber@example.com',
      name: 'Sub',
      role: 'candidate',
    });
    const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'year', amount: 9000 });
    const { sessionId } = await startCheckout(
      db,
      orgId,
      await findMember(db, orgId, reader.id),
      plan.id,
      urls,
    );
    await completeLocalCheckout(db, orgId, sessionId, reader.id);
    const subscriber = await paywallView(db, orgId, reader.id);
    expect(subscriber).toMatchObject({ open: true });
    expect([...subscriber.entitlements]).toEqual(['paywall']);
    expect(await jobBehindPaywall(db, orgId, await getJob(db, orgId, older.id), subscriber)).toBe(false);
    expect(await applyingBehindPaywall(db, orgId, await getJob(db, orgId, older.id), subscriber)).toBe(false);

    // Without a provider nobody could subscribe, so nothing is gated.
    await putPaymentSettings(db, orgId, { provider: null });
    expect(await paywallView(db, orgId, null)).toMatchObject({ open: true, rules: null });
  });
});
