// Erasing a member (DELETE /members/{lookup}, and the member's own "Delete my account"): a live
// subscription is ended at its provider first, or the provider would go on billing someone the board
// no longer knows; when it cannot be ended, nothing is erased.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { members, paymentEvents, subscriptions } from '@/db/schema';
import { createTestPlan, memberOf, sellingBoard } from '@/test/factories';
import { deleteMember } from './service';

async function subscribed(orgId: number, memberId: string, status: string, provider = 'local') {
  const plan = await createTestPlan(orgId, { kind: 'paywall', interval: 'month' });
  const [row] = await (await getDb())
    .insert(subscriptions)
    .values({
      organizationId: orgId,
      userId: memberId,
      planId: plan.id,
      status,
      paymentProvider: provider,
      paymentProviderSubscriptionId: `sub_${Math.random().toString(36).slice(2)}`,
      currentPeriodEnd: new Date(Date.now() + 30 * 86_400_000),
    })
    .returning();
  return row!;
}

const cancels = async (orgId: number) =>
  (
    await (
      await getDb()
    )
      .select({ payload: paymentEvents.payload })
      .from(paymentEvents)
      .where(
        and(eq(paymentEvents.organizationId, orgId), eq(paymentEvents.type, 'boardkit.subscription.cancel')),
      )
  ).map((event) => event.payload);

describe('erasing a member', () => {
  it('ends each live subscription at its provider, now, before the member goes', async () => {
    const { db, orgId } = await sellingBoard();
    const member = await memberOf(orgId, 'candidate');
    const live = await subscribed(orgId, member.id, 'active');
    const pastDue = await subscribed(orgId, member.id, 'past_due');
    await subscribed(orgId, member.id, 'canceled');
    expect(await deleteMember(db, orgId, member.id)).toEqual({ id: member.id, deleted: true });

    const ended = await cancels(orgId);
    expect(ended.map((payload) => payload.subscription).sort()).toEqual([live.id, pastDue.id].sort());
    expect(ended.every((payload) => payload.at_period_end === false)).toBe(true);
    expect(await db.select().from(members).where(eq(members.id, member.id))).toEqual([]);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))).toEqual([]);
  });

  it('erases nothing while a subscription cannot be ended at its provider', async () => {
    const { db, orgId } = await sellingBoard();
    const member = await memberOf(orgId, 'candidate');
    // Made at Stripe, which the board no longer uses: no driver can end it.
    await subscribed(orgId, member.id, 'active', 'stripe');
    await expect(deleteMember(db, orgId, member.id)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('stripe provider is not configured'),
    });
    expect(await db.select().from(members).where(eq(members.id, member.id))).toHaveLength(1);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, member.id))).toHaveLength(1);
  });

  it('answers 404 for a member of another board, and ends nothing there', async () => {
    const { db, orgId } = await sellingBoard();
    const other = await sellingBoard();
    const member = await memberOf(orgId, 'candidate');
    await subscribed(orgId, member.id, 'active');
    await expect(deleteMember(db, other.orgId, member.id)).rejects.toMatchObject({ code: 'not_found' });
    expect(await cancels(orgId)).toEqual([]);
  });
});
