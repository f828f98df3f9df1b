'use server';

import { notFound, redirect } from 'next/navigation';
import type { SaveJobState } from '@/components/board/save-job-button';
import { AppError } from '@/lib/core/errors';
import { isUuid } from '@/lib/core/ids';
import { formText } from '@/lib/forms';
import { saveJob, unsaveJob } from '@/lib/jobs';
import { minutesUntil, throttle, throttles } from '@/lib/rate-limit';
import { expectForm, expectIds } from './action-input';
import { requireMember, safeNext } from './member';

/**
 * The save / unsave toggle of a job card or page, then back to the page it was pressed on (at the
 * toggle, for a long list without JavaScript). Throttled per member, like their other writes.
 */
export async function toggleSavedJobAction(
  boardSlug: string,
  jobId: string,
  _previous: SaveJobState,
  form: FormData,
): Promise<SaveJobState> {
  expectIds(boardSlug, jobId);
  expectForm(form);
  if (!isUuid(jobId)) notFound();
  const back = safeNext(formText(form, 'back')).split('#')[0]!;
  const { board, member } = await requireMember(boardSlug, back);
  const refused = await throttle(throttles.savedJobs, { client: `member:${member.id}`, scope: board.org.id });
  if (refused) {
    const minutes = minutesUntil(refused.reset);
    return { error: `Too many saves. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.` };
  }
  const unsave = formText(form, 'intent') === 'unsave';
  try {
    if (unsave) await unsaveJob(board.db, board.org.id, member.id, jobId);
    else await saveJob(board.db, board.org.id, member.id, jobId);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found')
      return { error: 'This job is no longer on the board.' };
    throw error;
  }
  if (formText(form, 'enhanced') === '1') return { saved: !unsave };
  // The saved list loses the row: back to the list itself (a hash would keep the old page).
  redirect(formText(form, 'list') === '1' ? board.href(back) : `${board.href(back)}#save-${jobId}`);
}
