import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createMember, findMember } from '@/lib/members';
import { completeLocalCheckout, listPayments, putPaymentSettings, startCheckout } from '@/lib/payments';
import { listPaymentsQuerySchema } from '@/lib/payments/schemas';
import { createTenant, createTestPlan } from '@/test/factories';
import { memberEmails, paymentDates } from './queries';

const urls = {
  successUrl: 'https://board.example/account',
  cancelUrl: 'https://board.example/pricing',
  localCheckoutUrl: (id: string) => `https://board.example/checkout/${id}`,
};

/** A board on the local provider where one member bought a reader pass. */
async function boardWithSale() {
  const { organization } = await createTenant();
  const db = await getDb();
  await putPaymentSettings(db, organization.id, { provider: 'local' });
  const plan = await createTestPlan(organization.id, { interval: 'one_time' });
  const { id } = await createMember(db, organization.id, {
    email: `reader-${Date.now()}-${Math.random()}@example.com`,
    name: 'Robin',
    role: 'candidate',
  });
  const member = await findMember(db, organization.id, id);
  const { sessionId } = await startCheckout(db, organization.id, member, plan.id, urls);
  await completeLocalCheckout(db, organization.id, sessionId, member.id, new Date('2026-02-03T04:05:06Z'));
  const { payments } = await listPayments(db, organization.id, listPaymentsQuerySchema.parse({}));
  return { db, orgId: organization.id, member, payment: payments[0]! };
}

describe('what the payments lists add to the API shapes', () => {
  it('dates payments and names members, for this organization only', async () => {
    const { db, orgId, member, payment } = await boardWithSale();
    const other = await boardWithSale();

    const dates = await paymentDates(db, orgId, [payment.id, other.payment.id]);
    expect([...dates.keys()]).toEqual([payment.id]);
    expect(dates.get(payment.id)).toBeInstanceOf(Date);

    const emails = await memberEmails(db, orgId, [member.id, member.id, other.member.id]);
    expect(emails).toEqual(new Map([[member.id, member.email]]));
  });

  it('answers nothing for no rows', async () => {
    const db = await getDb();
    expect(await paymentDates(db, 1, [])).toEqual(new Map());
    expect(await memberEmails(db, 1, [])).toEqual(new Map());
  });
});
