import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PostJobForm } from '@/components/board/post-job-form';
import { findMemberJob, getJob, jobFormText, memberMayEdit } from '@/lib/jobs';
import { postedJobEditGoesToReview } from '@/lib/payments';
import { boardMetadata, loadBoard } from '../../../board';
import { requireMember } from '../../../member';
import { editJobAction } from '../../actions';

type EditParams = Promise<{ board: string; id: string }>;

export async function generateMetadata({ params }: { params: EditParams }): Promise<Metadata> {
  const { board: slug, id } = await params;
  const board = await loadBoard(slug);
  return boardMetadata(board, {
    title: `Edit your job · ${board.look.name}`,
    description: 'Change the text of your job post.',
    path: `/post-a-job/${encodeURIComponent(id)}/edit`,
    noindex: true,
  });
}

/** The job form, filled in, for one of the member's own jobs while it is still on its way or listed. */
export default async function EditJobPage({ params }: { params: EditParams }) {
  const { board: slug, id } = await params;
  const { board, member } = await requireMember(slug, `/post-a-job/${encodeURIComponent(id)}/edit`);
  const job = await findMemberJob(board.db, board.org.id, member.id, id);
  if (!job) notFound();
  const statusHref = board.href(`/post-a-job/${job.id}`);
  const header = (
    <header className="space-y-2">
      <p className="text-sm text-zinc-700">
        <a className="board-link" href={statusHref}>
          {job.title}
        </a>
      </p>
      <h1 className="text-3xl font-bold tracking-tight">Edit your job</h1>
    </header>
  );

  if (!memberMayEdit(job)) {
    return (
      <div className="mx-auto max-w-xl space-y-4 rounded-lg border border-border p-8">
        {header}
        <p className="text-zinc-700">
          {job.status === 'expired'
            ? 'This job has expired, so it can no longer be changed. Post it again to list it anew.'
            : `${board.look.name} has taken this job off the board, so it cannot be changed now. Write to them if you have questions.`}
        </p>
        <p className="flex flex-wrap gap-3">
          <a className="board-button-outline" href={statusHref}>
            Back to your job
          </a>
          {job.status === 'expired' && (
            <a className="board-button-outline" href={board.href('/post-a-job')}>
              Post a job
            </a>
          )}
        </p>
      </div>
    );
  }

  const [current, reviewed] = await Promise.all([
    getJob(board.db, board.org.id, job.id),
    postedJobEditGoesToReview(board.db, board.org.id, job),
  ]);
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      {header}
      {reviewed ? (
        <p className="rounded-md border border-sky-300 bg-sky-50 p-4 text-sky-950">
          Your changes will be reviewed before they go live. Saving a change takes the job off{' '}
          {board.look.name} until {board.look.name} approves it again; it keeps its plan, its placement and
          its listing dates.
        </p>
      ) : (
        <p className="text-zinc-700">
          {job.status === 'active'
            ? `Your changes show on ${board.look.name} as soon as you save them. The job keeps its plan, its placement and its listing dates.`
            : 'The job is not listed yet: it goes live with your changes.'}
        </p>
      )}
      <PostJobForm
        mode="edit"
        action={editJobAction.bind(null, slug, job.id)}
        initial={jobFormText(current)}
      />
    </div>
  );
}
