// POST /api/subscriptions/{id}/cancel over HTTP: at period end or now, 409 once ended, 400 for a
// body that is not the schema's, 404 for another organization's subscription.
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createMember, findMember } from '@/lib/members';
import { completeLocalCheckout, memberBilling, putPaymentSettings, startCheckout } from '@/lib/payments';
import { createTenant, createTestPlan } from '@/test/factories';
import { call } from '@/test/http';
import { POST as cancel } from './route';

const urls = {
  successUrl: 'https://board.example/account',
  cancelUrl: 'https://board.example/pricing',
  localCheckoutUrl: (id: string) => `https://board.example/checkout/${id}`,
};

/** A board whose reader subscribed to its paywall plan through the local provider. */
async function subscribedReader() {
  const tenant = await createTenant();
  const db = await getDb();
  const orgId = tenant.organization.id;
  await putPaymentSettings(db, orgId, { provider: 'local' });
  const reader = await createMember(db, orgId, { email: 'reader@example.com', name: 'R', role: 'candidate' });
  const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'month', amount: 500 });
  const { sessionId } = await startCheckout(db, orgId, await findMember(db, orgId, reader.id), plan.id, urls);
  await completeLocalCheckout(db, orgId, sessionId, reader.id);
  const [subscription] = (await memberBilling(db, orgId, reader.id)).subscriptions;
  return { key: tenant.key, subscription: subscription! };
}

const cancelWith = (key: string, id: string, body: unknown) =>
  call(cancel, { method: 'POST', path: `/subscriptions/${id}/cancel`, apiKey: key, params: { id }, body });

describe('POST /api/subscriptions/{id}/cancel', () => {
  it('cancels at period end by default, now on request, and refuses a second cancellation', async () => {
    const { key, subscription } = await subscribedReader();
    const atEnd = await cancelWith(key, subscription.id, {});
    expect(atEnd.status).toBe(200);
    expect(atEnd.body.data).toMatchObject({ id: subscription.id, cancelAt: subscription.currentPeriodEnd });
    const now = await cancelWith(key, subscription.id, { at_period_end: false });
    expect(now.body.data).toMatchObject({ status: 'canceled', canceledAt: expect.any(String) });
    const again = await cancelWith(key, subscription.id, {});
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('conflict');
  });

  it('answers 400 for a body that is not the schema’s and 404 for another organization’s subscription', async () => {
    const { key, subscription } = await subscribedReader();
    const invalid = await cancelWith(key, subscription.id, { at_period_end: 'yes' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.code).toBe('validation_error');
    const other = await createTenant();
    expect((await cancelWith(other.key, subscription.id, {})).status).toBe(404);
  });
});
