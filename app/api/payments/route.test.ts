// GET /api/payments and one amount's round trip: a signed Stripe event stores it in minor units, the
// API answers it in major units, and every place that writes it (receipt, board, webhook) writes
// the same words, in USD (2 decimals), JPY (none) and BHD (3, which numeric(14,2) used to cut).
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GET as getMember } from '@/app/api/members/[lookup]/route';
import { mailOutbox, organizations, payments, webhookEvents, webhookSubscriptions } from '@/db/schema';
import { formatMoney, toMinorUnits } from '@/lib/core/money';
import { memberBilling } from '@/lib/payments';
import { createTestPlan } from '@/test/factories';
import { call } from '@/test/http';
import { deliver, event, meta, stripeTenant } from '@/test/stripe-events';
import { GET } from './route';

const list = async (key: string, query = '') => call(GET, { path: `/payments${query}`, apiKey: key });

describe('an amount from Stripe to the API to the page', () => {
  it.each([
    { currency: 'usd', minor: 4950, major: 49.5, written: '$49.50', refundMinor: 1250, refundMajor: 12.5 },
    { currency: 'jpy', minor: 5000, major: 5000, written: '¥5,000', refundMinor: 1200, refundMajor: 1200 },
    {
      currency: 'bhd',
      minor: 12_345,
      major: 12.345,
      written: 'BHD\u00a012.345',
      refundMinor: 5,
      refundMajor: 0.005,
    },
  ])('$currency: $minor stored, $major answered, “$written” written', async (amount) => {
    const { key, slug, member, orgId, db } = await stripeTenant();
    await db.insert(webhookSubscriptions).values({
      organizationId: orgId,
      events: ['*'],
      eventsKey: '*',
      targetUrl: 'http://127.0.0.1:9/hook',
    });
    const code = amount.currency.toUpperCase();
    const plan = await createTestPlan(orgId, {
      kind: 'paywall',
      interval: 'one_time',
      amount: amount.minor,
      currency: code,
    });
    const paid = await deliver(
      slug,
      event('checkout.session.completed', {
        id: `cs_${amount.currency}`,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: amount.minor,
        currency: amount.currency,
        payment_intent: `pi_${amount.currency}`,
        metadata: meta(member.id, plan.id),
      }),
    );
    expect(paid.body.data.outcome).toBe('applied');

    const [stored] = await db.select().from(payments).where(eq(payments.organizationId, orgId));
    expect(stored).toMatchObject({ amount: amount.minor, currency: code });

    const answered = await list(key);
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject([{ amount: amount.major, currency: code }]);
    const profile = await call(getMember, {
      path: `/members/${member.id}`,
      apiKey: key,
      params: { lookup: member.id },
    });
    expect(profile.body.data.payments).toMatchObject([{ amount: amount.major, currency: code }]);
    const [webhook] = await db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.organizationId, orgId), eq(webhookEvents.type, 'payment.succeeded')));
    expect(webhook?.data).toMatchObject({ payment: { amount: amount.major, currency: code } });

    // What the board's account page and the receipt write, and what a client writes from the API.
    const [shown] = (await memberBilling(db, orgId, member.id)).payments;
    expect(formatMoney(shown!.amountMinor, shown!.currency, 'en-US')).toBe(amount.written);
    expect(formatMoney(toMinorUnits(answered.body.data[0].amount, code), code, 'en-US')).toBe(amount.written);
    const [receipt] = await db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.organizationId, orgId), eq(mailOutbox.kind, 'payment_receipt')));
    expect(receipt?.subject).toContain(amount.written);
    expect(receipt?.text).toContain(`${amount.written}, paid on`);

    // A partial refund: minor units in storage, major units in the API.
    await deliver(
      slug,
      event('charge.refunded', {
        id: `ch_${amount.currency}`,
        object: 'charge',
        payment_intent: `pi_${amount.currency}`,
        amount: amount.minor,
        amount_refunded: amount.refundMinor,
        refunded: false,
      }),
    );
    const [refunded] = await db.select().from(payments).where(eq(payments.organizationId, orgId));
    expect(refunded!.metadata).toEqual({ amount_refunded: amount.refundMinor });
    expect((await list(key)).body.data[0].metadata).toEqual({ amount_refunded: amount.refundMajor });
  });

  it("writes the receipt's amount in the organization's locale", async () => {
    const { slug, member, orgId, db } = await stripeTenant();
    await db.update(organizations).set({ locale: 'de-DE' }).where(eq(organizations.id, orgId));
    const plan = await createTestPlan(orgId, {
      kind: 'paywall',
      interval: 'one_time',
      amount: 1950,
      currency: 'EUR',
    });
    await deliver(
      slug,
      event('checkout.session.completed', {
        id: 'cs_eur',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        amount_total: 1950,
        currency: 'eur',
        payment_intent: 'pi_eur',
        metadata: meta(member.id, plan.id),
      }),
    );
    const [receipt] = await db.select().from(mailOutbox).where(eq(mailOutbox.organizationId, orgId));
    expect(receipt?.subject).toContain('19,50\u00a0€');
  });
});
