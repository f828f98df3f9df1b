import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';
import { users } from './users';

export const apiKeyScopes = ['full', 'read_only'] as const;
export type ApiKeyScope = (typeof apiKeyScopes)[number];

/** The plaintext key is shown once and never stored: only its SHA-256 hash and a display prefix. */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    keyHash: text().notNull().unique(),
    prefix: text().notNull(),
    scope: text().$type<ApiKeyScope>().notNull().default('full'),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('api_keys_organization_idx').on(table.organizationId, table.createdAt),
    check('api_keys_scope_check', sql`${table.scope} in ('full', 'read_only')`),
  ],
);

export type ApiKey = typeof apiKeys.$inferSelect;
