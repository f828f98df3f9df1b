// Who may see what the paywall guards: the one statement of `hasValidPaywallSubscription`.
import { and, desc, eq } from 'drizzle-orm';
import { type Plan, payments, plans, subscriptions } from '@/db/schema';
import { type Db, queryAll } from '@/lib/core/transaction';
import type { PaymentOut, SubscriptionOut } from './schemas';
import { toPaymentOut, toSubscriptionOut } from './serialize';

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
