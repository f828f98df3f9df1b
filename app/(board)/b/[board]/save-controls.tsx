// The save control of job cards and pages, per viewer. Pages are cached and shared between visitors
// who carry no cookie (lib/board/page-cache.ts), and such a render has no member: it shows a link to
// sign in that comes back to the job. The saved state is read only when a member is signed in, whose
// cookie makes every page of theirs a render of its own.
import type { ReactNode } from 'react';
import { jobCardTitleId } from '@/components/board/job-card';
import { SaveJobButton, SaveJobLink } from '@/components/board/save-job-button';
import { savedJobIds } from '@/lib/jobs';
import type { Board } from './board';
import { currentMember } from './member';
import { toggleSavedJobAction } from './saved-jobs';

/** On a card (small, described by the card's title) or a job's own page (its one control). */
type SaveControl = (job: { id: string; slug: string }, place?: 'card' | 'page') => ReactNode;

const where = (job: { id: string }, place: 'card' | 'page') =>
  place === 'card'
    ? { size: 'small' as const, describedBy: jobCardTitleId(job.id) }
    : { size: 'regular' as const };

/**
 * The control for each of `jobs` on the page at `back` (its path inside the board, query included):
 * one read of which of them the member saved.
 */
export async function saveControls(
  board: Board,
  jobs: readonly { id: string }[],
  back: string,
): Promise<SaveControl> {
  const member = await currentMember(board.org.slug);
  if (!member) {
    return (job, place = 'card') => (
      <SaveJobLink
        href={board.href(`/sign-in?next=${encodeURIComponent(`/jobs/${job.slug}`)}`)}
        {...where(job, place)}
      />
    );
  }
  const saved = await savedJobIds(
    board.db,
    board.org.id,
    member.id,
    jobs.map((job) => job.id),
  );
  return (job, place = 'card') => (
    <SaveJobButton
      action={toggleSavedJobAction.bind(null, board.org.slug, job.id)}
      saved={saved.has(job.id)}
      jobId={job.id}
      back={back}
      {...where(job, place)}
    />
  );
}
