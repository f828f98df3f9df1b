import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, uuidPrimaryKey } from './columns';
import { organizations } from './organizations';

/** Normalized, geocoded places of a board, committed through POST /locations; jobs reference them. */
export const locations = pgTable(
  'locations',
  {
    id: uuidPrimaryKey(),
    organizationId: integer()
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    displayName: text().notNull(),
    slug: text().notNull(),
    city: text(),
    state: text(),
    stateCode: text(),
    country: text(),
    countryCode: text(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    locationType: text(),
    // Identity of the place (`city:US:TX:austin`, `remote:europe`, ...; see lib/geo/place-key.ts):
    // unique per organization, so concurrent commits of one place end on one row.
    placeKey: text().notNull(),
    // Accent- and case-folded display name: matches typed queries against existing places.
    searchKey: text().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('locations_organization_idx').on(table.organizationId),
    uniqueIndex('locations_organization_place_key_idx').on(table.organizationId, table.placeKey),
    uniqueIndex('locations_organization_slug_idx').on(table.organizationId, table.slug),
    index('locations_organization_search_key_idx').on(
      table.organizationId,
      sql`${table.searchKey} text_pattern_ops`,
    ),
  ],
);

export type Location = typeof locations.$inferSelect;

/**
 * Answers of the geocoder, shared by every organization (a place is the same for all boards), so
 * a query is sent to a rate-limited remote geocoder once. `driver` names the geocoder and its
 * dataset version; `country` is '' when the query named none.
 */
export const geocodeCache = pgTable(
  'geocode_cache',
  {
    driver: text().notNull(),
    query: text().notNull(),
    country: text().notNull(),
    candidates: jsonb().notNull(),
    ambiguous: boolean().notNull().default(false),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.driver, table.query, table.country] }),
    index('geocode_cache_expires_idx').on(table.expiresAt),
  ],
);

export type GeocodeCacheEntry = typeof geocodeCache.$inferSelect;
