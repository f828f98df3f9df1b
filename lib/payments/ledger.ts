// One provider event's changes to the organization's payments, subscriptions and paid jobs. Events
// may arrive in any order; an older one never undoes a newer state.
import { and, eq, isNull, lte, notInArray, or } from 'drizzle-orm';
import { checkoutSessions, payments, type Subscription, subscriptions } from '@/db/schema';
import type { BillingChange, EventOutcome } from './billing-change';
import { LedgerRows, type Resolved } from './ledger-rows';
import { toPaymentOut } from './serialize';

/** Applies one event's BillingChange; amounts are stored in minor units, as providers send them. */
export class Ledger extends LedgerRows {
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
      amount: change.amountMinor ?? plan.amount,
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
        amount: change.amountMinor,
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
          amount_refunded: change.amountRefundedMinor,
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
}
