import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { pages } from '@/db/schema';

/** How many pages and posts each author of the organization wrote (authors without any are absent). */
export async function pageCountsByAuthor(db: Database, organizationId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ authorId: pages.authorId, count: sql<number>`count(*)::int` })
    .from(pages)
    .where(and(eq(pages.organizationId, organizationId), isNotNull(pages.authorId)))
    .groupBy(pages.authorId);
  return new Map(rows.map((row) => [row.authorId!, Number(row.count)]));
}
