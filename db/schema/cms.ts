import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

/** Custom content types an organization defines: a field schema plus publishing rules. */
export const cmsCollections = pgTable(
  'cms_collections',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    slug: text().notNull(),
    name: text().notNull(),
    description: text(),
    /** `public`, `gated` or `private`. */
    visibility: text().notNull().default('private'),
    schema: jsonb().$type<unknown[]>().notNull(),
    /** Bumped whenever `schema` changes; item validators are cached per version. */
    schemaVersion: integer().notNull().default(1),
    rules: jsonb().$type<Record<string, unknown>>().notNull(),
    requiredEntitlement: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('cms_collections_organization_slug_idx').on(table.organizationId, table.slug),
    check('cms_collections_visibility_check', sql`${table.visibility} in ('public', 'gated', 'private')`),
  ],
);

export const cmsItems = pgTable(
  'cms_items',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    collectionId: uuid()
      .notNull()
      .references(() => cmsCollections.id, { onDelete: 'cascade' }),
    /** Stored as validated against the schema version of its last write; later schema changes leave it as is. */
    data: jsonb().$type<Record<string, unknown>>().notNull(),
    schemaVersion: integer().notNull(),
    /** Plain text of the searchable fields at the last write. */
    searchText: text().notNull().default(''),
    /** `draft`, `pending_review`, `published`, `expired` or `archived`. */
    status: text().notNull().default('draft'),
    startsAt: timestamp({ withTimezone: true }),
    expiresAt: timestamp({ withTimezone: true }),
    position: integer().notNull().default(0),
    ownerUserId: uuid(),
    /** `api`, `dashboard` or `submission` (the public submit form). */
    source: text().notNull().default('api'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('cms_items_collection_created_idx').on(
      table.collectionId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('cms_items_collection_position_idx').on(table.collectionId, table.position, table.id),
    index('cms_items_collection_status_idx').on(table.collectionId, table.status),
    index('cms_items_data_idx').using('gin', table.data.op('jsonb_path_ops')),
    index('cms_items_search_trgm_idx').using('gin', table.searchText.op('gin_trgm_ops')),
    // What the board's page cache asks: when the organization's next scheduled item starts.
    index('cms_items_published_start_idx')
      .on(table.organizationId, table.startsAt)
      .where(sql`${table.status} = 'published' and ${table.startsAt} is not null`),
    index('cms_items_published_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'published' and ${table.expiresAt} is not null`),
    check(
      'cms_items_status_check',
      sql`${table.status} in ('draft', 'pending_review', 'published', 'expired', 'archived')`,
    ),
  ],
);

export type CmsCollection = typeof cmsCollections.$inferSelect;
export type CmsItem = typeof cmsItems.$inferSelect;
