import { and, arrayOverlaps, eq, type SQL, sql } from 'drizzle-orm';
import { webhookDeliveries, webhookEvents, webhookSubscriptions } from '@/db/schema';
import { newId } from '@/lib/core/ids';
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

/** An enabled subscription and the event types it wants, as a write read it beforehand. */
export interface Subscriber {
  id: string;
  events: string[];
}

/** A scalar subquery: the enabled subscriptions wanting any of `types`, as a JSON array (or null). */
export function subscribersOf(organizationId: number, types: WebhookEventType[]): SQL<Subscriber[] | null> {
  const wanted = sql.join(
    [...types, ALL_EVENTS].map((type) => sql`${type}`),
    sql`, `,
  );
  return sql<Subscriber[] | null>`(
    select json_agg(json_build_object('id', s.id, 'events', s.events)) from ${webhookSubscriptions} s
    where s.organization_id = ${organizationId} and s.is_enabled and s.events && array[${wanted}]::text[])`;
}

/**
 * emitEvent for a caller's single-statement write: its events as data-modifying CTEs, each written
 * only when the CTE `gate` has a row (the write happened), with one delivery per subscriber (read
 * with the write's context) that wants it and still exists, enabled. Answers the CTEs; when there
 * are any, call `afterOutboxWrite` with the same database once the statement has run.
 */
export function outboxCtes(
  organizationId: number,
  events: { type: WebhookEventType; data: Record<string, unknown> }[],
  subscribers: Subscriber[],
  gate: string,
): SQL[] {
  return events.flatMap(({ type, data }, index) => {
    const wanted = subscribers.filter((row) => row.events.includes(type) || row.events.includes(ALL_EVENTS));
    if (wanted.length === 0) return [];
    const eventId = newId();
    const deliveries = wanted.map((row) => sql`(${newId()}::uuid, ${row.id}::uuid)`);
    return [
      sql`${sql.identifier(`event_${index}`)} as (
        insert into ${webhookEvents} (id, organization_id, type, data)
        select ${eventId}::uuid, ${organizationId}::int, ${type}, ${JSON.stringify(data)}::jsonb from ${sql.identifier(gate)}
        returning id)`,
      sql`${sql.identifier(`deliveries_${index}`)} as (
        insert into ${webhookDeliveries} (id, organization_id, subscription_id, event_id, next_attempt_at)
        select d.id, ${organizationId}::int, d.subscription_id, e.id, now()
        from ${sql.identifier(`event_${index}`)} e, (values ${sql.join(deliveries, sql`, `)}) as d(id, subscription_id)
        where exists (select 1 from ${webhookSubscriptions} s where s.id = d.subscription_id and s.is_enabled))`,
    ];
  });
}

/** After a statement with outboxCtes: deliveries go out once it is committed. */
export function afterOutboxWrite(db: Db): void {
  afterCommit(db, kickWebhookDelivery);
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
