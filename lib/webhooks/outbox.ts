import { and, arrayOverlaps, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from '@/db/schema';
import { afterCommit, type Db } from '@/lib/core/transaction';
import { kickWebhookDelivery } from './dispatch';
import { ALL_EVENTS, TEST_EVENT, type WebhookEventType } from './events';

/**
 * Writes an event to the outbox, with one pending delivery per enabled subscription that wants it,
 * in the caller's transaction: the event exists exactly when the change it describes was committed.
 * `data` is built only when someone subscribes. Delivery happens after commit (see worker.ts).
 */
export async function emitEvent(
  tx: Db,
  organizationId: number,
  type: WebhookEventType,
  data: () => Promise<Record<string, unknown>> | Record<string, unknown>,
): Promise<void> {
  const subscribers = await tx
    .select({ id: webhookSubscriptions.id })
    .from(webhookSubscriptions)
    .where(
      and(
        eq(webhookSubscriptions.organizationId, organizationId),
        eq(webhookSubscriptions.isEnabled, true),
        arrayOverlaps(webhookSubscriptions.events, [type, ALL_EVENTS]),
      ),
    );
  if (subscribers.length === 0) return;
  await insertDeliveries(
    tx,
    organizationId,
    type,
    await data(),
    subscribers.map((row) => row.id),
  );
}

/** POST /webhooks/{id}/test: a `webhook.test` event for one subscription; returns the delivery id. */
export async function emitTestEvent(tx: Db, organizationId: number, subscriptionId: string): Promise<string> {
  const [deliveryId] = await insertDeliveries(
    tx,
    organizationId,
    TEST_EVENT,
    { subscription_id: subscriptionId, message: 'A test event sent from Boardkit.' },
    [subscriptionId],
  );
  return deliveryId!;
}

async function insertDeliveries(
  tx: Db,
  organizationId: number,
  type: string,
  data: Record<string, unknown>,
  subscriptionIds: string[],
): Promise<string[]> {
  const [event] = await tx
    .insert(webhookEvents)
    .values({ organizationId, type, data })
    .returning({ id: webhookEvents.id });
  const now = new Date();
  const rows = await tx
    .insert(webhookDeliveries)
    .values(
      subscriptionIds.map((subscriptionId) => ({
        organizationId,
        subscriptionId,
        eventId: event!.id,
        nextAttemptAt: now,
      })),
    )
    .returning({ id: webhookDeliveries.id });
  // Sent as soon as the change is committed, whichever client made it; the timer or cron is the backstop.
  afterCommit(tx, kickWebhookDelivery);
  return rows.map((row) => row.id);
}
