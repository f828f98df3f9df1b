import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Per-method request limits granted through support; absent methods use the defaults. */
export type RateLimitOverrides = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', number>>;

/** How the public board looks, set in dashboard Settings or through the API (lib/board/look.ts). */
export interface BoardLook {
  logo_url?: string | null;
  accent_color?: string | null;
  tagline?: string | null;
  footer_text?: string | null;
  nav_links?: { label: string; url: string }[];
}

export const organizations = pgTable('organizations', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  rateLimits: jsonb().$type<RateLimitOverrides>(),
  /**
   * Bumped in the same transaction as every write to what the API lists and the board shows; caches
   * of derived answers key on it (lib/cache). The column keeps the name of its first use.
   */
  revision: integer('jobs_revision').notNull().default(0),
  /** Origins a browser may call the public (keyless) routes from; `*` allows any. */
  corsOrigins: text().array().notNull().default([]),
  /**
   * Origins whose pages may frame the board's jobs widget (`/embed`): its CSP frame-ancestors. Empty:
   * the widget is refused everywhere, as every other board page is.
   */
  embedOrigins: text().array().notNull().default([]),
  board: jsonb().$type<BoardLook>().notNull().default({}),
  /** A host name the owner wants the board on; serves the board only once verified by DNS. */
  customDomain: text().unique(),
  customDomainToken: text(),
  customDomainVerifiedAt: timestamp({ withTimezone: true }),
  customDomainCheckedAt: timestamp({ withTimezone: true }),
  customDomainError: text(),
  /** When a check of a verified domain first failed; the board keeps serving there for a grace period. */
  customDomainFailingSince: timestamp({ withTimezone: true }),
  /** New board members of these roles start `pending` until approved. */
  employersNeedApproval: boolean().notNull().default(true),
  candidatesNeedApproval: boolean().notNull().default(false),
  /** BCP 47 tag every date in the dashboard, on the board and in mail is written in. */
  locale: text().notNull().default('en-US'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Organization = typeof organizations.$inferSelect;

/**
 * A write's request to bump its organization's revision, applied as its transaction commits by a
 * deferred trigger (migration 0013), which also deletes the row. Updating the organization's row
 * mid-transaction held its lock until commit, so every write of one organization waited for the
 * one before it; the trigger holds it only while the commit itself runs.
 */
export const revisionBumps = pgTable('revision_bumps', {
  organizationId: integer().notNull(),
  /** A job write's own bump (lib/jobs/writes.ts): what revisionLog keeps of the job. */
  jobId: uuid(),
  before: jsonb(),
  created: boolean().notNull().default(false),
  recategorized: boolean().notNull().default(false),
});

/**
 * What each revision changed, written by the bump trigger (migration 0035) and kept for the last
 * 1,000 revisions of each organization: a row per job a job write changed, with the job as it was
 * before (null when the write created it) and whether its categories changed, or one row without a
 * job for any other write. A cached job total is carried across revisions that only changed jobs
 * (lib/jobs/totals.ts) instead of counting every match again.
 */
export const revisionLog = pgTable(
  'revision_log',
  {
    organizationId: integer().notNull(),
    revision: integer().notNull(),
    jobId: uuid(),
    before: jsonb(),
    created: boolean().notNull().default(false),
    recategorized: boolean().notNull().default(false),
  },
  (table) => [index('revision_log_organization_revision_idx').on(table.organizationId, table.revision)],
);
