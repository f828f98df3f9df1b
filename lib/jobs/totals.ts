// Exact totals of job lists, carried across job writes. Counting a common word's matches visits
// every match (38,762 for `Excel` at 100,000 jobs), and with jobs written every second nearly every
// search counted again. A total is now kept with the revision it is exact at (read in the count's
// own snapshot), and a later revision moves it by the jobs written since, from revision_log
// (migration 0035): a job that matched the list's filters neither before nor after a write leaves
// the total as it was; one that matched only after adds one; only before, takes one away.
import { and, count, type SQL, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { jobs, organizations } from '@/db/schema';
import { type Db, executeRows, transaction } from '@/lib/core/transaction';
import type { SearchMatch } from './search';

/** A total and the jobs revision it is exact at. */
export interface CountedTotal {
  total: number;
  revision: number;
}

/** Job writes carried in one go; past this many revisions, counting again is the cheaper way. */
const MAX_CARRIED_REVISIONS = 500;

const revisionOf = (orgId: number) =>
  sql<number>`(select ${organizations.revision} from ${organizations} where ${organizations.id} = ${orgId})`.mapWith(
    Number,
  );

/**
 * The jobs matching `filters` (and `match`), counted. A search counts the union of its full-text
 * and its substring matches' ids: one `document OR substring` condition would be slower, as the
 * trigram index only names candidates and rechecking one recomputes the whole condition, the
 * document's vector included.
 *
 * Sequential scans are off for a search's count: the heap is narrow (vectors and descriptions are
 * out of line), so the planner prices reading it all below the GIN index for a common word, not
 * knowing that each row's vector must then be fetched and decompressed (255 ms for `Excel` against
 * 11 ms). In its own transaction, so the setting ends with it (inside a caller's, with that one).
 */
export async function countJobs(
  db: Db,
  orgId: number,
  filters: SQL,
  match: SearchMatch | undefined,
): Promise<CountedTotal> {
  if (!match) {
    const [row] = await db
      .select({ total: count(), revision: revisionOf(orgId) })
      .from(jobs)
      .where(filters);
    return { total: row?.total ?? 0, revision: row?.revision ?? 0 };
  }
  return transaction(db, async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const matching = (condition: SQL) => tx.select({ id: jobs.id }).from(jobs).where(and(filters, condition));
    const ids = match.substring
      ? union(matching(match.document), matching(match.substring)).as('matches')
      : matching(match.document).as('matches');
    const [row] = await tx.select({ total: count(), revision: revisionOf(orgId) }).from(ids);
    return { total: row?.total ?? 0, revision: row?.revision ?? 0 };
  });
}

/**
 * `counted` moved to the organization's current revision by the job writes since, in one statement
 * (one snapshot), or undefined when the log cannot tell: another kind of write came between (a
 * category renamed, a paywall set, a job deleted), a job's categories changed under a list filtered
 * by category, a job was written twice in one transaction, or the log no longer reaches back.
 * `condition` is the list's whole condition; it is evaluated on the jobs as they are and on their
 * rows as they were (each logged row decoded once, as `jobs`, which the condition's columns then name).
 */
export async function carryTotal(
  db: Db,
  orgId: number,
  counted: CountedTotal,
  condition: SQL,
  filtersByCategory: boolean,
): Promise<CountedTotal | undefined> {
  const [row] = await executeRows<{
    revision: number;
    revisions: number;
    others: boolean;
    unknown: boolean;
    after: number;
    before: number;
  }>(
    db,
    sql`with current_revision as (select ${revisionOf(orgId)} as revision),
    log as (
      select * from revision_log
      where organization_id = ${orgId} and revision > ${counted.revision}
        and revision <= (select revision from current_revision)
    ),
    changed as (
      select job_id, bool_or(created) as created, bool_or(recategorized) as recategorized,
        count(*) filter (where not created) as writes, count(distinct revision) filter (where not created) as revisions,
        (array_agg(before order by revision) filter (where not created))[1] as before
      from log where job_id is not null group by job_id
    )
    select (select revision from current_revision) as revision,
      (select count(distinct revision) from log)::int as revisions,
      exists (select 1 from log where job_id is null) as others,
      exists (select 1 from changed where not created and (writes > revisions or (recategorized and ${filtersByCategory}))) as unknown,
      (select count(*) from ${jobs} where ${jobs.id} in (select job_id from changed) and ${condition})::int as after,
      (select count(*) from changed c cross join lateral jsonb_populate_record(null::jobs, c.before) as jobs
        where not c.created and ${condition})::int as before`,
  );
  if (!row) return undefined;
  const revision = Number(row.revision);
  const span = revision - counted.revision;
  if (span === 0) return counted;
  if (span < 0 || span > MAX_CARRIED_REVISIONS || row.revisions !== span || row.others || row.unknown)
    return undefined;
  return { total: counted.total + row.after - row.before, revision };
}
