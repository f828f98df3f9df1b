// Raw events live as long as each organization's retention setting says (90 days by default);
// deleted per organization along its time index, in batches, so a backlog never holds one long
// transaction.
import { sql } from 'drizzle-orm';
import { DAY_MS } from '@/lib/core/time';
import { type Db, executeRows } from '@/lib/core/transaction';
import { DEFAULT_RETENTION_DAYS } from './settings';

const BATCH = 10_000;

/** Deletes expired events until none are left or `until` (epoch ms) passes; answers how many. */
export async function pruneEvents(
  db: Db,
  now = new Date(),
  until = Number.POSITIVE_INFINITY,
): Promise<number> {
  const organizations = await executeRows<{ id: number; days: number }>(
    db,
    sql`select o.id, coalesce(s.retention_days, ${DEFAULT_RETENTION_DAYS})::int as days
      from organizations o left join analytics_settings s on s.organization_id = o.id`,
  );
  let deleted = 0;
  for (const organization of organizations) {
    const cutoff = new Date(now.getTime() - organization.days * DAY_MS);
    for (;;) {
      const rows = await executeRows<{ id: number }>(
        db,
        sql`delete from analytics_events where id in (
          select id from analytics_events
          where organization_id = ${organization.id} and occurred_at < ${cutoff}
          limit ${BATCH}
        ) returning id`,
      );
      deleted += rows.length;
      if (Date.now() > until) return deleted;
      if (rows.length < BATCH) break;
    }
  }
  return deleted;
}
