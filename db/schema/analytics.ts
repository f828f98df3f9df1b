import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { organizations } from './organizations';

/**
 * Append-only visitor events of the boards: page views and custom events from the board's script,
 * and what the server sees itself (job views, apply clicks, applications). No address or user agent
 * is stored: `visitor` is a hash under a salt that lives one day (lib/analytics/visitor.ts).
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    occurredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** `pageview`, `job_view`, `apply_click`, `application`, or a custom event's name. */
    name: text().notNull(),
    /** The board path, without the `/b/{slug}` prefix of path mode or the query. */
    path: text().notNull(),
    /** The job a job page, apply click or application is about; kept when the job is deleted. */
    jobId: uuid(),
    visitor: text().notNull(),
    /** Where the visitor came from (Google, LinkedIn, a UTM source); null for internal navigation. */
    source: text(),
    referrerHost: text(),
    /** ISO 3166-1 alpha-2, or null when unknown. */
    country: text(),
    device: text().notNull(),
    browser: text(),
    os: text(),
    props: jsonb().$type<Record<string, string | number | boolean>>(),
  },
  (table) => [
    index('analytics_events_organization_time_idx').on(table.organizationId, table.occurredAt),
    index('analytics_events_job_time_idx')
      .on(table.organizationId, table.jobId, table.occurredAt)
      .where(sql`${table.jobId} is not null`),
  ],
);

export type AnalyticsEvent = typeof analyticsEvents.$inferSelect;

/** The visitor-hash salt of each UTC day; older salts are deleted, so hashes cannot be redone. */
export const analyticsSalts = pgTable('analytics_salts', {
  day: date().primaryKey(),
  salt: text().notNull(),
  createdAt: createdAt(),
});

/** Per organization: the time zone its numbers are read in, and how long raw events are kept. */
export const analyticsSettings = pgTable('analytics_settings', {
  organizationId: integer()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  timezone: text().notNull().default('UTC'),
  retentionDays: integer().notNull().default(90),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Closed days of the organization's time zone, summed from raw events by the analytics worker so
 * that long periods read a few rows (lib/analytics/rollup.ts). `all` carries every metric; the
 * breakdown dimensions (`page`, `source`, `country`, `device`, `browser`) carry visitors and page
 * views per value. Kept after the raw events expire.
 */
export const analyticsDaily = pgTable(
  'analytics_daily',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    dimension: text().notNull(),
    value: text().notNull(),
    visitors: integer().notNull(),
    pageviews: integer().notNull(),
    visits: integer().notNull().default(0),
    bounces: integer().notNull().default(0),
    durationSeconds: bigint({ mode: 'number' }).notNull().default(0),
    jobViews: integer().notNull().default(0),
    applyClicks: integer().notNull().default(0),
    applications: integer().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.day, table.dimension, table.value] }),
    // A breakdown over a period is read from this index alone (its sums are in it).
    index('analytics_daily_breakdown_idx').on(
      table.organizationId,
      table.dimension,
      table.day,
      table.value,
      table.visitors,
      table.pageviews,
    ),
  ],
);

/** How far each organization's days are summed, and in which time zone they were cut. */
export const analyticsRollups = pgTable('analytics_rollups', {
  organizationId: integer()
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  timezone: text().notNull(),
  rolledThrough: date().notNull(),
  /**
   * The days after `rolledThrough` (today, and yesterday in the grace minutes after midnight) are
   * summed for their events before this instant up to `analyticsSummedEvents.throughId`; null: not
   * summed at all (lib/analytics/open-days.ts).
   */
  partialUntil: timestamp({ withTimezone: true }),
  updatedAt: updatedAt(),
});

/** How far new events are summed into the open days: by id, the order of insertion. */
export const analyticsSummedEvents = pgTable(
  'analytics_summed_events',
  {
    /** One row. */
    id: boolean().primaryKey().default(true),
    throughId: bigint({ mode: 'number' }).notNull(),
  },
  (table) => [check('analytics_summed_events_one_row', sql`${table.id}`)],
);

/**
 * The visits of each visitor of an open day so far (a JSON array, lib/analytics/open-days.ts), so
 * that new events continue or join them instead of counting again. Deleted when the day closes.
 */
export const analyticsOpenVisitors = pgTable(
  'analytics_open_visitors',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    visitor: text().notNull(),
    visits: jsonb().notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day, table.visitor] })],
);

/** The pages each visitor of an open day is counted on. Deleted when the day closes. */
export const analyticsOpenPages = pgTable(
  'analytics_open_pages',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    day: date().notNull(),
    visitor: text().notNull(),
    path: text().notNull(),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day, table.visitor, table.path] })],
);
