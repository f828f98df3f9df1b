import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { applications } from '@/db/schema';

/** How many applications each of these jobs has (jobs without any are absent). */
export async function applicationCounts(
  db: Database,
  organizationId: number,
  jobIds: string[],
): Promise<Map<string, number>> {
  if (jobIds.length === 0) return new Map();
  const rows = await db
    .select({ jobId: applications.jobId, count: sql<number>`count(*)::int` })
    .from(applications)
    .where(and(eq(applications.organizationId, organizationId), inArray(applications.jobId, jobIds)))
    .groupBy(applications.jobId);
  return new Map(rows.map((row) => [row.jobId, Number(row.count)]));
}
