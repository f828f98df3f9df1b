// Published items whose `expires_at` has passed become `expired` (emitting `cms_item.expired`).
// Public lists never depend on it: they filter on `expires_at` themselves.
import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { type Database, getDb } from '@/db/client';
import { cmsCollections, cmsItems } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { logError } from '@/lib/core/logger';
import { transaction } from '@/lib/core/transaction';
import { emitEvent } from '@/lib/webhooks';
import { toItemOut } from './items';

const BATCH = 500;

/** Expires due items in batches; returns how many moved. Safe to run from several processes at once. */
export async function expireDueItems(db: Database, now = new Date()): Promise<number> {
  let moved = 0;
  for (;;) {
    const batch = await transaction(db, async (tx) => {
      const due = await tx
        .select({ id: cmsItems.id })
        .from(cmsItems)
        .where(and(eq(cmsItems.status, 'published'), lte(cmsItems.expiresAt, now)))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return 0;
      const rows = await tx
        .update(cmsItems)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(
          inArray(
            cmsItems.id,
            due.map((row) => row.id),
          ),
        )
        .returning();
      const slugs = new Map(
        (
          await tx
            .select({ id: cmsCollections.id, slug: cmsCollections.slug })
            .from(cmsCollections)
            .where(inArray(cmsCollections.id, [...new Set(rows.map((row) => row.collectionId))]))
        ).map((row) => [row.id, row.slug]),
      );
      // In one order, so two sweepers never wait on each other's organizations.
      const orgIds = [...new Set(rows.map((row) => row.organizationId))].sort((a, b) => a - b);
      for (const orgId of orgIds) await bumpRevision(tx, orgId);
      for (const row of rows) {
        const item = toItemOut(row, slugs.get(row.collectionId) ?? '');
        await emitEvent(tx, row.organizationId, 'cms_item.expired', () => item);
      }
      return rows.length;
    });
    moved += batch;
    if (batch < BATCH) return moved;
  }
}

/** Long-running servers (`next dev`, `next start`) sweep on a timer; on Vercel, /api/cron/cms does. */
export function startExpiryTimer(intervalMs = 30_000): void {
  setInterval(() => {
    void getDb()
      .then((db) => expireDueItems(db))
      .catch((error) => logError('cms_expiry_error', error));
  }, intervalMs).unref();
}
