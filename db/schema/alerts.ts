import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  integer,
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

const tsquery = customType<{ data: string }>({ dataType: () => 'tsquery' });

/**
 * `%value%` for ILIKE, the value's own `\`, `%` and `_` taken literally (as lib/core/sql-like.ts
 * escapes them); null when the value is shorter than `minLength`.
 */
const containsPattern = (column: string, minLength: number) =>
  sql.raw(
    `case when length(${column}) >= ${minLength} then '%' || replace(replace(replace(${column}, '\\', '\\\\'), '%', '\\%'), '_', '\\_') || '%' end`,
  );

/**
 * A job alert: an email address, an optional search in the board's filter names, and how often.
 * `pending` until the address confirms (double opt-in); only `active` alerts send.
 */
export const jobAlerts = pgTable(
  'job_alerts',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lowercased. */
    email: text().notNull(),
    /** The member who made it while signed in; erased with them. */
    memberId: uuid().references(() => members.id, { onDelete: 'cascade' }),
    q: text(),
    /** A category slug; its sub-categories match too. */
    category: text(),
    jobType: text(),
    remote: boolean().notNull().default(false),
    location: text(),
    /** A minimum yearly salary in the board's salary currency at matching time (lib/jobs/salary.ts). */
    salaryMin: integer(),
    frequency: text().notNull(),
    status: text().notNull().default('pending'),
    // Derived from q and location once, so matching a job against every alert parses nothing.
    searchQuery: tsquery().generatedAlwaysAs(
      sql`case when q is null then null else websearch_to_tsquery('english', q) end`,
    ),
    // The board's search also matches title and company as substrings of 3 characters or more.
    searchPattern: text().generatedAlwaysAs(containsPattern('q', 3)),
    locationPattern: text().generatedAlwaysAs(containsPattern('location', 1)),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    /** Digests: jobs that went live after this are new to the alert. */
    digestCursor: timestamp({ withTimezone: true }),
    nextDigestAt: timestamp({ withTimezone: true }),
    /** A digest run holds the alert until then, so two runs never send one digest twice. */
    claimedUntil: timestamp({ withTimezone: true }),
    lastSentAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // One alert per address and search: subscribing again changes the frequency of the one there is.
    uniqueIndex('job_alerts_search_idx').on(
      table.organizationId,
      table.email,
      sql`coalesce(${table.q}, '')`,
      sql`coalesce(${table.category}, '')`,
      sql`coalesce(${table.jobType}, '')`,
      table.remote,
      sql`coalesce(${table.location}, '')`,
      sql`coalesce(${table.salaryMin}, -1)`,
    ),
    index('job_alerts_organization_created_idx').on(table.organizationId, table.createdAt, table.id),
    index('job_alerts_instant_idx')
      .on(table.organizationId)
      .where(sql`${table.status} = 'active' and ${table.frequency} = 'instant'`),
    index('job_alerts_digest_due_idx')
      .on(table.nextDigestAt)
      .where(sql`${table.status} = 'active' and ${table.frequency} <> 'instant'`),
    index('job_alerts_member_idx').on(table.memberId),
    check('job_alerts_frequency_check', sql`${table.frequency} in ('instant', 'daily', 'weekly')`),
    check('job_alerts_salary_min_check', sql`${table.salaryMin} >= 0`),
    check('job_alerts_status_check', sql`${table.status} in ('pending', 'active', 'unsubscribed')`),
  ],
);

export type JobAlert = typeof jobAlerts.$inferSelect;

/** Which job went to which alert: never the same job twice to one alert. */
export const jobAlertDeliveries = pgTable(
  'job_alert_deliveries',
  {
    alertId: uuid()
      .notNull()
      .references(() => jobAlerts.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    sentAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.alertId, table.jobId] }),
    index('job_alert_deliveries_job_idx').on(table.jobId),
  ],
);

/**
 * Jobs that went live on a board with alerts, found by the alert worker's scan of job writes: the
 * instant alerts' queue (`instantMatchedAt` null) and the digests' list of new jobs.
 */
export const alertJobs = pgTable(
  'alert_jobs',
  {
    jobId: uuid()
      .primaryKey()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    liveSince: timestamp({ withTimezone: true }).notNull(),
    instantMatchedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('alert_jobs_organization_live_idx').on(table.organizationId, table.liveSince),
    index('alert_jobs_instant_due_idx').on(table.liveSince).where(sql`${table.instantMatchedAt} is null`),
  ],
);

/** How far the alert worker has read job writes (one row). */
export const alertScans = pgTable('alert_scans', {
  name: text().primaryKey(),
  scannedUntil: timestamp({ withTimezone: true }).notNull(),
});
