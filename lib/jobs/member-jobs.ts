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
import type { JobStatus, UpdateJobInput } from './schemas';
import { type JobRow, jobColumns } from './serialize';
import { effectiveStatus } from './status';
import { announce, fieldColumns, writeJobUpdate } from './writes';

/** The statuses in which a member may still change their job: not once it is off the board. */
export const memberEditableStatuses: readonly JobStatus[] = ['pending_payment', 'pending', 'active'];

/** The fields a member edits on the board; status, placement and dates are the payment's and the board's. */
export const memberJobFields = [
  'title',
  'company_name',
  'location',
  'is_remote',
  'job_type',
  'description',
  'salary_min',
  'salary_max',
  'salary_currency',
  'salary_period',
  'how_to_apply_method',
  'how_to_apply',
  'contact_email',
] as const satisfies readonly (keyof UpdateJobInput)[];

export type MemberJobFields = Pick<UpdateJobInput, (typeof memberJobFields)[number]>;

/**
 * `unchanged`: the form was saved as it was, nothing is written; `saved`: the changes are on the
 * job; `in_review`: a live job's changes wait for the board's approval, the job off the board.
 */
export type MemberEditOutcome = 'unchanged' | 'saved' | 'in_review';

/** Text as a browser's form sends it back (CRLF line breaks) is the text that was stored. */
const comparable = (value: unknown) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value);

/** Whether writing `fields` would change any column of the job. */
function changes(job: JobRow, fields: MemberJobFields): boolean {
  const next: Record<string, unknown> = {
    ...fieldColumns(fields),
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
  if (!z.uuid().safeParse(id).success) return null;
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
  input: MemberJobFields,
  { reviewEdits }: { reviewEdits: boolean },
  now = new Date(),
): Promise<MemberEditOutcome> {
  const fields = Object.fromEntries(
    memberJobFields.filter((field) => input[field] !== undefined).map((field) => [field, input[field]]),
  ) as MemberJobFields;
  const done = await transaction(db, async (tx) => {
    const job = await heldMemberJob(tx, orgId, memberId, id);
    if (!job) throw notFound('Job');
    const current = effectiveStatus(job, now);
    if (!memberEditableStatuses.includes(current))
      throw new AppError('conflict', 'This job is no longer listed, so it cannot be changed.');
    if (!changes(job, fields)) return { outcome: 'unchanged' as const, job, live: false };
    const review = reviewEdits && current === 'active';
    const live = await writeJobUpdate(tx, orgId, job, fields, review ? 'pending' : current, now);
    return { outcome: review ? ('in_review' as const) : ('saved' as const), job, live };
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
