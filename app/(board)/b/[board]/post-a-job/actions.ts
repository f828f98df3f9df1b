'use server';

import { redirect } from 'next/navigation';
import type { PostJobFormState } from '@/components/board/post-job-form';
import { formValues } from '@/lib/forms';
import { closeMemberJob, jobFormFields } from '@/lib/jobs';
import { boardOffer, jobCredits } from '@/lib/payments';
import { expectForm, expectIds } from '../action-input';
import { requireMember } from '../member';
import { checkoutUrls, onThisHost } from '../payments';
import { editJobFromForm, postJobFields, postJobFromForm } from './post-job';

/** The job form: the job is posted, then its status page, or its checkout when a plan pays for it. */
export async function postJobAction(
  boardSlug: string,
  previous: PostJobFormState | null,
  form: FormData,
): Promise<PostJobFormState> {
  expectIds(boardSlug);
  expectForm(form);
  const { board, member } = await requireMember(boardSlug, '/post-a-job');
  const values = formValues(form, [...postJobFields]);
  const [{ jobPlans }, credits] = await Promise.all([
    boardOffer(board.db, board.org.id),
    jobCredits(board.db, board.org.id, member.id),
  ]);
  const outcome = await postJobFromForm(
    {
      db: board.db,
      orgId: board.org.id,
      member,
      jobPlans,
      hasCredit: credits > 0,
      urls: (jobId) => checkoutUrls(board, jobId),
    },
    values,
  );
  if (!outcome.ok)
    return {
      error: outcome.error,
      fieldErrors: outcome.fieldErrors,
      values,
      submission: (previous?.submission ?? 0) + 1,
    };
  redirect(
    outcome.checkoutUrl ? onThisHost(board, outcome.checkoutUrl) : board.href(`/post-a-job/${outcome.jobId}`),
  );
}

/** The edit form of the member's own job: saved, then its status page says what became of it. */
export async function editJobAction(
  boardSlug: string,
  jobId: string,
  previous: PostJobFormState | null,
  form: FormData,
): Promise<PostJobFormState> {
  expectIds(boardSlug, jobId);
  expectForm(form);
  const { board, member } = await requireMember(boardSlug, `/post-a-job/${encodeURIComponent(jobId)}/edit`);
  const values = formValues(form, [...jobFormFields]);
  const outcome = await editJobFromForm({ db: board.db, orgId: board.org.id, member }, jobId, values);
  if (!outcome.ok)
    return {
      error: outcome.error,
      fieldErrors: outcome.fieldErrors,
      values,
      submission: (previous?.submission ?? 0) + 1,
    };
  const saved = { saved: '1', in_review: 'review', unchanged: 'unchanged' }[outcome.outcome];
  redirect(board.href(`/post-a-job/${encodeURIComponent(jobId)}?saved=${saved}`));
}

/** The confirmed "Close this job" button: the job leaves the board; its status page says so. */
export async function closeJobAction(boardSlug: string, jobId: string): Promise<void> {
  expectIds(boardSlug, jobId);
  const path = `/post-a-job/${encodeURIComponent(jobId)}`;
  const { board, member } = await requireMember(boardSlug, path);
  const closed = await closeMemberJob(board.db, board.org.id, member.id, jobId);
  // Not closed (not theirs, or no longer live): the status page shows where the job stands.
  redirect(board.href(closed ? `${path}?closed=1` : path));
}
