import {
  boolean,
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

export const authors = pgTable(
  'authors',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    avatarUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('authors_organization_name_idx').on(table.organizationId, table.name)],
);

/** Custom pages and blog posts: one content type, `kind` tells them apart. */
export const pages = pgTable(
  'pages',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** `page` or `blog_post`. */
    kind: text().notNull(),
    title: text().notNull(),
    slug: text().notNull(),
    /** `draft`, `published` or `archived`. */
    status: text().notNull().default('draft'),
    /** The Tiptap document: the source of truth; `contentHtml` and `contentText` are derived on save. */
    content: jsonb().$type<Record<string, unknown>>().notNull(),
    contentHtml: text().notNull(),
    contentText: text().notNull(),
    coverImage: text(),
    ogImage: text(),
    metaTitle: text(),
    metaDescription: text(),
    authorId: uuid().references(() => authors.id, { onDelete: 'restrict' }),
    customFields: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Only paywall subscribers read it in full when the board gates members-only posts. */
    membersOnly: boolean().notNull().default(false),
    publishedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex('pages_organization_kind_slug_idx').on(table.organizationId, table.kind, table.slug),
    index('pages_organization_created_idx').on(
      table.organizationId,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('pages_author_idx').on(table.authorId),
  ],
);

export type Author = typeof authors.$inferSelect;
export type Page = typeof pages.$inferSelect;
