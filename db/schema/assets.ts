import { bigint, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

/** The media library: files the board hosts on {CDN_URL}. Storage keys never leave the server. */
export const assets = pgTable(
  'assets',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `image`, `video` or `file`; uploads accept images only for now. */
    type: text().notNull(),
    /** The storage driver holding the object: `local` or `vercel_blob`. */
    provider: text().notNull(),
    storageKey: text().notNull(),
    thumbnailKey: text(),
    title: text().notNull(),
    visibility: text().notNull().default('public'),
    mime: text().notNull(),
    bytes: bigint({ mode: 'number' }).notNull(),
    width: integer(),
    height: integer(),
    sha256: text().notNull(),
    /** Where the bytes came from: the uploaded file name or the downloaded `source_url`. */
    origin: jsonb().$type<{ filename?: string; source_url?: string }>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('assets_organization_created_idx').on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('assets_organization_sha256_idx').on(table.organizationId, table.sha256),
    index('assets_title_trgm_idx').using('gin', table.organizationId, table.title.op('gin_trgm_ops')),
  ],
);

export type Asset = typeof assets.$inferSelect;
