import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type WebhookDelivery, webhookAttempts, webhookDeliveries, webhookEvents } from '@/db/schema';
import { AppError, notFound } from '@/lib/core/errors';
import { type PageRequest, pageOffset } from '@/lib/core/pagination';
import { afterCommit, queryAll, transaction } from '@/lib/core/transaction';
import { kickWebhookDelivery } from './dispatch';
import { emitTestEvent } from './outbox';
import type { deliveryStatuses, WebhookDeliveryOut } from './schemas';
import { findSubscription } from './subscriptions';

type DeliveryStatus = (typeof deliveryStatuses)[number];

function toDeliveryOut(row: WebhookDelivery, eventType: string): WebhookDeliveryOut {
  return {
    id: row.id,
    subscription_id: row.subscriptionId,
    event_id: row.eventId,
    event_type: eventType,
    status: row.status as DeliveryStatus,
    attempts: row.attempts,
    response_status: row.lastResponseStatus,
    error: row.lastError,
    latency_ms: row.lastDurationMs,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    next_attempt_at: row.status === 'pending' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** GET /webhooks/{id}/deliveries: newest first. */
export async function listDeliveries(
  db: Database,
  orgId: number,
  subscriptionId: string,
  query: PageRequest & { status?: DeliveryStatus },
): Promise<{ deliveries: WebhookDeliveryOut[]; total: number }> {
  await findSubscription(db, orgId, subscriptionId);
  const conditions: SQL[] = [eq(webhookDeliveries.subscriptionId, subscriptionId)];
  if (query.status) conditions.push(eq(webhookDeliveries.status, query.status));
  const where = and(...conditions);
  const { limit, offset } = pageOffset(query);
  const [rows, [totals]] = await queryAll(db, [
    db
      .select({ delivery: webhookDeliveries, type: webhookEvents.type })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(webhookDeliveries).where(where),
  ]);
  return { deliveries: rows.map((row) => toDeliveryOut(row.delivery, row.type)), total: totals?.total ?? 0 };
}

async function findDelivery(db: Database, orgId: number, subscriptionId: string, deliveryId: string) {
  const [row] = await db
    .select({ delivery: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(
      and(
        eq(webhookDeliveries.organizationId, orgId),
        eq(webhookDeliveries.subscriptionId, subscriptionId),
        eq(webhookDeliveries.id, deliveryId),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Delivery');
  return row;
}

/** GET /webhooks/{id}/deliveries/{delivery_id}: the delivery with every attempt. */
export async function getDelivery(db: Database, orgId: number, subscriptionId: string, deliveryId: string) {
  const row = await findDelivery(db, orgId, subscriptionId, deliveryId);
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, deliveryId))
    .orderBy(asc(webhookAttempts.attempt));
  return {
    ...toDeliveryOut(row.delivery, row.type),
    attempt_log: attempts.map((attempt) => ({
      attempt: attempt.attempt,
      started_at: attempt.startedAt.toISOString(),
      duration_ms: attempt.durationMs,
      response_status: attempt.responseStatus,
      response_body: attempt.responseBody,
      error: attempt.error,
      error_detail: attempt.errorDetail,
    })),
  };
}

/**
 * POST .../deliveries/{delivery_id}/retry: one more attempt now, whatever the delivery's state; a
 * delivery that had exhausted its retries gets only this one.
 */
export async function retryDelivery(
  db: Database,
  orgId: number,
  subscriptionId: string,
  deliveryId: string,
): Promise<WebhookDeliveryOut> {
  const subscription = await findSubscription(db, orgId, subscriptionId);
  if (!subscription.isEnabled) {
    throw new AppError('conflict', 'The subscription is disabled; enable it before retrying deliveries.');
  }
  const { type } = await findDelivery(db, orgId, subscriptionId, deliveryId);
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date(), claimedUntil: null, updatedAt: new Date() })
    .where(eq(webhookDeliveries.id, deliveryId))
    .returning();
  afterCommit(db, kickWebhookDelivery);
  return toDeliveryOut(row!, type);
}

/** POST /webhooks/{id}/test: a `webhook.test` event to this subscription alone. */
export async function sendTestEvent(
  db: Database,
  orgId: number,
  subscriptionId: string,
): Promise<WebhookDeliveryOut> {
  const subscription = await findSubscription(db, orgId, subscriptionId);
  if (!subscription.isEnabled) {
    throw new AppError('conflict', 'The subscription is disabled; enable it to send a test event.');
  }
  const deliveryId = await transaction(db, (tx) => emitTestEvent(tx, orgId, subscriptionId));
  const row = await findDelivery(db, orgId, subscriptionId, deliveryId);
  return toDeliveryOut(row.delivery, row.type);
}
