import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { locations } from '@/db/schema';

/** The countries the board's places are in, for the country filter: [code, name], by name. */
export async function boardCountries(db: Database, organizationId: number): Promise<[string, string][]> {
  const rows = await db
    .selectDistinct({ code: locations.countryCode, name: locations.country })
    .from(locations)
    .where(and(eq(locations.organizationId, organizationId), isNotNull(locations.countryCode)))
    .orderBy(asc(locations.country), asc(locations.countryCode));
  const names = new Map<string, string>();
  for (const row of rows) if (row.code && !names.has(row.code)) names.set(row.code, row.name ?? row.code);
  return [...names];
}
