import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

/** Job categories, nested one level: a sub-category's parent is a main category. */
export const categories = pgTable(
  'categories',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    slug: text().notNull(),
    parentId: uuid().references((): AnyPgColumn => categories.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Names are unique per board regardless of case: "Engineering" and "engineering" are one category.
    uniqueIndex('categories_organization_name_idx').on(table.organizationId, sql`lower(${table.name})`),
    uniqueIndex('categories_organization_slug_idx').on(table.organizationId, table.slug),
    index('categories_parent_idx').on(table.parentId),
  ],
);

export type Category = typeof categories.$inferSelect;
