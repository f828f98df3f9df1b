// What a provider event means to Boardkit: Stripe's events and the local provider's are turned into
// the same BillingChange first, then applied by the ledger (ledger.ts).
import type { SubscriptionStatus } from './schemas';

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
