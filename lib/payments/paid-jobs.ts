// Jobs posted and paid for on the board, as their employer changes them afterwards. A board that
// approves paid jobs before they go live (`paidJobsNeedApproval`) reviews a live job's changes too.
import type { Database } from '@/db/client';
import type { Db } from '@/lib/core/transaction';
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
