import { type SQL, sql } from 'drizzle-orm';
import { revisionBumps } from '@/db/schema';
import { afterCommit, type Db } from '@/lib/core/transaction';
import { forgetCachedOrganization } from './feed-cache';

/**
 * The one invalidation rule of every cache of derived answers: each organization has a revision,
 * bumped in the same transaction as any write to what its API lists and its board shows (jobs,
 * categories, pages, posts, authors, CMS collections and items), and caches key on it (see RevisionCache).
 */
export async function bumpRevision(db: Db, orgId: number): Promise<void> {
  // Applied as the transaction commits (see revisionBumps): concurrent writes do not queue here.
  await db.insert(revisionBumps).values({ organizationId: orgId });
  await organizationChanged(db, orgId);
}

/** A job write's own account of its job, kept in revision_log with the revision (migration 0035). */
export interface JobChange {
  jobId: string;
  /** The job's row before the write (read in the write's statement), or null for a job it creates. */
  before: SQL | null;
  created: boolean;
  recategorized: boolean;
}

/**
 * bumpRevision as a data-modifying CTE of a caller's single-statement write: the bump is written when
 * the CTE `gate` has a row (the write happened). Await organizationChanged once the statement has run.
 */
export function revisionBumpCte(orgId: number, gate: string, change: JobChange): SQL {
  return sql`revision_bump as (
    insert into ${revisionBumps} (organization_id, job_id, before, created, recategorized)
    select ${orgId}::int, ${change.jobId}::uuid, ${change.before ?? sql`null`}, ${change.created}, ${change.recategorized}
    from ${sql.identifier(gate)})`;
}

/**
 * Once the write commits, this process forgets what it cached of the organization's row (its
 * revision included), so its next request sees the change; other processes learn it from the
 * database's change feed a moment later, or, with REDIS_URL, from the organization's stamp before
 * the write answers (in a transaction, `transaction()` waits for it; on the plain database, await this).
 */
export function organizationChanged(db: Db, orgId: number): Promise<void> {
  return afterCommit(db, (committed) => forgetCachedOrganization(committed, orgId));
}
