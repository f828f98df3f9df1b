// Jobs a board member saved to come back to. Saving and unsaving are idempotent: the primary key
// (member, job) keeps one row however often either is pressed, and a job of another board is as
// missing as one that does not exist.
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { jobs, members, savedJobs } from '@/db/schema';
import { notFound } from '@/lib/core/errors';
import { type Db, queryAll } from '@/lib/core/transaction';
import type { JobStatus } from './schemas';
import { effectiveStatus, liveJobCondition } from './status';

/** Saved jobs per page of the account's list. */
export const SAVED_JOBS_PAGE_SIZE = 20;

/**
 * Saves a live job of the organization for its member (again: nothing changes, the first time
 * saved stays). 404 when the job is not live on this board or the member is not of it.
 */
export async function saveJob(db: Db, orgId: number, memberId: string, jobId: string): Promise<void> {
  const candidate = db
    // Every column, in the table's order, as an insert from a select needs them.
    .select({
      memberId: members.id,
      jobId: jobs.id,
      organizationId: jobs.organizationId,
      savedAt: sql<Date>`now()`.as('saved_at'),
    })
    .from(jobs)
    .innerJoin(members, and(eq(members.id, memberId), eq(members.organizationId, orgId)))
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, jobId), liveJobCondition));
  const inserted = await db
    .insert(savedJobs)
    .select(candidate)
    .onConflictDoNothing()
    .returning({ jobId: savedJobs.jobId });
  if (inserted.length > 0) return;
  const [already] = await db
    .select({ jobId: savedJobs.jobId })
    .from(savedJobs)
    .where(
      and(eq(savedJobs.organizationId, orgId), eq(savedJobs.memberId, memberId), eq(savedJobs.jobId, jobId)),
    )
    .limit(1);
  if (!already) throw notFound('Job');
}

/** Forgets a saved job; a job that was not saved is not an error. */
export async function unsaveJob(db: Db, orgId: number, memberId: string, jobId: string): Promise<void> {
  await db
    .delete(savedJobs)
    .where(
      and(eq(savedJobs.organizationId, orgId), eq(savedJobs.memberId, memberId), eq(savedJobs.jobId, jobId)),
    );
}

/** Which of `jobIds` the member saved: one indexed read for a page of cards. */
export async function savedJobIds(
  db: Db,
  orgId: number,
  memberId: string,
  jobIds: readonly string[],
): Promise<Set<string>> {
  if (jobIds.length === 0) return new Set();
  const rows = await db
    .select({ jobId: savedJobs.jobId })
    .from(savedJobs)
    .where(
      and(
        eq(savedJobs.organizationId, orgId),
        eq(savedJobs.memberId, memberId),
        inArray(savedJobs.jobId, [...jobIds]),
      ),
    );
  return new Set(rows.map((row) => row.jobId));
}

export interface SavedJobItem {
  jobId: string;
  slug: string;
  title: string;
  companyName: string;
  /** Effective: an active job past its expiry is `expired`. */
  status: JobStatus;
  /** Still on the board, so it can be opened and applied to. */
  live: boolean;
  expiresAt: Date | null;
  savedAt: Date;
}

/** The member's saved jobs, newest saved first, a page at a time, with how many there are. */
export async function listSavedJobs(
  db: Db,
  orgId: number,
  memberId: string,
  page = 1,
  now = new Date(),
): Promise<{ items: SavedJobItem[]; total: number }> {
  const where = and(eq(savedJobs.organizationId, orgId), eq(savedJobs.memberId, memberId));
  const [rows, [counted]] = await queryAll(db, [
    db
      .select({
        jobId: jobs.id,
        slug: jobs.slug,
        title: jobs.title,
        companyName: jobs.companyName,
        status: jobs.status,
        expiresAt: jobs.expiresAt,
        savedAt: savedJobs.savedAt,
      })
      .from(savedJobs)
      .innerJoin(jobs, eq(jobs.id, savedJobs.jobId))
      .where(where)
      .orderBy(desc(savedJobs.savedAt), desc(savedJobs.jobId))
      .limit(SAVED_JOBS_PAGE_SIZE)
      .offset((Math.max(1, page) - 1) * SAVED_JOBS_PAGE_SIZE),
    db.select({ total: count() }).from(savedJobs).where(where),
  ] as const);
  return {
    items: rows.map((row) => {
      const status = effectiveStatus(row, now);
      return { ...row, status, live: status === 'active' };
    }),
    total: counted?.total ?? 0,
  };
}
