import { sql } from 'drizzle-orm';
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

/** The employers of a board: a page each, and the logo on their jobs. Jobs link by id or by name. */
export const companies = pgTable(
  'companies',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    logoUrl: text(),
    website: text(),
    description: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('companies_organization_slug_idx').on(table.organizationId, table.slug),
    // One company per name, case aside: jobs link to it by `company_name`.
    uniqueIndex('companies_organization_name_idx').on(table.organizationId, sql`lower(${table.name})`),
  ],
);

export type Company = typeof companies.$inferSelect;
