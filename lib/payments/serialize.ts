import type { Payment, Subscription } from '@/db/schema';
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

export function toPaymentOut(row: Payment): PaymentOut {
  return {
    id: row.id,
    organizationId: row.organizationId,
    userId: row.userId,
    jobId: row.jobId,
    planId: row.planId,
    amount: row.amount,
    currency: row.currency,
    status: row.status as PaymentOut['status'],
    paymentProvider: row.paymentProvider as PaymentOut['paymentProvider'],
    paymentProviderSessionId: row.paymentProviderSessionId,
    paymentProviderPaymentIntentId: row.paymentProviderPaymentIntentId,
    metadata: row.metadata,
  };
}
