// The organization's payments and subscriptions: lists for the API and dashboard, cancellation,
// and revenue per month.
import { and, count, desc, eq, notInArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { payments, subscriptions } from '@/db/schema';
import { AppError, notFound } from '@/lib/core/errors';
import { newId } from '@/lib/core/ids';
import { logError } from '@/lib/core/logger';
import { type PaginationMeta, pageOffset, paginationMeta } from '@/lib/core/pagination';
import { type Db, queryAll } from '@/lib/core/transaction';
import { applyProviderEvent } from './events';
import { driverFor } from './provider';
import type {
  listPaymentsQuerySchema,
  listSubscriptionsQuerySchema,
  PaymentProviderName,
  SubscriptionOut,
} from './schemas';
import { type PaymentRecord, toPaymentRecord, toSubscriptionOut } from './serialize';

export async function listPayments(
  db: Db,
  orgId: number,
  query: z.output<typeof listPaymentsQuerySchema>,
): Promise<{ payments: PaymentRecord[]; pagination: PaginationMeta }> {
  const conditions: (SQL | undefined)[] = [eq(payments.organizationId, orgId)];
  if (query.member) conditions.push(eq(payments.userId, query.member));
  if (query.plan) conditions.push(eq(payments.planId, query.plan));
  if (query.status) conditions.push(eq(payments.status, query.status));
  const where = and(...conditions);
  const { limit, offset } = pageOffset(query);
  const [rows, [total]] = await queryAll(db, [
    db
      .select()
      .from(payments)
      .where(where)
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(payments).where(where),
  ] as const);
  return { payments: rows.map(toPaymentRecord), pagination: paginationMeta(query, total?.total ?? 0) };
}

export async function listSubscriptions(
  db: Db,
  orgId: number,
  query: z.output<typeof listSubscriptionsQuerySchema>,
): Promise<{ subscriptions: SubscriptionOut[]; pagination: PaginationMeta }> {
  const conditions: (SQL | undefined)[] = [eq(subscriptions.organizationId, orgId)];
  if (query.member) conditions.push(eq(subscriptions.userId, query.member));
  if (query.plan) conditions.push(eq(subscriptions.planId, query.plan));
  if (query.status) conditions.push(eq(subscriptions.status, query.status));
  const where = and(...conditions);
  const { limit, offset } = pageOffset(query);
  const [rows, [total]] = await queryAll(db, [
    db
      .select()
      .from(subscriptions)
      .where(where)
      .orderBy(desc(subscriptions.createdAt), desc(subscriptions.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(subscriptions).where(where),
  ] as const);
  return { subscriptions: rows.map(toSubscriptionOut), pagination: paginationMeta(query, total?.total ?? 0) };
}

const ENDED = ['canceled', 'incomplete_expired'];

/**
 * POST /subscriptions/{id}/cancel: at the provider, then recorded at once from its answer (the
 * provider's webhook confirms it later and changes nothing more). 409 when it has already ended.
 */
export async function cancelSubscription(
  db: Db,
  orgId: number,
  id: string,
  atPeriodEnd: boolean,
): Promise<SubscriptionOut> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.organizationId, orgId), eq(subscriptions.id, id)));
  if (!row) throw notFound('Subscription');
  if (ENDED.includes(row.status))
    throw new AppError('conflict', `This subscription is already ${row.status}.`);
  const driver = await driverFor(db, orgId, row.paymentProvider);
  if (!driver) {
    throw new AppError(
      'conflict',
      `The ${row.paymentProvider} provider is not configured for this organization any more.`,
    );
  }
  const change = await driver.cancelSubscription(row, atPeriodEnd);
  if (change) {
    await applyProviderEvent(db, orgId, row.paymentProvider as PaymentProviderName, {
      id: `cancel_${newId().replaceAll('-', '')}`,
      type: 'boardkit.subscription.cancel',
      occurredAt: new Date(),
      payload: { subscription: row.id, at_period_end: atPeriodEnd },
      change,
    });
  }
  const [updated] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
  return toSubscriptionOut(updated!);
}

/**
 * Ends every subscription of a member that has not ended, now, at its provider: before the member is
 * erased, or the provider would go on billing someone the board no longer knows. A cancel the provider
 * refuses (or a provider no longer configured) throws, and the caller erases nothing. Answers how many
 * were ended.
 */
export async function endSubscriptionsOf(db: Db, orgId: number, memberId: string): Promise<number> {
  const live = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.organizationId, orgId),
        eq(subscriptions.userId, memberId),
        notInArray(subscriptions.status, ENDED),
      ),
    );
  for (const { id } of live) {
    try {
      await cancelSubscription(db, orgId, id, false);
    } catch (error) {
      if (error instanceof AppError) throw error;
      logError('subscription_not_ended', error, { organizationId: orgId, subscriptionId: id });
      throw new AppError(
        'service_unavailable',
        'The payment provider did not confirm the end of a subscription of this member, so nothing was erased. Try again in a moment.',
      );
    }
  }
  return live.length;
}

export interface MonthRevenue {
  month: string;
  currency: string;
  /** In the currency's minor units. */
  amountMinor: number;
  payments: number;
}

/** Succeeded payments per calendar month (UTC) and currency, the last `months` months. */
export async function revenueByMonth(db: Db, orgId: number, months = 12): Promise<MonthRevenue[]> {
  const rows = await db
    .select({
      month: sql<string>`to_char(date_trunc('month', ${payments.createdAt} at time zone 'UTC'), 'YYYY-MM')`,
      currency: payments.currency,
      amountMinor: sql<string>`sum(${payments.amount})`,
      payments: sql<number>`count(*)::int`,
    })
    .from(payments)
    .where(
      and(
        eq(payments.organizationId, orgId),
        eq(payments.status, 'succeeded'),
        sql`${payments.createdAt} >= date_trunc('month', now() at time zone 'UTC') - make_interval(months => ${months - 1})`,
      ),
    )
    .groupBy(sql`1`, payments.currency)
    .orderBy(sql`1`, payments.currency);
  return rows.map((row) => ({ ...row, amountMinor: Number(row.amountMinor) }));
}
