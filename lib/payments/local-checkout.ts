// The local provider's checkout, a page on the board standing in for Stripe's: what its page shows,
// and its Pay button, which reports the payment as Stripe's events would, once.
import { and, eq } from 'drizzle-orm';
import {
  type CheckoutSession,
  checkoutSessions,
  type Member,
  members,
  type PaymentSettings,
  type Plan,
  paymentSettings,
  plans,
} from '@/db/schema';
import { notFound } from '@/lib/core/errors';
import { DAY_MS } from '@/lib/core/time';
import { type Db, transaction } from '@/lib/core/transaction';
import type { BillingChange, ProviderEvent } from './billing-change';
import { purchaseBlock } from './checkout';
import { applyProviderEvent } from './events';
import { paymentSettingsOf } from './settings';

/** A checkout session of the organization with its plan, or null. */
async function findCheckout(
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

/** Whether the board still takes this member's money for this plan through the local checkout. */
function stillOnSale(settings: PaymentSettings | undefined, member: Member | undefined, plan: Plan): boolean {
  return settings?.provider === 'local' && member !== undefined && purchaseBlock(member, plan) === null;
}

/**
 * The member's own local checkout session with its plan, and whether Pay would still take the
 * money (an open session the board still sells); null when the session is not theirs, not local
 * or unknown.
 */
export async function localCheckout(
  db: Db,
  orgId: number,
  sessionId: string,
  member: Member,
): Promise<{ session: CheckoutSession; plan: Plan; payable: boolean } | null> {
  const found = await findCheckout(db, orgId, sessionId);
  if (found?.session.provider !== 'local' || found.session.memberId !== member.id) return null;
  const payable =
    found.session.status === 'open' && stillOnSale(await paymentSettingsOf(db, orgId), member, found.plan);
  return { ...found, payable };
}

/**
 * The events Stripe would send for this checkout, paid now. A subscription starts now (after its
 * trial, if any) for one interval. Every id derives from the session's, so the unique keys of
 * provider events, subscriptions and payments hold a second completion to nothing.
 */
function localEvents(session: CheckoutSession, plan: Plan, now: Date): ProviderEvent[] {
  const key = session.id.replace(/^lcs_/, '');
  const event = (type: string, offsetMs: number, change: BillingChange): ProviderEvent => ({
    id: `levt_${key}_${type}`,
    type,
    occurredAt: new Date(now.getTime() + offsetMs),
    payload: { type, change },
    change,
  });
  const refs = {
    memberId: session.memberId,
    planId: session.planId,
    ...(session.jobId ? { jobId: session.jobId } : {}),
  };
  const paymentIntentId = `lpi_${key}`;
  const completed = (subscriptionId: string | null) =>
    event('checkout.session.completed', 2, {
      kind: 'checkout',
      sessionId: session.id,
      mode: session.mode as 'payment' | 'subscription',
      paid: true,
      paymentIntentId,
      subscriptionId,
      amountMinor: plan.amount,
      currency: plan.currency,
      refs,
    });
  if (session.mode === 'payment') return [completed(null)];
  const subscriptionId = `lsub_${key}`;
  const trialEnd = plan.trialDays > 0 ? new Date(now.getTime() + plan.trialDays * DAY_MS) : null;
  const periodEnd = trialEnd ?? addInterval(now, plan.interval);
  return [
    event('customer.subscription.created', 0, {
      kind: 'subscription',
      subscriptionId,
      status: trialEnd ? 'trialing' : 'active',
      periodStart: now,
      periodEnd,
      cancelAt: null,
      canceledAt: null,
      refs,
    }),
    event('invoice.paid', 1, {
      kind: 'invoice',
      paid: true,
      invoiceId: `lin_${key}`,
      subscriptionId,
      paymentIntentId: trialEnd ? '' : paymentIntentId,
      amountMinor: trialEnd ? 0 : plan.amount,
      currency: plan.currency,
      first: true,
      period: { start: now, end: periodEnd },
      refs,
    }),
    completed(subscriptionId),
  ];
}

/**
 * The local provider's Pay button: the events Stripe would send for this checkout, through the same
 * handling, in one transaction that holds the session's row. Presses racing each other wait there
 * and find the session complete, so the money is taken once and every press answers the same
 * session. A checkout the board no longer takes (another provider or none, the plan off sale, the
 * member no longer allowed to buy it) expires instead, charging nothing.
 */
export async function completeLocalCheckout(
  db: Db,
  orgId: number,
  sessionId: string,
  memberId: string,
  now = new Date(),
): Promise<CheckoutSession> {
  return transaction(db, async (tx) => {
    // NO KEY UPDATE: a plan's deletion checks for referencing sessions with KEY SHARE, which this
    // must not block while it waits for the plan below.
    const [session] = await tx
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.organizationId, orgId), eq(checkoutSessions.id, sessionId)))
      .for('no key update');
    if (session?.provider !== 'local' || session.memberId !== memberId) throw notFound('Checkout session');
    if (session.status !== 'open') return session;
    // Shared locks: a provider switch or a plan change waits for this payment, and one made
    // before it is seen here.
    const [settings] = await tx
      .select()
      .from(paymentSettings)
      .where(eq(paymentSettings.organizationId, orgId))
      .for('share');
    const [plan] = await tx.select().from(plans).where(eq(plans.id, session.planId)).for('share');
    const [member] = await tx
      .select()
      .from(members)
      .where(and(eq(members.organizationId, orgId), eq(members.id, memberId)));
    if (!stillOnSale(settings, member, plan!)) {
      const [expired] = await tx
        .update(checkoutSessions)
        .set({ status: 'expired', updatedAt: now })
        .where(eq(checkoutSessions.id, session.id))
        .returning();
      return expired!;
    }
    for (const event of localEvents(session, plan!, now)) await applyProviderEvent(tx, orgId, 'local', event);
    const [paid] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    return paid!;
  });
}

function addInterval(from: Date, interval: string): Date {
  const next = new Date(from);
  if (interval === 'year') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
