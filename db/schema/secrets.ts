import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

/** The secrets vault: write-only values, referenced in configuration as `vault:<name>`. */
export const secrets = pgTable(
  'secrets',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** A sealed envelope from lib/secrets/crypto.ts (AES-256-GCM; names its master key id). */
    sealedValue: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex('secrets_organization_name_idx').on(table.organizationId, table.name)],
);

export type Secret = typeof secrets.$inferSelect;
