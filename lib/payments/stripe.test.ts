// The Stripe driver's requests, answered by a server on loopback that records them (no network).
import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '@/db/schema';
import { SignatureError, stripeChange, stripeDriver, verifyStripeEvent } from './stripe';

interface Recorded {
  method: string;
  path: string;
  body: URLSearchParams;
  authorization: string | undefined;
}

const recorded: Recorded[] = [];
let port = 0;
const server = createServer(async (request: IncomingMessage, response) => {
  let text = '';
  for await (const chunk of request) text += chunk;
  recorded.push({
    method: request.method!,
    path: request.url!,
    body: new URLSearchParams(text),
    authorization: request.headers.authorization,
  });
  response.setHeader('content-type', 'application/json');
  if (request.url === '/v1/checkout/sessions') {
    response.end(
      JSON.stringify({
        id: 'cs_test_recorded',
        object: 'checkout.session',
        url: 'https://checkout.stripe.test/c/cs_test_recorded',
      }),
    );
  } else {
    const now = Math.floor(Date.now() / 1000);
    response.end(
      JSON.stringify({
        id: 'sub_1',
        object: 'subscription',
        status: request.method === 'DELETE' ? 'canceled' : 'active',
        cancel_at_period_end: request.method !== 'DELETE',
        cancel_at: null,
        canceled_at: request.method === 'DELETE' ? now : null,
        metadata: {},
        items: { data: [{ current_period_start: now, current_period_end: now + 3600 }] },
      }),
    );
  }
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const driver = () =>
  stripeDriver('sk_test_recorded', { host: '127.0.0.1', port, protocol: 'http', maxNetworkRetries: 0 });

const plan = (fields: Partial<Plan>): Plan => ({
  id: '0193a1b2-0000-7000-8000-000000000001',
  organizationId: 1,
  name: 'Featured post',
  description: null,
  kind: 'job_post',
  amount: 4900,
  currency: 'USD',
  interval: 'one_time',
  jobsIncluded: 1,
  featured: true,
  jobDurationDays: 30,
  trialDays: 0,
  isActive: true,
  providerPriceId: null,
  archivedAt: null,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...fields,
});

const request = {
  member: { id: '0193a1b2-0000-7000-8000-0000000000aa', email: 'hr@acme.example' },
  successUrl: 'https://board.example/post-a-job/j1',
  cancelUrl: 'https://board.example/pricing',
  localCheckoutUrl: () => 'unused',
};

describe('the Stripe driver', () => {
  it('opens a payment-mode Checkout with the member, plan and job in its metadata and the payment’s', async () => {
    const session = await driver().createCheckout({
      ...request,
      plan: plan({}),
      jobId: '0193a1b2-0000-7000-8000-0000000000bb',
    });
    expect(session).toEqual({
      id: 'cs_test_recorded',
      url: 'https://checkout.stripe.test/c/cs_test_recorded',
      mode: 'payment',
    });
    const { body, authorization, path } = recorded.at(-1)!;
    expect(path).toBe('/v1/checkout/sessions');
    expect(authorization).toBe('Bearer sk_test_recorded');
    expect(Object.fromEntries(body)).toMatchObject({
      mode: 'payment',
      client_reference_id: request.member.id,
      customer_email: 'hr@acme.example',
      'metadata[boardkit_member_id]': request.member.id,
      'metadata[boardkit_plan_id]': plan({}).id,
      'metadata[boardkit_job_id]': '0193a1b2-0000-7000-8000-0000000000bb',
      'payment_intent_data[metadata][boardkit_plan_id]': plan({}).id,
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '4900',
      'line_items[0][price_data][product_data][name]': 'Featured post',
      success_url: request.successUrl,
      cancel_url: request.cancelUrl,
    });
  });

  it('opens a subscription-mode Checkout whose subscription carries the same metadata and the trial', async () => {
    const session = await driver().createCheckout({
      ...request,
      plan: plan({
        kind: 'paywall',
        interval: 'year',
        amount: 9000,
        trialDays: 14,
        providerPriceId: 'price_123',
        jobsIncluded: null,
      }),
      jobId: null,
    });
    expect(session.mode).toBe('subscription');
    const body = Object.fromEntries(recorded.at(-1)!.body);
    expect(body).toMatchObject({
      mode: 'subscription',
      'line_items[0][price]': 'price_123',
      'subscription_data[metadata][boardkit_member_id]': request.member.id,
      'subscription_data[metadata][boardkit_plan_id]': plan({}).id,
      'subscription_data[trial_period_days]': '14',
    });
    expect(body['metadata[boardkit_job_id]']).toBeUndefined();
  });

  it('cancels at period end or now, answering the state to record', async () => {
    const row = { paymentProviderSubscriptionId: 'sub_1' } as Parameters<
      ReturnType<typeof driver>['cancelSubscription']
    >[0];
    const atEnd = await driver().cancelSubscription(row, true);
    expect(recorded.at(-1)).toMatchObject({ method: 'POST', path: '/v1/subscriptions/sub_1' });
    expect(recorded.at(-1)!.body.get('cancel_at_period_end')).toBe('true');
    expect(atEnd).toMatchObject({ kind: 'subscription', status: 'active', cancelAt: expect.any(Date) });
    const now = await driver().cancelSubscription(row, false);
    expect(recorded.at(-1)).toMatchObject({ method: 'DELETE', path: '/v1/subscriptions/sub_1' });
    expect(now).toMatchObject({ status: 'canceled', canceledAt: expect.any(Date) });
  });
});

describe('webhook signatures', () => {
  const secret = 'whsec_test_clock_0123456789';
  const payload = JSON.stringify({
    id: 'evt_clock',
    object: 'event',
    created: 1_790_000_000,
    type: 'customer.created',
    data: { object: { id: 'cus_1' } },
  });
  const signedAt = (timestamp: number) =>
    new Stripe('sk_test_signing_only').webhooks.generateTestHeaderString({ payload, secret, timestamp });
  const now = Date.UTC(2026, 10, 26, 12);
  const seconds = now / 1000;

  it.each([
    ['five minutes ago', seconds - 300],
    ['now', seconds],
    ['five minutes ahead (clocks drift)', seconds + 300],
  ])('accepts one signed %s', (_when, timestamp) => {
    expect(verifyStripeEvent(payload, signedAt(timestamp), secret, now).id).toBe('evt_clock');
  });

  it.each([
    ['six minutes ago', seconds - 360],
    ['six minutes ahead', seconds + 360],
    ['ten minutes ahead', seconds + 600],
  ])('refuses one signed %s', (_when, timestamp) => {
    expect(() => verifyStripeEvent(payload, signedAt(timestamp), secret, now)).toThrow(SignatureError);
  });

  it('refuses one signed with a time that is no number (the stripe package lets it through)', () => {
    const signature = createHmac('sha256', secret).update(`NaN.${payload}`).digest('hex');
    expect(() => verifyStripeEvent(payload, `t=NaN,v1=${signature}`, secret, now)).toThrow(
      'Timestamp outside the tolerance zone',
    );
  });
});

describe('amounts in events', () => {
  it.each([
    [4950, 4950],
    [0, 0],
    [2_147_483_647, 2_147_483_647],
    [2_147_483_648, null],
    [49.5, null],
    [-1, null],
    [1e308, null],
    ['4950', null],
  ])('a checkout of %j is %j minor units (a stored integer, or none)', (amount, minor) => {
    const change = stripeChange('checkout.session.completed', {
      id: 'cs_1',
      mode: 'payment',
      amount_total: amount,
    });
    expect(change).toMatchObject({ kind: 'checkout', amountMinor: minor });
  });
});
