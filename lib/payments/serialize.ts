import type { Payment, Subscription } from '@/db/schema';
import { toMajorUnits } from '@/lib/core/money';
import type { PaymentOut, SubscriptionOut } from './schemas';

const iso = (value: Date | null) => value?.toISOString() ?? null;

export function toSubscriptionOut(row: Subscription): SubscriptionOut {
  return {
    id: row.id,
    organizationId: row.organizationId,
    userId: row.userId,
    planId: row.planId,
    status: row.status as SubscriptionOut['status'],
    paymentProviderSubscriptionId: row.paymentProviderSubscriptionId,
    currentPeriodStart: iso(row.currentPeriodStart),
    currentPeriodEnd: iso(row.currentPeriodEnd),
    cancelAt: iso(row.cancelAt),
    canceledAt: iso(row.canceledAt),
    jobsRemaining: row.jobsRemaining,
    metadata: row.metadata,
  };
}

/**
 * A payment as the board and the dashboard read it: the API's fields, but `amountMinor` (minor units,
 * as stored and as formatMoney takes it) where the API has `amount` in major units.
 */
export type PaymentRecord = Omit<PaymentOut, 'amount'> & { amountMinor: number };

export function toPaymentRecord(row: Payment): PaymentRecord {
  return {
    id: row.id,
    organizationId: row.organizationId,
    userId: row.userId,
    jobId: row.jobId,
    planId: row.planId,
    amountMinor: row.amount,
    currency: row.currency,
    status: row.status as PaymentOut['status'],
    paymentProvider: row.paymentProvider as PaymentOut['paymentProvider'],
    paymentProviderSessionId: row.paymentProviderSessionId,
    paymentProviderPaymentIntentId: row.paymentProviderPaymentIntentId,
    metadata: row.metadata,
  };
}

/**
 * The API's Payment (responses and webhooks): `amount` and a refund's `metadata.amount_refunded` in
 * major units, as the API has always answered them.
 */
export function toPaymentOut(payment: PaymentRecord | Payment): PaymentOut {
  const { amountMinor, metadata, ...fields } = 'amountMinor' in payment ? payment : toPaymentRecord(payment);
  const refunded = metadata.amount_refunded;
  return {
    ...fields,
    amount: toMajorUnits(amountMinor, fields.currency),
    metadata:
      typeof refunded === 'number'
        ? { ...metadata, amount_refunded: toMajorUnits(refunded, fields.currency) }
        : metadata,
  };
}
