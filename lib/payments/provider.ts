// The payment providers behind one small interface, chosen per organization from its settings:
// Stripe, or `local`, the built-in checkout that needs no network (a page with a Pay button).
import type { Plan, Subscription } from '@/db/schema';
import { newId } from '@/lib/core/ids';
import type { Db } from '@/lib/core/transaction';
import { resolveSecretRef } from '@/lib/secrets';
import type { BillingChange } from './billing-change';
import type { PaymentProviderName } from './schemas';
import { paymentSettingsOf } from './settings';
import { stripeDriver } from './stripe';

export interface CheckoutRequest {
  plan: Plan;
  member: { id: string; email: string };
  jobId: string | null;
  successUrl: string;
  cancelUrl: string;
  /** The board's page for a local checkout session. */
  localCheckoutUrl: (sessionId: string) => string;
}

export interface PaymentDriver {
  name: PaymentProviderName;
  createCheckout(
    request: CheckoutRequest,
  ): Promise<{ id: string; url: string; mode: 'payment' | 'subscription' }>;
  /** Asks the provider to cancel; answers the subscription's new state to record now. */
  cancelSubscription(subscription: Subscription, atPeriodEnd: boolean): Promise<BillingChange | null>;
}

const localDriver: PaymentDriver = {
  name: 'local',
  async createCheckout(request) {
    const id = `lcs_${newId().replaceAll('-', '')}`;
    return {
      id,
      url: request.localCheckoutUrl(id),
      mode: request.plan.interval === 'one_time' ? 'payment' : 'subscription',
    };
  },
  async cancelSubscription(row, atPeriodEnd) {
    const now = new Date();
    return {
      kind: 'subscription',
      subscriptionId: row.paymentProviderSubscriptionId,
      status: atPeriodEnd
        ? (row.status as Extract<BillingChange, { kind: 'subscription' }>['status'])
        : 'canceled',
      periodStart: row.currentPeriodStart,
      periodEnd: row.currentPeriodEnd,
      cancelAt: atPeriodEnd ? row.currentPeriodEnd : now,
      canceledAt: now,
      refs: {},
    };
  },
};

/** The organization's provider, or null when it sells nothing. */
export async function paymentDriver(db: Db, orgId: number): Promise<PaymentDriver | null> {
  const settings = await paymentSettingsOf(db, orgId);
  if (settings.provider === 'local') return localDriver;
  if (settings.provider === 'stripe' && settings.secretKeyRef) {
    const key = await resolveSecretRef(db, orgId, settings.secretKeyRef);
    return key ? stripeDriver(key) : null;
  }
  return null;
}

/** A driver by name, for a subscription made at a provider the organization has since left. */
export async function driverFor(db: Db, orgId: number, name: string): Promise<PaymentDriver | null> {
  if (name === 'local') return localDriver;
  const current = await paymentDriver(db, orgId);
  return current?.name === name ? current : null;
}
