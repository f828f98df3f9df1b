import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { jobs } from './jobs';
import { members } from './members';
import { organizations } from './organizations';

/**
 * What a board sells: job posts (one-time packs or a recurring allowance) or paywall access.
 * `amount` is in the currency's minor units. Deleting a plan that anything refers to archives it.
 */
export const plans = pgTable(
  'plans',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text(),
    kind: text().notNull(),
    amount: integer().notNull(),
    currency: text().notNull(),
    interval: text().notNull(),
    jobsIncluded: integer(),
    featured: boolean().notNull().default(false),
    jobDurationDays: integer().notNull().default(30),
    trialDays: integer().notNull().default(0),
    isActive: boolean().notNull().default(true),
    providerPriceId: text(),
    archivedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('plans_organization_created_idx').on(table.organizationId, table.createdAt, table.id),
    check('plans_kind_check', sql`${table.kind} in ('job_post', 'job_subscription', 'paywall')`),
    check('plans_interval_check', sql`${table.interval} in ('one_time', 'month', 'year')`),
    check('plans_amount_check', sql`${table.amount} >= 0`),
  ],
);

export type Plan = typeof plans.$inferSelect;

/** The board content behind the paywall (see lib/payments/paywall.ts). */
export interface PaywallRules {
  /** Jobs after the newest `jobs_preview_count` are gated; null: jobs are not gated. */
  jobs_preview_count: number | null;
  apply: boolean;
  members_only_posts: boolean;
}

/**
 * How an organization takes payments. The provider's keys are `vault:<name>` references to the
 * secrets vault, never the values.
 */
export const paymentSettings = pgTable('payment_settings', {
  organizationId: integer()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  provider: text(),
  secretKeyRef: text(),
  webhookSecretRef: text(),
  currency: text().notNull().default('USD'),
  /** A job paid for on the board goes to `pending` approval instead of live. */
  paidJobsNeedApproval: boolean().notNull().default(false),
  /** What only a valid paywall subscription sees; null: nothing is gated. */
  paywall: jsonb().$type<PaywallRules>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type PaymentSettings = typeof paymentSettings.$inferSelect;

/** A member's recurring plan (paywall access or job-post allowance), as the provider reports it. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    planId: uuid()
      .notNull()
      .references(() => plans.id),
    status: text().notNull(),
    paymentProvider: text().notNull().default('local'),
    paymentProviderSubscriptionId: text().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }),
    currentPeriodEnd: timestamp({ withTimezone: true }),
    cancelAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    jobsRemaining: integer(),
    metadata: jsonb().$type<Record<string, unknown>>(),
    /** When the provider made the state stored here: an older event never overwrites it. */
    providerStateAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('subscriptions_user_idx').on(table.userId),
    index('subscriptions_organization_created_idx').on(table.organizationId, table.createdAt, table.id),
    uniqueIndex('subscriptions_provider_id_idx').on(
      table.organizationId,
      table.paymentProvider,
      table.paymentProviderSubscriptionId,
    ),
    check('subscriptions_jobs_remaining_check', sql`${table.jobsRemaining} >= 0`),
  ],
);

export type Subscription = typeof subscriptions.$inferSelect;

/**
 * One payment. Kept for bookkeeping when its member is erased: `userId` becomes null and the
 * personal details in `metadata` are removed; a refund's `metadata.amount_refunded` is in minor units
 * too. `providerReference` is the provider's object this
 * payment is (a checkout session, or an invoice of a subscription), so each is stored once.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => members.id, { onDelete: 'set null' }),
    jobId: uuid().references(() => jobs.id, { onDelete: 'set null' }),
    planId: uuid().references(() => plans.id),
    subscriptionId: uuid().references(() => subscriptions.id, { onDelete: 'set null' }),
    /** In the currency's minor units, like `plans.amount` (migration 0027). */
    amount: integer().notNull(),
    currency: text().notNull(),
    status: text().notNull(),
    paymentProvider: text().notNull(),
    paymentProviderSessionId: text().notNull().default(''),
    paymentProviderPaymentIntentId: text().notNull().default(''),
    providerReference: text().notNull(),
    /** Job posts this one-time payment bought and has not used yet. */
    jobsRemaining: integer(),
    metadata: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    providerStateAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('payments_user_idx').on(table.userId),
    // Deleting a job sets these to null: without an index every job delete read the whole table.
    index('payments_job_idx').on(table.jobId).where(sql`${table.jobId} is not null`),
    index('payments_organization_created_idx').on(table.organizationId, table.createdAt, table.id),
    uniqueIndex('payments_provider_reference_idx').on(
      table.organizationId,
      table.paymentProvider,
      table.providerReference,
    ),
    check('payments_status_check', sql`${table.status} in ('pending', 'succeeded', 'failed', 'refunded')`),
    check('payments_jobs_remaining_check', sql`${table.jobsRemaining} >= 0`),
  ],
);

export type Payment = typeof payments.$inferSelect;

/**
 * A checkout started on the board: who buys which plan (and for which job), at which provider. The
 * local provider's checkout page reads it; the status page shows where a paid job stands.
 */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    /** The provider's session id (`cs_...` at Stripe, `lcs_...` locally). */
    id: text().primaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    planId: uuid()
      .notNull()
      .references(() => plans.id),
    jobId: uuid().references(() => jobs.id, { onDelete: 'set null' }),
    mode: text().notNull(),
    /**
     * `open`, then `complete` once the provider confirms, or `expired` (a local checkout the board no
     * longer takes: another provider or none, the plan off sale). Only an open session can be paid.
     */
    status: text().notNull().default('open'),
    url: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('checkout_sessions_member_idx').on(table.memberId, table.createdAt),
    index('checkout_sessions_job_idx').on(table.jobId).where(sql`${table.jobId} is not null`),
    check('checkout_sessions_mode_check', sql`${table.mode} in ('payment', 'subscription')`),
    check('checkout_sessions_status_check', sql`${table.status} in ('open', 'complete', 'expired')`),
  ],
);

export type CheckoutSession = typeof checkoutSessions.$inferSelect;

/** Every provider event accepted, once by its id: replays are answered and change nothing. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    provider: text().notNull(),
    eventId: text().notNull(),
    type: text().notNull(),
    /** The provider's creation time of the event. */
    occurredAt: timestamp({ withTimezone: true }).notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    /** What handling did: `applied`, `ignored` (not ours or not handled), `stale`. */
    outcome: text().notNull(),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.provider, table.eventId] })],
);
