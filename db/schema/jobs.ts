import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { categories } from './categories';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { companies } from './companies';
import { jobSources } from './job-sources';
import { locations } from './locations';
import { members } from './members';
import { organizations } from './organizations';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

export const jobs = pgTable(
  'jobs',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    description: text().notNull(),
    /** The sanitized HTML the board renders, derived from `description` on save (null: older rows). */
    descriptionHtml: text(),
    companyName: text().notNull(),
    /** The company record the job belongs to; `companyName` follows its name. */
    companyId: uuid().references(() => companies.id, { onDelete: 'set null' }),
    slug: text().notNull(),
    location: text(),
    locationId: uuid().references(() => locations.id, { onDelete: 'set null' }),
    // The map pin: a street address's own point when the location text was one, else the location's.
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    coordinatesPrecision: text(),
    jobType: text(),
    status: text().notNull(),
    isRemote: boolean().notNull().default(false),
    /** on_site, hybrid or remote (lib/jobs/workplace.ts); remote exactly when is_remote. */
    workplaceType: text().notNull().default('on_site'),
    salaryMin: numeric({ precision: 14, scale: 2, mode: 'number' }),
    salaryMax: numeric({ precision: 14, scale: 2, mode: 'number' }),
    salaryCurrency: text(),
    salaryPeriod: text(),
    contactEmail: text(),
    howToApply: text(),
    howToApplyMethod: text(),
    companyWebsite: text(),
    categoryId: uuid().references(() => categories.id, { onDelete: 'set null' }),
    publishedAt: timestamp({ withTimezone: true }),
    /** The employer member who posted it on the board. */
    memberId: uuid().references(() => members.id, { onDelete: 'set null' }),
    /** Paid featured placement: sorts first on the board, with a badge. */
    featured: boolean().notNull().default(false),
    expiresAt: timestamp({ withTimezone: true }),
    /** The source the job was imported from (lib/job-sources), its id there and a hash of what was imported. */
    sourceId: uuid().references(() => jobSources.id, { onDelete: 'set null' }),
    externalId: text(),
    sourceHash: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // Weighted full-text document: title first, then company, then description.
    searchVector: tsvector().generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') || setweight(to_tsvector('english', coalesce(company_name, '')), 'B') || setweight(to_tsvector('english', coalesce(description, '')), 'C')`,
    ),
  },
  (table) => [
    uniqueIndex('jobs_organization_slug_idx').on(table.organizationId, table.slug),
    // NULLS FIRST matches ORDER BY ... DESC, so the newest-first list reads the index in order.
    index('jobs_organization_created_idx').on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Prefix search for free slugs (`slug LIKE 'base-%'`) under any database collation.
    index('jobs_organization_slug_pattern_idx').on(table.organizationId, sql`${table.slug} text_pattern_ops`),
    index('jobs_organization_published_idx').on(table.organizationId, table.publishedAt),
    index('jobs_organization_status_idx').on(table.organizationId, table.status, table.expiresAt),
    // The job alert worker reads job writes since its last scan (lib/alerts/worker.ts).
    index('jobs_updated_idx').on(table.updatedAt),
    index('jobs_member_idx').on(table.memberId),
    index('jobs_company_idx').on(table.companyId),
    uniqueIndex('jobs_source_external_idx').on(table.sourceId, table.externalId),
    // A new or renamed company takes over the jobs that carry its name (lib/companies).
    index('jobs_organization_company_name_idx').on(table.organizationId, sql`lower(${table.companyName})`),
    // The board's order: featured first, then newest published (listJobs with newest: 'published').
    index('jobs_organization_featured_published_idx').on(
      table.organizationId,
      table.featured,
      table.publishedAt,
    ),
    // Search tiers (see listJobs): the whole document, then title and company alone.
    index('jobs_organization_search_idx').using('gin', table.organizationId, table.searchVector),
    index('jobs_organization_title_search_idx').using(
      'gin',
      table.organizationId,
      sql`to_tsvector('english', ${table.title})`,
    ),
    index('jobs_organization_company_search_idx').using(
      'gin',
      table.organizationId,
      sql`to_tsvector('english', ${table.companyName})`,
    ),
    index('jobs_title_trgm_idx').using('gin', sql`${table.title} gin_trgm_ops`),
    index('jobs_company_trgm_idx').using('gin', sql`${table.companyName} gin_trgm_ops`),
    index('jobs_location_trgm_idx').using('gin', sql`${table.location} gin_trgm_ops`),
  ],
);

/** Every category a job is filed under, the main one included; `position` keeps the given order. */
export const jobCategories = pgTable(
  'job_categories',
  {
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    position: smallint().notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.jobId, table.categoryId] }),
    index('job_categories_category_idx').on(table.categoryId, table.jobId),
  ],
);

/**
 * A job a board member keeps to come back to. One row per (member, job); it goes with either, so an
 * erased member or a deleted job leaves nothing behind. Expired jobs stay saved and show as such.
 */
export const savedJobs = pgTable(
  'saved_jobs',
  {
    memberId: uuid()
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    jobId: uuid()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    savedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.memberId, table.jobId] }),
    // The account's list: newest saved first, paged.
    index('saved_jobs_member_saved_idx').on(table.memberId, table.savedAt.desc(), table.jobId.desc()),
    // A job deleted cascades here by job id.
    index('saved_jobs_job_idx').on(table.jobId),
  ],
);

export type SavedJob = typeof savedJobs.$inferSelect;

export type Job = typeof jobs.$inferSelect;
export type NewJob = typeof jobs.$inferInsert;
