// Buying a plan on the board: a checkout session at the organization's provider (the member, plan
// and job in its metadata), and job posts paid from credits left on earlier purchases. The local
// provider's own checkout is in local-checkout.ts.
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import { checkoutSessions, type Member, type Plan, payments, plans, subscriptions } from '@/db/schema';
import { AppError, notFound } from '@/lib/core/errors';
import { type Db, transaction } from '@/lib/core/transaction';
import { createJob, settlePaidJob } from '@/lib/jobs';
import type { CreateJobInput, JobOut } from '@/lib/jobs/schemas';
import type { CheckoutRequest } from './driver';
import { paymentDriver } from './provider';
import { paymentSettingsOf } from './settings';

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
