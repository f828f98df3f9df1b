// Stripe webhooks as Stripe sends them: a board taking Stripe payments, events in Stripe's shape,
// signed with the stripe package's test helper and posted to the webhook route.
import Stripe from 'stripe';
import { expect } from 'vitest';
import { POST } from '@/app/api/organization/payments/webhook/route';
import { POST as setSecret } from '@/app/api/secrets/route';
import { getDb } from '@/db/client';
import { createMember } from '@/lib/members';
import { putPaymentSettings } from '@/lib/payments';
import { createTenant } from './factories';
import { call } from './http';

const stripe = new Stripe('sk_test_signing_only');
export const WEBHOOK_SECRET = 'whsec_test_boardkit_0123456789';
let eventCount = 0;
export const now = () => Math.floor(Date.now() / 1000);

/** A new organization taking Stripe payments (keys in its vault), with one approved member. */
export async function stripeTenant() {
  const tenant = await createTenant();
  const db = await getDb();
  for (const [name, value] of [
    ['stripe_key', 'sk_test_not_used_offline'],
    ['stripe_webhook', WEBHOOK_SECRET],
  ]) {
    expect(
      (await call(setSecret, { method: 'POST', path: '/secrets', apiKey: tenant.key, body: { name, value } }))
        .status,
    ).toBe(201);
  }
  await putPaymentSettings(db, tenant.organization.id, {
    provider: 'stripe',
    secret_key: 'vault:stripe_key',
    webhook_secret: 'vault:stripe_webhook',
  });
  const member = await createMember(db, tenant.organization.id, {
    email: `buyer${++eventCount}@example.com`,
    name: 'Buyer',
    role: 'employer',
    approvalStatus: 'approved',
  });
  return { ...tenant, db, member, orgId: tenant.organization.id, slug: tenant.organization.slug };
}

/** A Stripe event of `type` about `object`, with a fresh id. */
export function event(type: string, object: Record<string, unknown>, created = now()) {
  eventCount += 1;
  return {
    id: `evt_test_${eventCount}_${Date.now()}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created,
    livemode: false,
    type,
    data: { object },
  };
}

/** Posts the event to the board's webhook, signed (with another secret, time, or tampered after). */
export async function deliver(
  slug: string,
  body: object,
  {
    secret = WEBHOOK_SECRET,
    timestamp,
    tamper,
  }: { secret?: string; timestamp?: number; tamper?: boolean } = {},
) {
  const payload = JSON.stringify(body);
  const header = stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return call(POST, {
    method: 'POST',
    path: `/organization/payments/webhook?organization=${slug}`,
    headers: { 'stripe-signature': header, 'content-type': 'application/json' },
    body: tamper ? payload.replace('"livemode":false', '"livemode":true') : payload,
  });
}

/** The metadata a Boardkit checkout gives Stripe. */
export const meta = (memberId: string, planId: string, jobId?: string) => ({
  boardkit_member_id: memberId,
  boardkit_plan_id: planId,
  ...(jobId ? { boardkit_job_id: jobId } : {}),
});
