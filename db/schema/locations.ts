import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

/** Normalized, geocoded places of a board. Jobs reference them; the resource itself grows later. */
export const locations = pgTable(
  'locations',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    displayName: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('locations_organization_idx').on(table.organizationId)],
);

export type Location = typeof locations.$inferSelect;
