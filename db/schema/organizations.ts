import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Per-method request limits granted through support; absent methods use the defaults. */
export type RateLimitOverrides = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', number>>;

export const organizations = pgTable('organizations', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  rateLimits: jsonb().$type<RateLimitOverrides>(),
  // Bumped in the same transaction as every job write: caches of job-derived figures key on it.
  jobsRevision: integer().notNull().default(0),
  /** Origins a browser may call the public (keyless) routes from; `*` allows any. */
  corsOrigins: text().array().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Organization = typeof organizations.$inferSelect;
