import { and, eq } from 'drizzle-orm';
import { type Location, locations } from '@/db/schema';
import type { Db } from '@/lib/core/transaction';
import { invalid } from '@/lib/core/validation';
import { jobPin } from '@/lib/geo';

/** The organization's location `locationId`, null for none, or 400 on `location_id`. */
export async function assertLocation(
  db: Db,
  orgId: number,
  locationId: string | null | undefined,
): Promise<Location | null> {
  if (!locationId) return null;
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.organizationId, orgId), eq(locations.id, locationId)))
    .limit(1);
  if (!row)
    throw invalid(
      'location_id',
      `No location ${locationId} in this organization (resolve one with POST /locations).`,
    );
  return row;
}

/** The map pin columns for a job at `location` whose location text is `text`. */
export async function pinColumns(db: Db, location: Location | null, text: string | null | undefined) {
  const pin = location ? await jobPin(db, location, text) : null;
  return {
    latitude: pin?.latitude ?? null,
    longitude: pin?.longitude ?? null,
    coordinatesPrecision: pin?.precision ?? null,
  };
}
