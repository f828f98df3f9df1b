// Custom domains are checked again on a schedule, not only when the owner saves: a verified domain
// whose records broke becomes `failing` (and after the grace period `pending`) by itself, and a
// pending one turns verified soon after its DNS records appear.
import { and, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { type Database, getDb } from '@/db/client';
import { organizations } from '@/db/schema';
import { logError } from '@/lib/core/logger';
import { type DomainResolver, systemResolver, verifyCustomDomain } from './domain';

/** Pending and failing domains are looked at often (someone is fixing DNS); verified ones hourly. */
export const RECHECK_UNSETTLED_MS = 10 * 60 * 1000;
export const RECHECK_VERIFIED_MS = 60 * 60 * 1000;
const BATCH = 25;

/**
 * Checks the domains that are due, at most `limit`, oldest check first; returns how many it checked.
 * Each is claimed (its `checked_at` moved to now) before its DNS lookups, outside any transaction,
 * so processes sweeping at once never check the same domain.
 */
export async function recheckDueDomains(
  db: Database,
  {
    resolver = systemResolver,
    now = new Date(),
    limit = BATCH,
  }: {
    resolver?: DomainResolver;
    now?: Date;
    limit?: number;
  } = {},
): Promise<number> {
  const unsettled = new Date(now.getTime() - RECHECK_UNSETTLED_MS);
  const settled = new Date(now.getTime() - RECHECK_VERIFIED_MS);
  const due = db
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        isNotNull(organizations.customDomain),
        or(
          isNull(organizations.customDomainCheckedAt),
          and(
            or(
              isNull(organizations.customDomainVerifiedAt),
              isNotNull(organizations.customDomainFailingSince),
            ),
            lte(organizations.customDomainCheckedAt, unsettled),
          ),
          lte(organizations.customDomainCheckedAt, settled),
        ),
      ),
    )
    .orderBy(sql`${organizations.customDomainCheckedAt} asc nulls first`)
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(organizations)
    .set({ customDomainCheckedAt: now })
    .where(sql`${organizations.id} in (${due})`)
    .returning();
  for (const org of claimed) await verifyCustomDomain(db, org, resolver, now);
  return claimed.length;
}

/** Long-running servers (`next start`) sweep on a timer; on Vercel, /api/cron/domains does. */
export function startDomainTimer(intervalMs = 60_000): void {
  setInterval(() => {
    void getDb()
      .then((db) => recheckDueDomains(db))
      .catch((error) => logError('domain_recheck_error', error));
  }, intervalMs).unref();
}
