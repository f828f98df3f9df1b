// What a payment provider's driver does, apart from the choice of driver (./provider.ts), so that
// the drivers (./stripe.ts) and the code choosing them import these types without importing each other.
import type { Plan, Subscription } from '@/db/schema';
import type { BillingChange } from './billing-change';
import type { PaymentProviderName } from './schemas';

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
