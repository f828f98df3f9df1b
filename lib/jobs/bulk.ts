// The dashboard's jobs list acting on several jobs at once, each through the same write as one.
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { jobs } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import { effectiveStatus } from './status';
import { deleteJob, updateJob } from './writes';

export const bulkJobActions = ['approve', 'expire', 'delete'] as const;
export type BulkJobAction = (typeof bulkJobActions)[number];

export interface BulkJobsResult {
  done: { id: string; title: string }[];
  /** Left as they were, each with the reason; ids not found (another organization's) are left out. */
  refused: { id: string; title: string; reason: string }[];
}

/** Why `action` does not apply to a job in `status`, or null when it does. */
function refusal(action: BulkJobAction, status: string, title: string): string | null {
  if (action === 'approve' && status !== 'pending') return `“${title}” is not waiting for approval.`;
  if (action === 'expire' && status !== 'active') return `“${title}” is not live.`;
  return null;
}

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
  for (const row of rows) {
    const reason = refusal(action, effectiveStatus(row, now), row.title);
    if (reason) {
      result.refused.push({ id: row.id, title: row.title, reason });
      continue;
    }
    try {
      if (action === 'delete') await deleteJob(db, orgId, row.id);
      else if (action === 'approve')
        await updateJob(db, orgId, row.id, { status: 'active' }, now, { from: ['pending'] });
      else await updateJob(db, orgId, row.id, { status: 'expired' }, now, { from: ['active'] });
      result.done.push({ id: row.id, title: row.title });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Deleted or moved by someone else since the list was read.
      result.refused.push({ id: row.id, title: row.title, reason: `“${row.title}”: ${error.message}` });
    }
  }
  return result;
}
