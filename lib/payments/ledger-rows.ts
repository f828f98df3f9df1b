// The rows one provider event reads and writes, for one organization and provider inside its
// transaction: members and plans, payments and subscriptions by provider id, paid jobs, and the
// receipt and webhooks a change sends.
import { and, eq, type SQL } from 'drizzle-orm';
import {
  type Member,
  members,
  organizations,
  type Payment,
  type Plan,
  payments,
  plans,
  type Subscription,
  subscriptions,
} from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { settlePaidJob } from '@/lib/jobs';
import { emitEvent, type WebhookEventType } from '@/lib/webhooks';
import { receiptMail } from './receipt';
import type { PaymentProviderName } from './schemas';
import { toPaymentOut, toSubscriptionOut } from './serialize';
import { paymentSettingsOf } from './settings';

/** The rows an event's references name, once checked to be this organization's. */
export interface Resolved {
  member?: Member;
  plan?: Plan;
  jobId?: string;
}

/** What Ledger builds its state changes from: one event's reads, writes and messages. */
export class LedgerRows {
  constructor(
    protected readonly tx: Db,
    protected readonly orgId: number,
    protected readonly provider: PaymentProviderName,
    /** When the provider made the event's state. */
    protected readonly at: Date,
  ) {}

  protected member(id: string): Promise<Member | undefined> {
    return this.tx
      .select()
      .from(members)
      .where(and(eq(members.organizationId, this.orgId), eq(members.id, id)))
      .then(([row]) => row);
  }

  protected plan(id: string): Promise<Plan | undefined> {
    return this.tx
      .select()
      .from(plans)
      .where(and(eq(plans.organizationId, this.orgId), eq(plans.id, id)))
      .then(([row]) => row);
  }

  protected paymentsWhere(condition: SQL) {
    return this.tx
      .select()
      .from(payments)
      .where(
        and(eq(payments.organizationId, this.orgId), eq(payments.paymentProvider, this.provider), condition),
      )
      .for('update');
  }

  protected subscriptionByProviderId(id: string): Promise<Subscription | undefined> {
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
  protected async subscriptionRow(
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
  protected async upsertPayment(
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

  protected async settleJob(jobId: string, plan: Plan): Promise<void> {
    if (plan.kind === 'paywall') return;
    const settings = await paymentSettingsOf(this.tx, this.orgId);
    await settlePaidJob(this.tx, this.orgId, jobId, {
      needsApproval: settings.paidJobsNeedApproval,
      durationDays: plan.jobDurationDays,
      featured: plan.featured,
    });
  }

  /** A payment went through: the receipt and the webhook. */
  protected async paid(payment: Payment, member: Member, plan: Plan): Promise<void> {
    const [org] = await this.tx.select().from(organizations).where(eq(organizations.id, this.orgId));
    await receiptMail(this.tx, org!, member, plan, payment);
    await this.emit('payment.succeeded', { payment: toPaymentOut(payment), member, plan });
  }

  protected emitSubscription(subscription: Subscription, member: Member, plan: Plan): Promise<void> {
    return this.emit('subscription.updated', { subscription: toSubscriptionOut(subscription), member, plan });
  }

  protected emit(
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
