// Buying a plan on the board: a checkout session at the organization's provider (the member, plan
// and job in its metadata), the local provider's instant completion, and job posts paid from
// credits left on earlier purchases.
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  type CheckoutSession,
  checkoutSessions,
  type Member,
  type Plan,
  payments,
  plans,
  subscriptions,
} from '@/db/schema';
import { AppError, notFound } from '@/lib/core/errors';
import { newId } from '@/lib/core/ids';
import { type Db, transaction } from '@/lib/core/transaction';
import { createJob, settlePaidJob } from '@/lib/jobs';
import type { CreateJobInput, JobOut } from '@/lib/jobs/schemas';
import { applyProviderEvent, type BillingChange, type ProviderEvent } from './events';
import { type CheckoutRequest, paymentDriver } from './provider';
import { paymentSettingsOf } from './settings';

const DAY_MS = 86_400_000;

/** Why a member may not buy a plan, in words for the board; null when they may. */
export function purchaseBlock(member: Pick<Member, 'role' | 'approvalStatus'>, plan: Plan): string | null {
  if (!plan.isActive || plan.archivedAt) return 'This plan is no longer offered.';
  if (plan.kind !== 'paywall') {
    if (member.role !== 'employer')
      return 'Job posts are for employer accounts. Sign in with an employer account to post a job.';
    if (member.approvalStatus !== 'approved')
      return 'Your employer account is waiting for approval by the board. You can post jobs once it is approved.';
  }
  return null;
}

async function activePlan(db: Db, orgId: number, planId: string): Promise<Plan> {
  const [plan] = await db
    .select()
    .from(plans)
    .where(and(eq(plans.organizationId, orgId), eq(plans.id, planId)));
  if (!plan) throw notFound('Plan');
  return plan;
}

/** Starts a checkout; answers the provider's page to send the member to. */
export async function startCheckout(
  db: Db,
  orgId: number,
  member: Member,
  planId: string,
  urls: Omit<CheckoutRequest, 'plan' | 'member' | 'jobId'>,
  jobId: string | null = null,
): Promise<{ sessionId: string; url: string }> {
  const plan = await activePlan(db, orgId, planId);
  const block = purchaseBlock(member, plan);
  if (block) throw new AppError('conflict', block);
  if (jobId && plan.kind === 'paywall') throw new AppError('conflict', 'A paywall plan does not post jobs.');
  const driver = await paymentDriver(db, orgId);
  if (!driver) throw new AppError('conflict', 'This board does not take payments yet.');
  const session = await driver.createCheckout({ plan, member, jobId, ...urls });
  await db.insert(checkoutSessions).values({
    id: session.id,
    organizationId: orgId,
    provider: driver.name,
    memberId: member.id,
    planId: plan.id,
    jobId,
    mode: session.mode,
    url: session.url,
  });
  return { sessionId: session.id, url: session.url };
}

/** A checkout session of the organization with its plan, or null. */
export async function findCheckout(
  db: Db,
  orgId: number,
  sessionId: string,
): Promise<{ session: CheckoutSession; plan: Plan } | null> {
  const [row] = await db
    .select({ session: checkoutSessions, plan: plans })
    .from(checkoutSessions)
    .innerJoin(plans, eq(plans.id, checkoutSessions.planId))
    .where(and(eq(checkoutSessions.organizationId, orgId), eq(checkoutSessions.id, sessionId)));
  return row ?? null;
}

const localEvent = (type: string, occurredAt: Date, change: BillingChange): ProviderEvent => ({
  id: `levt_${newId().replaceAll('-', '')}`,
  type,
  occurredAt,
  payload: { type, change },
  change,
});

/**
 * The local provider's Pay button: the events Stripe would send for this checkout, through the same
 * handling. A subscription starts now (after its trial, if any) for one interval.
 */
export async function completeLocalCheckout(
  db: Db,
  orgId: number,
  sessionId: string,
  memberId: string,
  now = new Date(),
): Promise<CheckoutSession> {
  const found = await findCheckout(db, orgId, sessionId);
  if (found?.session.provider !== 'local' || found.session.memberId !== memberId) {
    throw notFound('Checkout session');
  }
  const { session, plan } = found;
  if (session.status !== 'open') return session;
  const refs = {
    memberId: session.memberId,
    planId: session.planId,
    ...(session.jobId ? { jobId: session.jobId } : {}),
  };
  const checkout = (subscriptionId: string | null): BillingChange => ({
    kind: 'checkout',
    sessionId,
    mode: session.mode as 'payment' | 'subscription',
    paid: true,
    paymentIntentId: `lpi_${newId().replaceAll('-', '')}`,
    subscriptionId,
    amountMinor: plan.amount,
    currency: plan.currency,
    refs,
  });
  if (session.mode === 'payment') {
    await applyProviderEvent(
      db,
      orgId,
      'local',
      localEvent('checkout.session.completed', now, checkout(null)),
    );
  } else {
    const subscriptionId = `lsub_${newId().replaceAll('-', '')}`;
    const trialEnd = plan.trialDays > 0 ? new Date(now.getTime() + plan.trialDays * DAY_MS) : null;
    const periodEnd = trialEnd ?? addInterval(now, plan.interval);
    const at = (offset: number) => new Date(now.getTime() + offset);
    await applyProviderEvent(
      db,
      orgId,
      'local',
      localEvent('customer.subscription.created', at(0), {
        kind: 'subscription',
        subscriptionId,
        status: trialEnd ? 'trialing' : 'active',
        periodStart: now,
        periodEnd,
        cancelAt: null,
        canceledAt: null,
        refs,
      }),
    );
    await applyProviderEvent(
      db,
      orgId,
      'local',
      localEvent('invoice.paid', at(1), {
        kind: 'invoice',
        paid: true,
        invoiceId: `lin_${newId().replaceAll('-', '')}`,
        subscriptionId,
        paymentIntentId: trialEnd ? '' : `lpi_${newId().replaceAll('-', '')}`,
        amountMinor: trialEnd ? 0 : plan.amount,
        currency: plan.currency,
        first: true,
        period: { start: now, end: periodEnd },
        refs,
      }),
    );
    await applyProviderEvent(
      db,
      orgId,
      'local',
      localEvent('checkout.session.completed', at(2), checkout(subscriptionId)),
    );
  }
  return (await findCheckout(db, orgId, sessionId))!.session;
}

function addInterval(from: Date, interval: string): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

/** Job posts a member has left: one-time packs and current job subscriptions. */
export async function jobCredits(db: Db, orgId: number, memberId: string, now = new Date()): Promise<number> {
  const [fromPayments, fromSubscriptions] = await Promise.all([
    db
      .select({ total: sql<number>`coalesce(sum(${payments.jobsRemaining}), 0)::int` })
      .from(payments)
      .where(creditPayment(orgId, memberId)),
    db
      .select({ total: sql<number>`coalesce(sum(${subscriptions.jobsRemaining}), 0)::int` })
      .from(subscriptions)
      .where(creditSubscription(orgId, memberId, now)),
  ]);
  return (fromPayments[0]?.total ?? 0) + (fromSubscriptions[0]?.total ?? 0);
}

const creditPayment = (orgId: number, memberId: string) =>
  and(
    eq(payments.organizationId, orgId),
    eq(payments.userId, memberId),
    eq(payments.status, 'succeeded'),
    gt(payments.jobsRemaining, 0),
  );

const creditSubscription = (orgId: number, memberId: string, now: Date) =>
  and(
    eq(subscriptions.organizationId, orgId),
    eq(subscriptions.userId, memberId),
    inArray(subscriptions.status, ['active', 'trialing']),
    gt(subscriptions.currentPeriodEnd, now),
    gt(subscriptions.jobsRemaining, 0),
  );

/**
 * Posts a job with one credit, in one transaction: the credit is taken with a guarded decrement
 * (`jobs_remaining > 0`), so concurrent posts never spend more than there is. 409 without credit.
 */
export async function postJobWithCredit(
  db: Db,
  orgId: number,
  member: Member,
  input: CreateJobInput,
  now = new Date(),
): Promise<JobOut> {
  if (member.role !== 'employer' || member.approvalStatus !== 'approved') {
    throw new AppError('conflict', 'Only approved employer accounts can post jobs.');
  }
  const settings = await paymentSettingsOf(db, orgId);
  return transaction(db, async (tx) => {
    const plan = await spendCredit(tx, orgId, member.id, now);
    if (!plan) throw new AppError('conflict', 'No job posts left; choose a plan to post this job.');
    const job = await createJob(tx, orgId, input, now, { memberId: member.id, awaitingPayment: true });
    await settlePaidJob(
      tx,
      orgId,
      job.id,
      {
        needsApproval: settings.paidJobsNeedApproval,
        durationDays: plan.jobDurationDays,
        featured: plan.featured,
      },
      now,
    );
    return job;
  });
}

/** Takes one job post from the oldest pack, else from a subscription; answers its plan. */
async function spendCredit(tx: Db, orgId: number, memberId: string, now: Date): Promise<Plan | null> {
  for (;;) {
    const [pack] = await tx
      .select({ id: payments.id, planId: payments.planId })
      .from(payments)
      .where(creditPayment(orgId, memberId))
      .orderBy(payments.createdAt)
      .limit(1);
    const [subscription] = pack
      ? []
      : await tx
          .select({ id: subscriptions.id, planId: subscriptions.planId })
          .from(subscriptions)
          .where(creditSubscription(orgId, memberId, now))
          .orderBy(desc(subscriptions.currentPeriodEnd))
          .limit(1);
    if (!pack && !subscription) return null;
    // Another post may have taken the last credit since the read: then look again.
    const [taken] = pack
      ? await tx
          .update(payments)
          .set({ jobsRemaining: sql`${payments.jobsRemaining} - 1` })
          .where(and(eq(payments.id, pack.id), gt(payments.jobsRemaining, 0)))
          .returning({ planId: payments.planId })
      : await tx
          .update(subscriptions)
          .set({ jobsRemaining: sql`${subscriptions.jobsRemaining} - 1` })
          .where(and(eq(subscriptions.id, subscription!.id), gt(subscriptions.jobsRemaining, 0)))
          .returning({ planId: subscriptions.planId });
    if (taken?.planId) return activePlan(tx, orgId, taken.planId);
  }
}

/** Creates the job as `pending_payment` and starts the checkout that will put it live. */
export async function postJobWithCheckout(
  db: Db,
  orgId: number,
  member: Member,
  input: CreateJobInput,
  planId: string,
  urls: (jobId: string) => Omit<CheckoutRequest, 'plan' | 'member' | 'jobId'>,
): Promise<{ job: JobOut; url: string }> {
  const plan = await activePlan(db, orgId, planId);
  if (plan.kind === 'paywall') throw new AppError('conflict', 'Choose a job plan to post a job.');
  const block = purchaseBlock(member, plan);
  if (block) throw new AppError('conflict', block);
  const job = await createJob(db, orgId, input, new Date(), { memberId: member.id, awaitingPayment: true });
  const { url } = await startCheckout(db, orgId, member, planId, urls(job.id), job.id);
  return { job, url };
}
