// The payment providers behind one small interface, chosen per organization from its settings:
// Stripe, or `local`, the built-in checkout that needs no network (a page with a Pay button).
import { newId } from '@/lib/core/ids';
import type { Db } from '@/lib/core/transaction';
import { resolveSecretRef } from '@/lib/secrets';
import type { BillingChange } from './billing-change';
import type { PaymentDriver } from './driver';
import { paymentSettingsOf } from './settings';
import { stripeDriver } from './stripe';

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
