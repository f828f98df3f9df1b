import { and, asc, count, eq, gt, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { geocodeCache, type Location, locations } from '@/db/schema';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { AppError } from '@/lib/core/errors';
import { type PageRequest, pageOffset } from '@/lib/core/pagination';
import { claimFreeSlug, slugify } from '@/lib/core/slug';
import { DAY_MS } from '@/lib/core/time';
import { type Db, queryAll, transaction } from '@/lib/core/transaction';
import { geocoder } from './geocoder';
import { fold } from './normalize';
import { remoteCandidate } from './remote';
import type { ListLocationsQuery, LocationCandidateOut, LocationOut, ResolveLocationInput } from './schemas';
import type { GeoCandidate, GeocodeResult, Geocoder } from './types';

type Source = LocationCandidateOut['source'];

// Geocoders are always asked for this many: one cache entry serves every `limit`.
const GEOCODE_LIMIT = 10;
// "Nothing found" is cached too, for less long: a remote geocoder may learn the place.
const EMPTY_ANSWER_TTL_MS = DAY_MS;

interface Resolved {
  candidate: GeoCandidate;
  id: string | null;
  source: Source;
}

/** The shared cache first, then the geocoder (whose answer is stored for every organization). */
async function geocode(db: Db, coder: Geocoder, text: string, country: string | undefined) {
  const key = { driver: coder.id, query: fold(text), country: country ?? '' };
  if (coder.cacheTtlMs !== null) {
    const [hit] = await db
      .select({ candidates: geocodeCache.candidates, ambiguous: geocodeCache.ambiguous })
      .from(geocodeCache)
      .where(
        and(
          eq(geocodeCache.driver, key.driver),
          eq(geocodeCache.query, key.query),
          eq(geocodeCache.country, key.country),
          gt(geocodeCache.expiresAt, new Date()),
        ),
      );
    if (hit) {
      return {
        result: { candidates: hit.candidates as GeoCandidate[], ambiguous: hit.ambiguous },
        source: 'cache' as const,
      };
    }
  }
  const result: GeocodeResult = await coder.search({ text, country, limit: GEOCODE_LIMIT });
  if (coder.cacheTtlMs !== null && result.cacheable !== false) {
    const ttl = result.candidates.length ? coder.cacheTtlMs : Math.min(coder.cacheTtlMs, EMPTY_ANSWER_TTL_MS);
    const entry = {
      // The place only: a query's postal code and street (internal fields) are not stored.
      candidates: result.candidates.map(({ postal_code, street_address, ...place }) => place),
      ambiguous: result.ambiguous,
      expiresAt: new Date(Date.now() + ttl),
    };
    await db
      .insert(geocodeCache)
      .values({ ...key, ...entry })
      .onConflictDoUpdate({
        target: [geocodeCache.driver, geocodeCache.query, geocodeCache.country],
        set: { ...entry, createdAt: new Date() },
      });
  }
  return { result, source: 'geocoded' as const };
}

function candidateOfLocation(row: Location): GeoCandidate {
  return {
    place_key: row.placeKey,
    name: row.name,
    display_name: row.displayName,
    city: row.city,
    state: row.state,
    state_code: row.stateCode,
    country: row.country,
    country_code: row.countryCode,
    latitude: row.latitude,
    longitude: row.longitude,
    location_type: (row.locationType ?? 'area') as GeoCandidate['location_type'],
    full_address: null,
    confidence: 'low',
    address_point: null,
  };
}

/**
 * The spec's resolution order: the organization's existing locations (a place already on the board,
 * or one whose name starts like the query), then the shared cache, then the geocoder. Remote
 * queries never reach a geocoder. Existing places come first and carry their id.
 */
async function resolve(
  db: Db,
  orgId: number,
  input: Pick<ResolveLocationInput, 'query' | 'country'>,
): Promise<{ resolved: Resolved[]; ambiguous: boolean }> {
  const remote = remoteCandidate(input.query);
  const { result, source } = remote
    ? { result: { candidates: [remote], ambiguous: false }, source: 'remote' as const }
    : await geocode(db, geocoder(), input.query, input.country);
  const keys = result.candidates.map((candidate) => candidate.place_key);
  const named = fold(input.query.split(',')[0] ?? '');
  const conditions: SQL[] = [];
  if (keys.length) conditions.push(inArray(locations.placeKey, keys));
  if (named && !remote)
    conditions.push(sql`${locations.searchKey} like ${`${named.replace(/[\\%_]/g, '\\$&')}%`}`);
  const existing = conditions.length
    ? await db
        .select()
        .from(locations)
        .where(
          and(
            eq(locations.organizationId, orgId),
            or(...conditions),
            input.country ? eq(locations.countryCode, input.country) : undefined,
          ),
        )
        .orderBy(asc(locations.displayName))
        .limit(GEOCODE_LIMIT)
    : [];
  const byKey = new Map(existing.map((row) => [row.placeKey, row]));
  const found = result.candidates.map((candidate) => {
    const row = byKey.get(candidate.place_key);
    return { candidate, id: row?.id ?? null, source: row ? ('existing' as const) : source };
  });
  const geocodedKeys = new Set(keys);
  const onlyOnBoard = existing
    .filter((row) => !geocodedKeys.has(row.placeKey))
    .map((row) => {
      const candidate = candidateOfLocation(row);
      if (fold(row.name) === named) candidate.confidence = 'high';
      return { candidate, id: row.id, source: 'existing' as const };
    });
  // The board's own places lead among equally good matches, never ahead of a better one:
  // "Springfield, MA" must not commit the Springfield, IL already on the board.
  const resolved = [
    ...found.filter((entry) => entry.id),
    ...onlyOnBoard,
    ...found.filter((entry) => !entry.id),
  ];
  resolved.sort((a, b) => confidenceRank[a.candidate.confidence] - confidenceRank[b.candidate.confidence]);
  return { resolved, ambiguous: result.ambiguous };
}

const confidenceRank = { exact: 0, high: 1, low: 2 } as const;

function toCandidateOut({ candidate, id, source }: Resolved): LocationCandidateOut {
  return {
    id,
    display_name: candidate.display_name,
    city: candidate.city,
    state: candidate.state,
    state_code: candidate.state_code,
    country: candidate.country,
    country_code: candidate.country_code,
    latitude: candidate.latitude,
    longitude: candidate.longitude,
    location_type: candidate.location_type,
    full_address: candidate.full_address,
    source,
    confidence: candidate.confidence,
  };
}

/** POST /locations with `create: false`: candidates, nothing written (but the shared cache). */
export async function previewLocations(
  db: Db,
  orgId: number,
  input: Pick<ResolveLocationInput, 'query' | 'country' | 'limit'>,
): Promise<{ candidates: LocationCandidateOut[]; ambiguous: boolean }> {
  const { resolved, ambiguous } = await resolve(db, orgId, input);
  return { candidates: resolved.slice(0, input.limit).map(toCandidateOut), ambiguous };
}

/**
 * POST /locations with `create: true`: the best match joins the board. The unique
 * (organization, place_key) index decides races: the loser of a concurrent insert reads the winner.
 */
export async function commitLocation(
  db: Database,
  orgId: number,
  input: Pick<ResolveLocationInput, 'query' | 'country'>,
): Promise<{ id: string; display_name: string; created: boolean }> {
  const { resolved } = await resolve(db, orgId, input);
  const best = resolved[0];
  if (!best) {
    throw new AppError(
      'location_not_found',
      `No place matches "${input.query}"${input.country ? ` in ${input.country}` : ''}.`,
      { query: input.query, country: input.country ?? null },
    );
  }
  if (best.id) return { id: best.id, display_name: best.candidate.display_name, created: false };
  const place = best.candidate;
  for (let attempt = 0; ; attempt++) {
    const inserted = await transaction(db, async (tx) => {
      const [mine] = await tx
        .insert(locations)
        .values({
          organizationId: orgId,
          name: place.name,
          displayName: place.display_name,
          slug: await freeSlug(tx, orgId, place.display_name),
          city: place.city,
          state: place.state,
          stateCode: place.state_code,
          country: place.country,
          countryCode: place.country_code,
          latitude: place.latitude,
          longitude: place.longitude,
          locationType: place.location_type,
          placeKey: place.place_key,
          searchKey: fold(place.display_name),
        })
        .onConflictDoNothing({ target: [locations.organizationId, locations.placeKey] })
        .returning({ id: locations.id });
      if (mine) return { id: mine.id, created: true };
      const [theirs] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.organizationId, orgId), eq(locations.placeKey, place.place_key)));
      return { id: theirs!.id, created: false };
    }).catch((error: unknown) => {
      // Another place took the same slug between our read and insert: pick again.
      if (isUniqueViolation(error) && attempt < 5) return null;
      throw error;
    });
    if (inserted) return { ...inserted, display_name: place.display_name };
  }
}

async function freeSlug(db: Db, orgId: number, displayName: string): Promise<string> {
  const base = slugify(displayName, 80) || 'location';
  return claimFreeSlug(db, `locations:${orgId}`, base, () =>
    db
      .select({ slug: locations.slug })
      .from(locations)
      .where(
        and(
          eq(locations.organizationId, orgId),
          or(eq(locations.slug, base), sql`${locations.slug} like ${`${base}-%`}`),
        ),
      ),
  );
}

/** GET /locations without its job counts (the jobs domain adds them): ordered by display name. */
export async function listLocations(
  db: Db,
  orgId: number,
  query: ListLocationsQuery & PageRequest,
): Promise<{ items: Location[]; total: number }> {
  const conditions: (SQL | undefined)[] = [eq(locations.organizationId, orgId)];
  if (query.search) {
    const pattern = `%${fold(query.search).replace(/[\\%_]/g, '\\$&')}%`;
    conditions.push(
      or(
        sql`${locations.searchKey} like ${pattern}`,
        sql`${locations.name} ilike ${`%${query.search.replace(/[\\%_]/g, '\\$&')}%`}`,
        sql`${locations.city} ilike ${`%${query.search.replace(/[\\%_]/g, '\\$&')}%`}`,
      ),
    );
  }
  if (query.country_code) conditions.push(eq(locations.countryCode, query.country_code));
  if (query.location_type) conditions.push(eq(locations.locationType, query.location_type));
  const where = and(...conditions);
  const { limit, offset } = pageOffset(query);
  const [items, [total]] = await queryAll(db, [
    db
      .select()
      .from(locations)
      .where(where)
      .orderBy(asc(locations.displayName), asc(locations.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(locations).where(where),
  ]);
  return { items, total: Number(total?.total ?? 0) };
}

/** One location as GET /locations answers it, with its jobs counted (all, and live ones). */
export function toLocationOut(location: Location, jobCount: { total: number; live: number }): LocationOut {
  return {
    id: location.id,
    name: location.name,
    slug: location.slug,
    display_name: location.displayName,
    city: location.city,
    state: location.state,
    country: location.country,
    country_code: location.countryCode,
    latitude: location.latitude,
    longitude: location.longitude,
    location_type: location.locationType as LocationOut['location_type'],
    job_count: jobCount.total,
    active_job_count: jobCount.live,
    created_at: location.createdAt.toISOString(),
    updated_at: location.updatedAt.toISOString(),
  };
}

/** What a form shows of one of the organization's locations (its name and kind), or null for none. */
export async function locationSummary(
  db: Db,
  orgId: number,
  id: string,
): Promise<Pick<Location, 'displayName' | 'locationType'> | null> {
  const [row] = await db
    .select({ displayName: locations.displayName, locationType: locations.locationType })
    .from(locations)
    .where(and(eq(locations.organizationId, orgId), eq(locations.id, id)));
  return row ?? null;
}

export interface JobPin {
  latitude: number;
  longitude: number;
  precision: 'address' | 'location';
}

/**
 * Where a job sits on a map: the street address its `location` text names, when the shared cache
 * knows that address inside the job's location; otherwise the location's own point (none for
 * remote places). A read of the cache only: job writes never call a geocoder.
 */
export async function jobPin(
  db: Db,
  location: Location,
  text: string | null | undefined,
): Promise<JobPin | null> {
  if (text) {
    const entries = await db
      .select({ candidates: geocodeCache.candidates })
      .from(geocodeCache)
      .where(and(eq(geocodeCache.driver, geocoder().id), eq(geocodeCache.query, fold(text))));
    for (const entry of entries) {
      const match = (entry.candidates as GeoCandidate[]).find(
        (candidate) => candidate.address_point && candidate.place_key === location.placeKey,
      );
      if (match?.address_point) return { ...match.address_point, precision: 'address' };
    }
  }
  if (location.latitude === null || location.longitude === null) return null;
  return { latitude: location.latitude, longitude: location.longitude, precision: 'location' };
}
