// Stripe: webhooks verified with the organization's signing secret and read into BillingChanges
// (both the current API's shapes and the older ones: periods on the subscription items or on the
// subscription, an invoice's subscription under `parent` or at the top), Checkout sessions and
// cancellation through the `stripe` package.
import Stripe from 'stripe';
import type { BillingChange, BillingRefs, ProviderEvent } from './billing-change';
import type { CheckoutRequest, PaymentDriver } from './driver';
import { type SubscriptionStatus, subscriptionStatuses } from './schemas';

/** Seconds a signature stays good (Stripe's default). */
export const SIGNATURE_TOLERANCE_S = 300;

type Json = Record<string, unknown>;

const object = (value: unknown): Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};
const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
/** An id that may come expanded (`{ id }`) or as a string. */
const idOf = (value: unknown): string | null => text(value) ?? text(object(value).id);
const int = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;
/** PostgreSQL's integer, the column amounts are stored in. */
const MAX_STORED_AMOUNT = 2_147_483_647;
/** An amount in minor units as Stripe sends them (whole, not negative, storable), else null. */
const minorAmount = (value: unknown): number | null =>
  Number.isSafeInteger(value) && (value as number) >= 0 && (value as number) <= MAX_STORED_AMOUNT
    ? (value as number)
    : null;
const time = (value: unknown): Date | null => {
  const seconds = int(value);
  return seconds === null ? null : new Date(seconds * 1000);
};

export function refsOf(metadata: unknown, clientReferenceId?: unknown): BillingRefs {
  const data = object(metadata);
  const refs: BillingRefs = {};
  const member = text(data.boardkit_member_id) ?? text(clientReferenceId);
  if (member) refs.memberId = member;
  if (text(data.boardkit_plan_id)) refs.planId = text(data.boardkit_plan_id)!;
  if (text(data.boardkit_job_id)) refs.jobId = text(data.boardkit_job_id)!;
  return refs;
}

function subscriptionChange(subscription: Json): BillingChange | null {
  const id = text(subscription.id);
  const status = text(subscription.status);
  if (!id || !status || !subscriptionStatuses.includes(status as SubscriptionStatus)) return null;
  const item = object((object(subscription.items).data as unknown[] | undefined)?.[0]);
  const periodStart = time(item.current_period_start) ?? time(subscription.current_period_start);
  const periodEnd = time(item.current_period_end) ?? time(subscription.current_period_end);
  return {
    kind: 'subscription',
    subscriptionId: id,
    status: status as SubscriptionStatus,
    periodStart,
    periodEnd,
    cancelAt: time(subscription.cancel_at) ?? (subscription.cancel_at_period_end === true ? periodEnd : null),
    canceledAt: time(subscription.canceled_at),
    refs: refsOf(subscription.metadata),
  };
}

function invoiceChange(invoice: Json, paid: boolean): BillingChange | null {
  const id = text(invoice.id);
  const currency = text(invoice.currency);
  if (!id || !currency) return null;
  const details = object(object(invoice.parent).subscription_details);
  const legacyDetails = object(invoice.subscription_details);
  const line = object((object(invoice.lines).data as unknown[] | undefined)?.[0]);
  const period = object(line.period);
  const start = time(period.start);
  const end = time(period.end);
  const firstPayment = object((object(invoice.payments).data as unknown[] | undefined)?.[0]);
  return {
    kind: 'invoice',
    paid,
    invoiceId: id,
    subscriptionId: idOf(details.subscription) ?? idOf(invoice.subscription),
    paymentIntentId: idOf(object(firstPayment.payment).payment_intent) ?? idOf(invoice.payment_intent) ?? '',
    amountMinor: minorAmount(paid ? invoice.amount_paid : invoice.amount_due) ?? 0,
    currency: currency.toUpperCase(),
    first: invoice.billing_reason === 'subscription_create',
    period: start && end ? { start, end } : null,
    refs: refsOf(Object.keys(object(details.metadata)).length ? details.metadata : legacyDetails.metadata),
  };
}

/** The BillingChange an event of a handled type carries, or null. */
export function stripeChange(type: string, data: Json): BillingChange | null {
  switch (type) {
    case 'checkout.session.completed': {
      const id = text(data.id);
      const mode = data.mode === 'subscription' ? 'subscription' : data.mode === 'payment' ? 'payment' : null;
      if (!id || !mode) return null;
      return {
        kind: 'checkout',
        sessionId: id,
        mode,
        paid: data.payment_status === 'paid' || data.payment_status === 'no_payment_required',
        paymentIntentId: idOf(data.payment_intent) ?? '',
        subscriptionId: idOf(data.subscription),
        amountMinor: minorAmount(data.amount_total),
        currency: text(data.currency)?.toUpperCase() ?? null,
        refs: refsOf(data.metadata, data.client_reference_id),
      };
    }
    case 'invoice.paid':
      return invoiceChange(data, true);
    case 'invoice.payment_failed':
      return invoiceChange(data, false);
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return subscriptionChange(data);
    case 'charge.refunded': {
      const amount = minorAmount(data.amount) ?? 0;
      const refunded = minorAmount(data.amount_refunded) ?? 0;
      return {
        kind: 'refund',
        paymentIntentId: idOf(data.payment_intent) ?? '',
        fullyRefunded: data.refunded === true || (amount > 0 && refunded >= amount),
        amountRefundedMinor: refunded,
      };
    }
    default:
      return null;
  }
}

export class SignatureError extends Error {}

/**
 * The `t=` of a Stripe-Signature header, read as the stripe package reads it (the last one counts);
 * NaN without one.
 */
function signedAt(signature: string): number {
  let timestamp = Number.NaN;
  for (const item of signature.split(',')) {
    const [name, value] = item.split('=');
    if (name === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

/**
 * The event in a webhook delivery, verified against the signing secret: a missing or bad signature,
 * one dated more than the tolerance before or after now, or a body changed after signing, throws
 * SignatureError.
 */
export function verifyStripeEvent(
  rawBody: string,
  signature: string | null,
  webhookSecret: string,
  now = Date.now(),
): ProviderEvent {
  if (!signature || !webhookSecret) throw new SignatureError('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = new Stripe('sk_verify_only').webhooks.constructEvent(
      rawBody,
      signature,
      webhookSecret,
      SIGNATURE_TOLERANCE_S,
      undefined,
      now,
    );
  } catch (error) {
    throw new SignatureError(error instanceof Error ? error.message : 'Bad signature.');
  }
  // The stripe package checks only the past: a signature dated ahead would stay good until then.
  const at = signedAt(signature);
  if (!Number.isFinite(at) || at - Math.floor(now / 1000) > SIGNATURE_TOLERANCE_S) {
    throw new SignatureError('Timestamp outside the tolerance zone');
  }
  const data = object(object(event.data).object);
  return {
    id: event.id,
    type: event.type,
    occurredAt: new Date(event.created * 1000),
    payload: event as unknown as Json,
    change: stripeChange(event.type, data),
  };
}

/** Stripe's API, with the organization's secret key (`config` points tests at a local server). */
export function stripeDriver(secretKey: string, config?: Stripe.StripeConfig): PaymentDriver {
  const stripe = new Stripe(secretKey, config);
  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest) {
      const { plan, member, jobId } = request;
      const mode = plan.interval === 'one_time' ? 'payment' : 'subscription';
      const metadata: Record<string, string> = {
        boardkit_member_id: member.id,
        boardkit_plan_id: plan.id,
        ...(jobId ? { boardkit_job_id: jobId } : {}),
      };
      const session = await stripe.checkout.sessions.create({
        mode,
        client_reference_id: member.id,
        customer_email: member.email,
        metadata,
        line_items: [
          plan.providerPriceId
            ? { price: plan.providerPriceId, quantity: 1 }
            : {
                quantity: 1,
                price_data: {
                  currency: plan.currency.toLowerCase(),
                  unit_amount: plan.amount,
                  product_data: { name: plan.name },
                  ...(mode === 'subscription'
                    ? { recurring: { interval: plan.interval as 'month' | 'year' } }
                    : {}),
                },
              },
        ],
        ...(mode === 'subscription'
          ? {
              subscription_data: {
                metadata,
                ...(plan.trialDays > 0 ? { trial_period_days: plan.trialDays } : {}),
              },
            }
          : { payment_intent_data: { metadata } }),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a URL.');
      return { id: session.id, url: session.url, mode };
    },
    async cancelSubscription(row, atPeriodEnd) {
      const providerId = row.paymentProviderSubscriptionId;
      const subscription = atPeriodEnd
        ? await stripe.subscriptions.update(providerId, { cancel_at_period_end: true })
        : await stripe.subscriptions.cancel(providerId);
      return subscriptionChange(subscription as unknown as Json);
    },
  };
}
