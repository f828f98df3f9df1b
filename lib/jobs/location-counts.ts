// GET /locations: the geo domain lists the places, and the jobs domain, above it, counts their jobs.
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { jobs } from '@/db/schema';
import type { PageRequest } from '@/lib/core/pagination';
import type { Db } from '@/lib/core/transaction';
import { listLocations, toLocationOut } from '@/lib/geo';
import type { ListLocationsQuery, LocationOut } from '@/lib/geo/schemas';
import { liveJobCondition } from './status';

/** For each of these locations that has jobs: how many, and how many are live. */
export async function jobCountsByLocation(
  db: Db,
  orgId: number,
  locationIds: string[],
): Promise<Map<string, { total: number; live: number }>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .select({
      locationId: jobs.locationId,
      total: count(),
      live: sql<number>`count(*) filter (where ${liveJobCondition})`,
    })
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), inArray(jobs.locationId, locationIds)))
    .groupBy(jobs.locationId);
  return new Map(rows.map((row) => [row.locationId!, { total: Number(row.total), live: Number(row.live) }]));
}

/** GET /locations: a page of the organization's locations, ordered by display name, with job counts. */
export async function listLocationsWithJobCounts(
  db: Db,
  orgId: number,
  query: ListLocationsQuery & PageRequest,
): Promise<{ items: LocationOut[]; total: number }> {
  const { items, total } = await listLocations(db, orgId, query);
  const counts = await jobCountsByLocation(
    db,
    orgId,
    items.map((location) => location.id),
  );
  return {
    items: items.map((location) => toLocationOut(location, counts.get(location.id) ?? { total: 0, live: 0 })),
    total,
  };
}
