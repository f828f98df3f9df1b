import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

export const webhookSubscriptions = pgTable(
  'webhook_subscriptions',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Event names or `*`, sorted and distinct. */
    events: text().array().notNull(),
    /** `events` joined with commas: with the target, what makes two subscriptions the same. */
    eventsKey: text().notNull(),
    targetType: text().notNull().default('webhook'),
    targetUrl: text().notNull(),
    /** Sealed (lib/secrets/crypto.ts) signing secret, or null when `secretRef` names a vault secret. */
    sealedSecret: text(),
    /** `vault:<name>`: resolved at every delivery. */
    secretRef: text(),
    /** After a rotation the old secret keeps signing too until `previousSecretExpiresAt`. */
    sealedPreviousSecret: text(),
    previousSecretExpiresAt: timestamp({ withTimezone: true }),
    isEnabled: boolean().notNull().default(true),
    /** Why the service disabled it (410 Gone, days of failures); null when enabled or disabled by hand. */
    disabledReason: text(),
    /** Start of the current run of failed deliveries; null after a success. */
    failingSince: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('webhook_subscriptions_identity_idx').on(
      table.organizationId,
      table.eventsKey,
      table.targetType,
      table.targetUrl,
    ),
    index('webhook_subscriptions_organization_created_idx').on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** The outbox: one row per event, written in the transaction of the change it describes. */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_events_organization_created_idx').on(table.organizationId, table.createdAt)],
);

/** One event to one subscription; `id` is the `webhook-id` header, the same on every attempt. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    subscriptionId: uuid()
      .notNull()
      .references(() => webhookSubscriptions.id, { onDelete: 'cascade' }),
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    /** `pending` (due at `nextAttemptAt`), `succeeded`, `failed` (retries exhausted or cancelled). */
    status: text().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }),
    /** Set while a worker holds the delivery; a claim older than the send timeout is taken over. */
    claimedUntil: timestamp({ withTimezone: true }),
    lastAttemptAt: timestamp({ withTimezone: true }),
    lastResponseStatus: integer(),
    lastError: text(),
    lastDurationMs: integer(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('webhook_deliveries_due_idx').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_subscription_created_idx').on(
      table.subscriptionId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuidPrimaryKey(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer().notNull(),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    durationMs: integer().notNull(),
    responseStatus: integer(),
    /** The first 4 KB of the response body. */
    responseBody: text(),
    /** Why it failed without a usable response: `timeout`, `network_error`, `blocked_target`, `secret_unavailable`, ... */
    error: text(),
    /** What happened, in words (e.g. which address was refused and why). */
    errorDetail: text(),
  },
  (table) => [index('webhook_attempts_delivery_idx').on(table.deliveryId, table.attempt)],
);

export type WebhookSubscription = typeof webhookSubscriptions.$inferSelect;
export type WebhookEvent = typeof webhookEvents.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
