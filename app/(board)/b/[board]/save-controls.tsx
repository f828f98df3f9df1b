// The save control of job cards and pages, per viewer. Pages are cached and shared between visitors
// who carry no cookie (lib/board/page-cache.ts), and such a render has no member: it shows a link to
// sign in that comes back to the job. The saved state is read only when a member is signed in, whose
// cookie makes every page of theirs a render of its own.
import type { ReactNode } from 'react';
import { SaveJobButton, SaveJobLink } from '@/components/board/save-job-button';
import { savedJobIds } from '@/lib/jobs';
import type { Board } from './board';
import { currentMember } from './member';
import { toggleSavedJobAction } from './saved-jobs';

type SaveControl = (
  job: { id: string; slug: string; title: string },
  size?: 'small' | 'regular',
) => ReactNode;

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
    return (job, size = 'small') => (
      <SaveJobLink
        href={board.href(`/sign-in?next=${encodeURIComponent(`/jobs/${job.slug}`)}`)}
        jobTitle={job.title}
        size={size}
      />
    );
  }
  const saved = await savedJobIds(
    board.db,
    board.org.id,
    member.id,
    jobs.map((job) => job.id),
  );
  return (job, size = 'small') => (
    <SaveJobButton
      action={toggleSavedJobAction.bind(null, board.org.slug, job.id)}
      saved={saved.has(job.id)}
      jobId={job.id}
      jobTitle={job.title}
      back={back}
      size={size}
    />
  );
}
