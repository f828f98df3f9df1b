import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

/** Per-method request limits granted through support; absent methods use the defaults. */
export type RateLimitOverrides = Partial<Record<'GET' | 'POST' | 'PATCH' | 'DELETE', number>>;

export const organizations = pgTable('organizations', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  slug: text().notNull().unique(),
  name: text().notNull(),
  rateLimits: jsonb().$type<RateLimitOverrides>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export type Organization = typeof organizations.$inferSelect;
