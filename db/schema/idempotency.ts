import { index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { organizations } from './organizations';

/** A stored response for an `Idempotency-Key`, replayed on retries for 24 hours. */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    method: text().notNull(),
    path: text().notNull(),
    requestHash: text().notNull(),
    // Null while the first request is still in flight.
    responseStatus: smallint(),
    // The answer's JSON, sealed with the vault's key: answers carry signing secrets and applicants' data.
    sealedResponse: text(),
    createdAt: createdAt(),
    lockedUntil: timestamp({ withTimezone: true }).notNull(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.key] }),
    index('idempotency_records_expires_idx').on(table.expiresAt),
  ],
);

export type IdempotencyRecord = typeof idempotencyRecords.$inferSelect;
