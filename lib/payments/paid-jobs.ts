// Jobs posted and paid for on the board, as their employer changes them afterwards. A board that
// approves paid jobs before they go live (`paidJobsNeedApproval`) reviews a live job's changes too.
import { and, asc, count, eq, gt, isNotNull, lte } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { jobs } from '@/db/schema';
import { type Db, queryAll } from '@/lib/core/transaction';
import {
  editGoesToReview,
  editMemberJob,
  type JobFormFields,
  type MemberEditOutcome,
  type MemberJob,
} from '@/lib/jobs';
import { paymentSettingsOf } from './settings';

const reviewOf = async (db: Db, orgId: number) => ({
  reviewEdits: (await paymentSettingsOf(db, orgId)).paidJobsNeedApproval,
});

/** Whether saving a change to the job would take it off the board until approved: for the form to say so. */
export async function postedJobEditGoesToReview(
  db: Db,
  orgId: number,
  job: Pick<MemberJob, 'status'>,
): Promise<boolean> {
  return editGoesToReview(job.status, await reviewOf(db, orgId));
}

/**
 * Saves the member's edit of their own job (`editMemberJob`: 404 for a job not theirs, 409 once it
 * is off the board), a live job's changes in review where the board approves paid jobs.
 */
export async function editPostedJob(
  db: Database,
  orgId: number,
  memberId: string,
  id: string,
  input: JobFormFields,
  now = new Date(),
): Promise<MemberEditOutcome> {
  return editMemberJob(db, orgId, memberId, id, input, await reviewOf(db, orgId), now);
}

/**
 * Paid jobs live and expiring within `withinMs` of `now` (their employers may want to renew): how
 * many, and the `first` to expire. Every job with a poster was paid for (checkout or a credit: see
 * checkout.ts); only a checkout's payment names its job, so the poster, not `payments.job_id`, says "paid".
 */
export async function paidJobsExpiring(
  db: Db,
  orgId: number,
  withinMs: number,
  now = new Date(),
  first = 3,
): Promise<{ count: number; jobs: { id: string; title: string; expiresAt: Date }[] }> {
  const where = and(
    eq(jobs.organizationId, orgId),
    eq(jobs.status, 'active'),
    gt(jobs.expiresAt, now),
    lte(jobs.expiresAt, new Date(now.getTime() + withinMs)),
    isNotNull(jobs.memberId),
  );
  const [rows, [total]] = await queryAll(db, [
    db
      .select({ id: jobs.id, title: jobs.title, expiresAt: jobs.expiresAt })
      .from(jobs)
      .where(where)
      .orderBy(asc(jobs.expiresAt), asc(jobs.id))
      .limit(first),
    db.select({ value: count() }).from(jobs).where(where),
  ] as const);
  return {
    count: total?.value ?? 0,
    jobs: rows.map((row) => ({ id: row.id, title: row.title, expiresAt: row.expiresAt! })),
  };
}
