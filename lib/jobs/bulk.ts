// The dashboard's jobs list acting on several jobs at once, each through the same write as one.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { jobs } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import type { JobStatus } from './schemas';
import { effectiveStatus } from './status';
import { deleteJob, updateJob } from './writes';

export const bulkJobActions = ['approve', 'expire', 'delete'] as const;
export type BulkJobAction = (typeof bulkJobActions)[number];

export interface BulkJobsResult {
  done: { id: string; title: string }[];
  /** Left as they were, each with the reason; ids not found (another organization's) are left out. */
  refused: { id: string; title: string; reason: string }[];
}

/**
 * The jobs list's status moves, one job or several: the status each is made from (a job changed
 * since the page showed it is left as it is) and to, and how a job in another status is named.
 */
export const listStatusMoves = {
  approve: { from: 'pending', to: 'active', elsewhere: 'is not waiting for approval' },
  expire: { from: 'active', to: 'expired', elsewhere: 'is not live' },
} as const satisfies Record<string, { from: JobStatus; to: JobStatus; elsewhere: string }>;

/**
 * Approves, expires or deletes several jobs, oldest first. Each job is written on its own, with
 * its webhook events and the board's cache, as a single change would be; one refused (already
 * expired, or changed meanwhile) leaves the others done.
 */
export async function applyToJobs(
  db: Database,
  orgId: number,
  ids: readonly string[],
  action: BulkJobAction,
  now = new Date(),
): Promise<BulkJobsResult> {
  const result: BulkJobsResult = { done: [], refused: [] };
  if (ids.length === 0) return result;
  const rows = await db
    .select({ id: jobs.id, title: jobs.title, status: jobs.status, expiresAt: jobs.expiresAt })
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), inArray(jobs.id, [...ids])))
    .orderBy(jobs.id);
  const move = action === 'delete' ? null : listStatusMoves[action];
  for (const row of rows) {
    if (move && effectiveStatus(row, now) !== move.from) {
      result.refused.push({ id: row.id, title: row.title, reason: `“${row.title}” ${move.elsewhere}.` });
      continue;
    }
    try {
      if (move) await updateJob(db, orgId, row.id, { status: move.to }, now, { from: [move.from] });
      else await deleteJob(db, orgId, row.id);
      result.done.push({ id: row.id, title: row.title });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Deleted or moved by someone else since the list was read.
      result.refused.push({ id: row.id, title: row.title, reason: `“${row.title}”: ${error.message}` });
    }
  }
  return result;
}
