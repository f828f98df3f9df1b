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

/** An ATS board or XML feed whose postings are imported as jobs (lib/job-sources). */
export const jobSources = pgTable(
  'job_sources',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** greenhouse, lever, ashby or xml. */
    kind: text().notNull(),
    url: text().notNull(),
    /** Overrides the company the postings name. */
    companyName: text(),
    /** Main category (by name) of every job imported. */
    category: text(),
    statusForNewJobs: text().notNull().default('active'),
    isEnabled: boolean().notNull().default(true),
    syncIntervalMinutes: integer().notNull().default(60),
    /** Validators of the last complete fetch, sent back as If-None-Match / If-Modified-Since. */
    etag: text(),
    lastModified: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('job_sources_organization_created_idx').on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

/** One sync of a source: requested, claimed by a worker, finished with its counts or its error. */
export const jobSourceRuns = pgTable(
  'job_source_runs',
  {
    id: uuidPrimaryKey(),
    sourceId: uuid()
      .notNull()
      .references(() => jobSources.id, { onDelete: 'cascade' }),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    startedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp({ withTimezone: true }),
    /** Postings in the fetched document (null until fetched, or when it had not changed). */
    postings: integer(),
    created: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    unchanged: integer().notNull().default(0),
    expired: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    /** The first postings that could not be imported: `{ external_id, message }`. */
    failures: jsonb().$type<{ external_id: string; message: string }[]>().notNull().default([]),
    notModified: boolean().notNull().default(false),
    error: text(),
    /** The worker executing the run holds it until `claimExpiresAt`, extended as it goes. */
    claimToken: uuid(),
    claimExpiresAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    // "Never two at once": at most one unfinished run per source, whichever instance asks.
    uniqueIndex('job_source_runs_one_open_idx').on(table.sourceId).where(sql`${table.finishedAt} is null`),
    index('job_source_runs_source_started_idx').on(table.sourceId, table.startedAt.desc()),
  ],
);

export type JobSource = typeof jobSources.$inferSelect;
export type JobSourceRun = typeof jobSourceRuns.$inferSelect;
