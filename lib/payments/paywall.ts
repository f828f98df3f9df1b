// Who may see what the paywall guards: the one statement of `hasValidPaywallSubscription`.
import { and, count, desc, eq, gt, or } from 'drizzle-orm';
import { jobs, type PaywallRules, type Plan, payments, plans, subscriptions } from '@/db/schema';
import { type Db, queryAll } from '@/lib/core/transaction';
import { liveJobCondition } from '@/lib/jobs';
import type { PaymentOut, SubscriptionOut } from './schemas';
import { toPaymentOut, toSubscriptionOut } from './serialize';
import { paymentSettingsOf } from './settings';

const OPEN_STATUSES = ['active', 'trialing'];

type PlanTerms = Pick<Plan, 'kind' | 'interval'>;

/**
 * True exactly when a subscription to a `paywall` plan is `active` or `trialing` and its current
 * period ends in the future, or a one-time `paywall` plan was paid (succeeded, not refunded).
 */
export function opensPaywall(
  subscriptionRows: { status: string; currentPeriodEnd: Date | null; plan: PlanTerms | null }[],
  paymentRows: { status: string; plan: PlanTerms | null }[],
  now: Date,
): boolean {
  return (
    subscriptionRows.some(
      (row) =>
        row.plan?.kind === 'paywall' &&
        OPEN_STATUSES.includes(row.status) &&
        row.currentPeriodEnd !== null &&
        row.currentPeriodEnd > now,
    ) ||
    paymentRows.some(
      (row) => row.plan?.kind === 'paywall' && row.plan.interval === 'one_time' && row.status === 'succeeded',
    )
  );
}

export interface MemberBilling {
  subscriptions: SubscriptionOut[];
  payments: PaymentOut[];
  hasValidPaywallSubscription: boolean;
}

/** A member's subscriptions and payments, newest first, and whether the paywall opens for them. */
export async function memberBilling(
  db: Db,
  orgId: number,
  memberId: string,
  now = new Date(),
): Promise<MemberBilling> {
  const planTerms = { kind: plans.kind, interval: plans.interval };
  const [subscriptionRows, paymentRows] = await queryAll(db, [
    db
      .select({ row: subscriptions, plan: planTerms })
      .from(subscriptions)
      .leftJoin(plans, eq(plans.id, subscriptions.planId))
      .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.userId, memberId)))
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id)),
    db
      .select({ row: payments, plan: planTerms })
      .from(payments)
      .leftJoin(plans, eq(plans.id, payments.planId))
      .where(and(eq(payments.organizationId, orgId), eq(payments.userId, memberId)))
      .orderBy(desc(payments.createdAt), desc(payments.id)),
  ] as const);
  return {
    subscriptions: subscriptionRows.map(({ row }) => toSubscriptionOut(row)),
    payments: paymentRows.map(({ row }) => toPaymentOut(row)),
    hasValidPaywallSubscription: opensPaywall(
      subscriptionRows.map(({ row, plan }) => ({ ...row, plan })),
      paymentRows.map(({ row, plan }) => ({ ...row, plan })),
      now,
    ),
  };
}

/** What a visitor of the board may see: the board's rules, and whether they are let through. */
export interface PaywallView {
  /** null: nothing is gated (no rules, or the board takes no payments to subscribe with). */
  rules: PaywallRules | null;
  /** The visitor has a valid paywall subscription, or nothing is gated. */
  open: boolean;
  /** For CMS collections gated with `required_entitlement`. */
  entitlements: ReadonlySet<string>;
}

export const PAYWALL_ENTITLEMENT = 'paywall';

export async function paywallView(
  db: Db,
  orgId: number,
  memberId: string | null,
  now = new Date(),
): Promise<PaywallView> {
  const settings = await paymentSettingsOf(db, orgId);
  const rules = settings.provider ? settings.paywall : null;
  const subscribed = memberId
    ? (await memberBilling(db, orgId, memberId, now)).hasValidPaywallSubscription
    : false;
  return {
    rules,
    open: !rules || subscribed,
    entitlements: new Set(subscribed ? [PAYWALL_ENTITLEMENT] : []),
  };
}

/** Whether a live job is past the newest `jobs_preview_count` the board shows to everyone. */
export async function jobBehindPaywall(
  db: Db,
  orgId: number,
  job: { id: string; published_at: string | null },
  view: PaywallView,
): Promise<boolean> {
  const preview = view.rules?.jobs_preview_count;
  if (view.open || preview === null || preview === undefined) return false;
  if (!job.published_at) return true;
  const publishedAt = new Date(job.published_at);
  const [row] = await db
    .select({ newer: count() })
    .from(jobs)
    .where(
      and(
        eq(jobs.organizationId, orgId),
        liveJobCondition,
        or(gt(jobs.publishedAt, publishedAt), and(eq(jobs.publishedAt, publishedAt), gt(jobs.id, job.id))),
      ),
    );
  return (row?.newer ?? 0) >= preview;
}
