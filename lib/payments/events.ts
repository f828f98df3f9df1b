// Provider events are the truth about payments and subscriptions. Each is stored once by its id (a
// replay changes nothing); events may arrive in any order, and an older one never undoes a newer
// state. Stripe's events and the local provider's are turned into the same BillingChange first.
import { and, eq, isNull, lte, notInArray, or, type SQL } from 'drizzle-orm';
import {
  checkoutSessions,
  jobs,
  type Member,
  members,
  organizations,
  type Payment,
  type Plan,
  paymentEvents,
  payments,
  plans,
  type Subscription,
  subscriptions,
} from '@/db/schema';
import { toMajorUnits } from '@/lib/core/money';
import { type Db, transaction } from '@/lib/core/transaction';
import { settlePaidJob } from '@/lib/jobs';
import { emitEvent, type WebhookEventType } from '@/lib/webhooks';
import { receiptMail } from './receipt';
import type { PaymentProviderName, SubscriptionStatus } from './schemas';
import { toPaymentOut, toSubscriptionOut } from './serialize';
import { paymentSettingsOf } from './settings';

/** What a checkout put in the provider's metadata (`boardkit_member_id`, ...). */
export interface BillingRefs {
  memberId?: string;
  planId?: string;
  jobId?: string;
}

export type BillingChange =
  | {
      kind: 'checkout';
      sessionId: string;
      mode: 'payment' | 'subscription';
      paid: boolean;
      paymentIntentId: string;
      subscriptionId: string | null;
      amountMinor: number | null;
      currency: string | null;
      refs: BillingRefs;
    }
  | {
      kind: 'invoice';
      paid: boolean;
      invoiceId: string;
      subscriptionId: string | null;
      paymentIntentId: string;
      amountMinor: number;
      currency: string;
      /** The invoice that started the subscription (not a renewal). */
      first: boolean;
      period: { start: Date; end: Date } | null;
      refs: BillingRefs;
    }
  | {
      kind: 'subscription';
      subscriptionId: string;
      status: SubscriptionStatus;
      periodStart: Date | null;
      periodEnd: Date | null;
      cancelAt: Date | null;
      canceledAt: Date | null;
      refs: BillingRefs;
    }
  | { kind: 'refund'; paymentIntentId: string; fullyRefunded: boolean; amountRefundedMinor: number };

export interface ProviderEvent {
  id: string;
  type: string;
  occurredAt: Date;
  payload: Record<string, unknown>;
  /** null: an event type Boardkit does not act on (stored, answered 200). */
  change: BillingChange | null;
}

/**
 * applied: the change was made; duplicate: this event id was seen before; stale: a newer state is
 * already stored; ignored: not about this organization's members and plans (nothing is stored).
 */
export type EventOutcome = 'applied' | 'duplicate' | 'stale' | 'ignored';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Resolved {
  member?: Member;
  plan?: Plan;
  jobId?: string;
}

/** The referenced rows of this organization, or 'foreign' when a reference names anything else. */
async function resolveRefs(tx: Db, orgId: number, refs: BillingRefs): Promise<Resolved | 'foreign'> {
  const ids = [refs.memberId, refs.planId, refs.jobId].filter((id) => id !== undefined);
  if (ids.some((id) => !UUID.test(id))) return 'foreign';
  const resolved: Resolved = {};
  if (refs.memberId) {
    [resolved.member] = await tx
      .select()
      .from(members)
      .where(and(eq(members.organizationId, orgId), eq(members.id, refs.memberId)));
    if (!resolved.member) return 'foreign';
  }
  if (refs.planId) {
    [resolved.plan] = await tx
      .select()
      .from(plans)
      .where(and(eq(plans.organizationId, orgId), eq(plans.id, refs.planId)));
    if (!resolved.plan) return 'foreign';
  }
  if (refs.jobId) {
    const [job] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, refs.jobId)));
    if (!job) return 'foreign';
    resolved.jobId = job.id;
  }
  return resolved;
}

/** Stores the event once and applies it, all in one transaction. */
export async function applyProviderEvent(
  db: Db,
  orgId: number,
  provider: PaymentProviderName,
  event: ProviderEvent,
): Promise<EventOutcome> {
  return transaction(db, async (tx) => {
    const change = event.change;
    const resolved = change && 'refs' in change ? await resolveRefs(tx, orgId, change.refs) : {};
    if (resolved === 'foreign') return 'ignored';
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({
        organizationId: orgId,
        provider,
        eventId: event.id,
        type: event.type,
        occurredAt: event.occurredAt,
        payload: event.payload,
        outcome: 'ignored',
      })
      .onConflictDoNothing()
      .returning({ eventId: paymentEvents.eventId });
    if (!fresh) return 'duplicate';
    const outcome = change
      ? await new Ledger(tx, orgId, provider, event.occurredAt).apply(change, resolved)
      : 'ignored';
    await tx
      .update(paymentEvents)
      .set({ outcome })
      .where(
        and(
          eq(paymentEvents.organizationId, orgId),
          eq(paymentEvents.provider, provider),
          eq(paymentEvents.eventId, event.id),
        ),
      );
    return outcome;
  });
}

/** One event's changes to the organization's payments, subscriptions and paid jobs. */
class Ledger {
  constructor(
    private readonly tx: Db,
    private readonly orgId: number,
    private readonly provider: PaymentProviderName,
    private readonly at: Date,
  ) {}

  apply(change: BillingChange, resolved: Resolved): Promise<EventOutcome> {
    switch (change.kind) {
      case 'checkout':
        return this.checkout(change, resolved);
      case 'invoice':
        return this.invoice(change, resolved);
      case 'subscription':
        return this.subscription(change, resolved);
      case 'refund':
        return this.refund(change);
    }
  }

  private async checkout(
    change: Extract<BillingChange, { kind: 'checkout' }>,
    resolved: Resolved,
  ): Promise<EventOutcome> {
    // Other events about this checkout (a repeat under another id, the subscription's first invoice)
    // wait here until this one commits.
    const [session] = await this.tx
      .select()
      .from(checkoutSessions)
      .where(and(eq(checkoutSessions.organizationId, this.orgId), eq(checkoutSessions.id, change.sessionId)))
      .for('no key update');
    const member = resolved.member ?? (session && (await this.member(session.memberId)));
    const plan = resolved.plan ?? (session && (await this.plan(session.planId)));
    const jobId = resolved.jobId ?? session?.jobId ?? null;
    if (!member || !plan) return 'ignored';
    if (session && change.paid) {
      await this.tx
        .update(checkoutSessions)
        .set({ status: 'complete' })
        .where(eq(checkoutSessions.id, session.id));
    }
    if (change.mode === 'subscription') {
      if (!change.subscriptionId) return 'ignored';
      await this.subscriptionRow(change.subscriptionId, member, plan, jobId);
      if (change.paid && jobId) await this.settleJob(jobId, plan);
      return 'applied';
    }
    const currency = (change.currency ?? plan.currency).toUpperCase();
    const values = {
      userId: member.id,
      planId: plan.id,
      jobId,
      amount: toMajorUnits(change.amountMinor ?? plan.amount, currency),
      currency,
      status: change.paid ? ('succeeded' as const) : ('pending' as const),
      paymentProviderSessionId: change.sessionId,
      paymentProviderPaymentIntentId: change.paymentIntentId,
      jobsRemaining:
        change.paid && plan.kind === 'job_post'
          ? Math.max((plan.jobsIncluded ?? 1) - (jobId ? 1 : 0), 0)
          : null,
      providerStateAt: this.at,
    };
    // Only a payment still pending takes news of its checkout: a settled one has had its receipt.
    const payment = await this.upsertPayment(change.sessionId, values, eq(payments.status, 'pending'));
    if (!payment) return 'stale';
    if (change.paid) {
      if (jobId) await this.settleJob(jobId, plan);
      await this.paid(payment, member, plan);
    }
    return 'applied';
  }

  private async invoice(
    change: Extract<BillingChange, { kind: 'invoice' }>,
    resolved: Resolved,
  ): Promise<EventOutcome> {
    if (!change.subscriptionId) return 'ignored';
    let subscription = await this.subscriptionByProviderId(change.subscriptionId);
    if (!subscription) {
      if (!resolved.member || !resolved.plan) return 'ignored';
      subscription = await this.subscriptionRow(
        change.subscriptionId,
        resolved.member,
        resolved.plan,
        resolved.jobId ?? null,
      );
    }
    const [member, plan] = [await this.member(subscription.userId), await this.plan(subscription.planId)];
    if (!member || !plan) return 'ignored';
    const currency = change.currency.toUpperCase();
    // A settled invoice, or one a newer event told about, stays as it is.
    const payment = await this.upsertPayment(
      change.invoiceId,
      {
        userId: member.id,
        planId: plan.id,
        subscriptionId: subscription.id,
        amount: toMajorUnits(change.amountMinor, currency),
        currency,
        status: change.paid ? 'succeeded' : 'failed',
        paymentProviderSessionId: '',
        paymentProviderPaymentIntentId: change.paymentIntentId,
        providerStateAt: this.at,
      },
      and(
        notInArray(payments.status, ['succeeded', 'refunded']),
        or(isNull(payments.providerStateAt), lte(payments.providerStateAt, this.at)),
      )!,
    );
    if (!payment) return 'stale';
    if (!change.paid) {
      await this.emit('payment.failed', { payment: toPaymentOut(payment), member, plan });
      return 'applied';
    }
    const update: Partial<Subscription> = {};
    if (plan.kind === 'job_subscription') {
      const postedAtCheckout = change.first && typeof subscription.metadata?.boardkit_job_id === 'string';
      update.jobsRemaining = Math.max((plan.jobsIncluded ?? 0) - (postedAtCheckout ? 1 : 0), 0);
    }
    // Paid before any subscription event told its state: it is active for the invoiced period.
    if (!subscription.providerStateAt && change.period) {
      Object.assign(update, {
        status: 'active',
        currentPeriodStart: change.period.start,
        currentPeriodEnd: change.period.end,
      });
    }
    if (Object.keys(update).length > 0) {
      const [updated] = await this.tx
        .update(subscriptions)
        .set(update)
        .where(eq(subscriptions.id, subscription.id))
        .returning();
      await this.emitSubscription(updated!, member, plan);
    }
    await this.paid(payment, member, plan);
    return 'applied';
  }

  private async subscription(
    change: Extract<BillingChange, { kind: 'subscription' }>,
    resolved: Resolved,
  ): Promise<EventOutcome> {
    let row = await this.subscriptionByProviderId(change.subscriptionId);
    if (row?.providerStateAt && row.providerStateAt > this.at) return 'stale';
    if (!row) {
      if (!resolved.member || !resolved.plan) return 'ignored';
      row = await this.subscriptionRow(
        change.subscriptionId,
        resolved.member,
        resolved.plan,
        resolved.jobId ?? null,
      );
    }
    const [updated] = await this.tx
      .update(subscriptions)
      .set({
        status: change.status,
        currentPeriodStart: change.periodStart,
        currentPeriodEnd: change.periodEnd,
        cancelAt: change.cancelAt,
        canceledAt: change.canceledAt,
        providerStateAt: this.at,
      })
      .where(eq(subscriptions.id, row.id))
      .returning();
    const [member, plan] = [await this.member(row.userId), await this.plan(row.planId)];
    if (member && plan) await this.emitSubscription(updated!, member, plan);
    return 'applied';
  }

  private async refund(change: Extract<BillingChange, { kind: 'refund' }>): Promise<EventOutcome> {
    if (!change.paymentIntentId) return 'ignored';
    const [payment] = await this.paymentsWhere(
      eq(payments.paymentProviderPaymentIntentId, change.paymentIntentId),
    );
    if (!payment) return 'ignored';
    if (payment.status === 'refunded') return 'stale';
    const [updated] = await this.tx
      .update(payments)
      .set({
        status: change.fullyRefunded ? 'refunded' : payment.status,
        metadata: {
          ...payment.metadata,
          amount_refunded: toMajorUnits(change.amountRefundedMinor, payment.currency),
        },
      })
      .where(eq(payments.id, payment.id))
      .returning();
    if (change.fullyRefunded) {
      const member = payment.userId ? await this.member(payment.userId) : undefined;
      const plan = payment.planId ? await this.plan(payment.planId) : undefined;
      await this.emit('payment.refunded', { payment: toPaymentOut(updated!), member, plan });
    }
    return 'applied';
  }

  private member(id: string): Promise<Member | undefined> {
    return this.tx
      .select()
      .from(members)
      .where(and(eq(members.organizationId, this.orgId), eq(members.id, id)))
      .then(([row]) => row);
  }

  private plan(id: string): Promise<Plan | undefined> {
    return this.tx
      .select()
      .from(plans)
      .where(and(eq(plans.organizationId, this.orgId), eq(plans.id, id)))
      .then(([row]) => row);
  }

  private paymentsWhere(condition: SQL) {
    return this.tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.organizationId, this.orgId), eq(payments.paymentProvider, this.provider), condition),
      )
      .for('update');
  }

  private subscriptionByProviderId(id: string): Promise<Subscription | undefined> {
    return this.tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.organizationId, this.orgId),
          eq(subscriptions.paymentProvider, this.provider),
          eq(subscriptions.paymentProviderSubscriptionId, id),
        ),
      )
      .for('update')
      .then(([row]) => row);
  }

  /** The subscription row for a provider id, made (status `incomplete`) when this is its first news. */
  private async subscriptionRow(
    providerId: string,
    member: Member,
    plan: Plan,
    jobId: string | null,
  ): Promise<Subscription> {
    await this.tx
      .insert(subscriptions)
      .values({
        organizationId: this.orgId,
        userId: member.id,
        planId: plan.id,
        status: 'incomplete',
        paymentProvider: this.provider,
        paymentProviderSubscriptionId: providerId,
        metadata: jobId ? { boardkit_job_id: jobId } : {},
      })
      .onConflictDoNothing();
    return (await this.subscriptionByProviderId(providerId))!;
  }

  /**
   * The payment for a provider reference, made or updated while the stored one meets `updatable`;
   * undefined when it does not. One statement on the unique reference: an event racing this one
   * waits for it, then finds the row it left.
   */
  private async upsertPayment(
    reference: string,
    values: Omit<typeof payments.$inferInsert, 'organizationId' | 'paymentProvider' | 'providerReference'>,
    updatable: SQL,
  ): Promise<Payment | undefined> {
    const [row] = await this.tx
      .insert(payments)
      .values({
        ...values,
        organizationId: this.orgId,
        paymentProvider: this.provider,
        providerReference: reference,
      })
      .onConflictDoUpdate({
        target: [payments.organizationId, payments.paymentProvider, payments.providerReference],
        set: { ...values, updatedAt: new Date() },
        setWhere: updatable,
      })
      .returning();
    return row;
  }

  private async settleJob(jobId: string, plan: Plan): Promise<void> {
    if (plan.kind === 'paywall') return;
    const settings = await paymentSettingsOf(this.tx, this.orgId);
    await settlePaidJob(this.tx, this.orgId, jobId, {
      needsApproval: settings.paidJobsNeedApproval,
      durationDays: plan.jobDurationDays,
      featured: plan.featured,
    });
  }

  /** A payment went through: the receipt and the webhook. */
  private async paid(payment: Payment, member: Member, plan: Plan): Promise<void> {
    const [org] = await this.tx.select().from(organizations).where(eq(organizations.id, this.orgId));
    await receiptMail(this.tx, org!, member, plan, payment);
    await this.emit('payment.succeeded', { payment: toPaymentOut(payment), member, plan });
  }

  private emitSubscription(subscription: Subscription, member: Member, plan: Plan): Promise<void> {
    return this.emit('subscription.updated', { subscription: toSubscriptionOut(subscription), member, plan });
  }

  private emit(
    type: WebhookEventType,
    data: { member?: Member; plan?: Plan } & Record<string, unknown>,
  ): Promise<void> {
    const { member, plan, ...rest } = data;
    return emitEvent(this.tx, this.orgId, type, () => ({
      ...rest,
      member: member ? { id: member.id, email: member.email, name: member.name } : null,
      plan: plan ? { id: plan.id, name: plan.name, kind: plan.kind } : null,
    }));
  }
}
