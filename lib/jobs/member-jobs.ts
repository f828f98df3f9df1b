// An employer member's own jobs on the board: the edits and the closing the board allows them. Each
// runs in one transaction that holds the job's row, so what is checked (whose job, which status,
// what changed) is what is written, whatever else writes the job meanwhile.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '@/db/client';
import { jobs } from '@/db/schema';
import { AppError, notFound } from '@/lib/core/errors';
import { type Db, transaction } from '@/lib/core/transaction';
import { prepareDescription } from './description';
import { type JobFormFields, jobFormFields } from './job-form';
import { jobsOfMember, type MemberJob } from './queries';
import type { JobStatus, WorkplaceType } from './schemas';
import { type JobRow, jobColumns } from './serialize';
import { effectiveStatus } from './status';
import { announce, fieldColumns, writeJobUpdate } from './writes';

/** The statuses in which a member may still change their job: not once it is off the board. */
const memberEditableStatuses: readonly JobStatus[] = ['pending_payment', 'pending', 'active'];

/** Whether the member may still change the job (its effective status, as `MemberJob` has it). */
export const memberMayEdit = (job: Pick<MemberJob, 'status'>): boolean =>
  memberEditableStatuses.includes(job.status);

/** Whether saving a change sends the job back to review: a live job, on a board that reviews edits. */
export const editGoesToReview = (status: JobStatus, { reviewEdits }: { reviewEdits: boolean }): boolean =>
  reviewEdits && status === 'active';

/** A job id from an address: anything else names no job. */
const jobIdOf = (id: string): string | null => (z.uuid().safeParse(id).success ? id : null);

/** The member's own job by the id in an address, or null: another member's job is no different from none. */
export async function findMemberJob(
  db: Db,
  orgId: number,
  memberId: string,
  id: string,
): Promise<MemberJob | null> {
  const jobId = jobIdOf(id);
  if (!jobId) return null;
  const [job] = await jobsOfMember(db, orgId, memberId, { id: jobId });
  return job ?? null;
}

/**
 * `unchanged`: the form was saved as it was, nothing is written; `saved`: the changes are on the
 * job; `in_review`: a live job's changes wait for the board's approval, the job off the board.
 */
export type MemberEditOutcome = 'unchanged' | 'saved' | 'in_review';

/** Text as a browser's form sends it back (CRLF line breaks) is the text that was stored. */
const comparable = (value: unknown) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value);

/** Whether writing `fields` would change any column of the job. */
function changes(job: JobRow, fields: JobFormFields): boolean {
  const next: Record<string, unknown> = {
    ...fieldColumns(fields, job.workplaceType as WorkplaceType),
    ...(fields.description !== undefined
      ? { description: prepareDescription(fields.description).description }
      : {}),
  };
  const stored = job as unknown as Record<string, unknown>;
  return Object.entries(next).some(
    ([column, value]) => comparable(value) !== comparable(stored[column] ?? null),
  );
}

/** The member's own job row, held until the transaction ends; null for anyone else's, or none. */
async function heldMemberJob(tx: Db, orgId: number, memberId: string, id: string): Promise<JobRow | null> {
  if (!jobIdOf(id)) return null;
  const [job] = await tx
    .select(jobColumns)
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, id), eq(jobs.memberId, memberId)))
    .for('update');
  return job ?? null;
}

/**
 * Saves a member's edit of their own job while it is still on its way or listed: 404 for a job
 * that is not theirs, 409 once it is off the board. When the board approves employers' jobs
 * (`reviewEdits`), changing a live job sends it back to `pending`, in the same write, so the owner
 * approves the new text before visitors read it (a job.updated event tells them); an unchanged
 * form changes nothing.
 */
export async function editMemberJob(
  db: Database,
  orgId: number,
  memberId: string,
  id: string,
  input: JobFormFields,
  review: { reviewEdits: boolean },
  now = new Date(),
): Promise<MemberEditOutcome> {
  const fields = Object.fromEntries(
    jobFormFields.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
  ) as JobFormFields;
  const done = await transaction(db, async (tx) => {
    const job = await heldMemberJob(tx, orgId, memberId, id);
    if (!job) throw notFound('Job');
    const current = effectiveStatus(job, now);
    if (!memberMayEdit({ status: current }))
      throw new AppError('conflict', 'This job is no longer listed, so it cannot be changed.');
    if (!changes(job, fields)) return { outcome: 'unchanged' as const, job, live: false };
    const reviewed = editGoesToReview(current, review);
    const live = await writeJobUpdate(tx, orgId, job, fields, reviewed ? 'pending' : current, now);
    return { outcome: reviewed ? ('in_review' as const) : ('saved' as const), job, live };
  });
  if (done.live) await announce(db, orgId, done.job.slug);
  return done.outcome;
}

/** Takes the member's own live job off the board (it expires now); false for any other job. */
export async function closeMemberJob(
  db: Database,
  orgId: number,
  memberId: string,
  id: string,
  now = new Date(),
): Promise<boolean> {
  const closed = await transaction(db, async (tx) => {
    const job = await heldMemberJob(tx, orgId, memberId, id);
    if (!job || effectiveStatus(job, now) !== 'active') return null;
    await writeJobUpdate(tx, orgId, job, { status: 'expired' }, 'expired', now);
    return job;
  });
  if (closed) await announce(db, orgId, closed.slug);
  return closed !== null;
}
