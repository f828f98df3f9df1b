import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { FeaturedBadge } from '@/components/board/job-card';
import { SubmitButton } from '@/components/board/submit-button';
import { longDate } from '@/lib/board/format';
import { findMemberJob, type MemberJob, memberMayEdit } from '@/lib/jobs';
import { type Board, boardMetadata, loadBoard } from '../../board';
import { requireMember } from '../../member';
import { onThisHost } from '../../payments';
import { closeJobAction } from '../actions';

type StatusParams = Promise<{ board: string; id: string }>;
/**
 * `saved` (`1`, `review`: waiting for the board's approval, `unchanged`) and `closed`: what was just
 * done; `close`: open the confirmation (the account's Close link).
 */
type Search = Promise<{ saved?: string; closed?: string; close?: string }>;

export async function generateMetadata({ params }: { params: StatusParams }): Promise<Metadata> {
  const { board: slug, id } = await params;
  const board = await loadBoard(slug);
  return boardMetadata(board, {
    title: `Your job · ${board.look.name}`,
    description: 'Where your job post stands.',
    path: `/post-a-job/${encodeURIComponent(id)}`,
    noindex: true,
  });
}

/** Where one of the member's own job posts stands (paid, approved, live, expired), to edit or close it. */
export default async function JobStatusPage({
  params,
  searchParams,
}: {
  params: StatusParams;
  searchParams: Search;
}) {
  const { board: slug, id } = await params;
  const query = await searchParams;
  const { board, member } = await requireMember(slug, `/post-a-job/${encodeURIComponent(id)}`);
  const job = await findMemberJob(board.db, board.org.id, member.id, id);
  if (!job) notFound();
  const notice = 'rounded-md border border-emerald-300 bg-emerald-50 p-4 text-emerald-950';
  return (
    <div className="mx-auto max-w-2xl space-y-8">
      <header className="space-y-2">
        <p className="text-sm text-zinc-700">
          <a className="board-link" href={board.href('/account#jobs-heading')}>
            Your jobs
          </a>
        </p>
        <h1 className="text-3xl font-bold tracking-tight text-balance">{job.title}</h1>
        <p className="flex flex-wrap items-center gap-3 text-lg text-zinc-700">
          {job.companyName}
          {job.featured && <FeaturedBadge />}
        </p>
      </header>
      {query.saved === '1' && (
        <p role="status" className={notice}>
          Saved: your changes are on the job.
        </p>
      )}
      {query.saved === 'review' && (
        <p role="status" className={notice}>
          Saved: {board.look.name} reviews your changes before the job is listed again.
        </p>
      )}
      {query.saved === 'unchanged' && (
        <p role="status" className={notice}>
          Nothing to save: the job is as it was.
        </p>
      )}
      {query.closed === '1' && job.status === 'expired' && (
        <p role="status" className={notice}>
          Job closed: it is no longer on {board.look.name} and takes no more applications.
        </p>
      )}
      <JobState board={board} job={job} />
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Posted</dt>
        <dd className="text-zinc-700">{longDate(job.createdAt, board.org.locale)}</dd>
        {job.expiresAt && (
          <>
            <dt className="font-medium">{job.status === 'expired' ? 'Expired' : 'Listed until'}</dt>
            <dd className="text-zinc-700">{longDate(job.expiresAt, board.org.locale)}</dd>
          </>
        )}
        <dt className="font-medium">Applications</dt>
        <dd className="text-zinc-700">{job.applications.toLocaleString('en-US')}</dd>
      </dl>
      <p className="flex flex-wrap gap-3">
        {memberMayEdit(job) && (
          <a className="board-button-outline" href={board.href(`/post-a-job/${job.id}/edit`)}>
            Edit this job
          </a>
        )}
        <a className="board-button-outline" href={board.href('/post-a-job')}>
          Post another job
        </a>
        <a className="board-button-outline" href={board.href('/account#jobs-heading')}>
          All your jobs
        </a>
      </p>
      {job.status === 'active' && (
        // The confirmation step, without a script: the button shows once the summary is opened.
        <details id="close-job" open={query.close === '1'} className="rounded-lg border border-border p-5">
          <summary className="cursor-pointer rounded font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary">
            Close this job
          </summary>
          <div className="mt-3 space-y-4">
            <p className="text-zinc-700">
              Closing takes the job off {board.look.name} now: it leaves the list and takes no more
              applications. You cannot open it again yourself; post it anew to list it again.
            </p>
            <form action={closeJobAction.bind(null, slug, job.id)}>
              <SubmitButton
                className="board-button bg-red-700 focus-visible:outline-red-700"
                pendingLabel="Closing…"
              >
                Yes, close this job
              </SubmitButton>
            </form>
          </div>
        </details>
      )}
    </div>
  );
}

/** The status in words, what it means, and the one thing to do next. */
function JobState({ board, job }: { board: Board; job: MemberJob }) {
  const box = 'space-y-2 rounded-lg border p-5';
  switch (job.status) {
    case 'pending_payment':
      return (
        <section aria-labelledby="job-state" className={`${box} border-amber-300 bg-amber-50 text-amber-950`}>
          <h2 id="job-state" className="text-xl font-semibold">
            Waiting for payment
          </h2>
          {job.checkoutUrl ? (
            <>
              <p>
                The job goes live once its payment is confirmed. If you have just paid, reload in a moment.
              </p>
              <a className="board-button" href={onThisHost(board, job.checkoutUrl)}>
                Go to the checkout
              </a>
            </>
          ) : (
            <p>
              The checkout for this job was closed before it was paid.{' '}
              <a
                className="rounded font-semibold underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-950"
                href={board.href('/post-a-job')}
              >
                Post the job again
              </a>{' '}
              to choose a plan.
            </p>
          )}
        </section>
      );
    case 'pending':
      return (
        <section aria-labelledby="job-state" className={`${box} border-sky-300 bg-sky-50 text-sky-950`}>
          <h2 id="job-state" className="text-xl font-semibold">
            Waiting for approval by the board
          </h2>
          <p>{board.look.name} checks new jobs before they go live. Nothing more is needed from you.</p>
        </section>
      );
    case 'active':
      return (
        <section
          aria-labelledby="job-state"
          className={`${box} border-emerald-300 bg-emerald-50 text-emerald-950`}
        >
          <h2 id="job-state" className="text-xl font-semibold">
            Live
          </h2>
          <p>Your job is on {board.look.name} and taking applications.</p>
          <a className="board-button" href={board.href(`/jobs/${job.slug}`)}>
            View the job page
          </a>
        </section>
      );
    case 'expired':
      return (
        <section aria-labelledby="job-state" className={`${box} border-zinc-300 bg-zinc-50`}>
          <h2 id="job-state" className="text-xl font-semibold">
            Expired
          </h2>
          <p>
            The job is no longer listed
            {job.expiresAt ? ` since ${longDate(job.expiresAt, board.org.locale)}` : ''}. Post it again to
            list it anew.
          </p>
        </section>
      );
    default:
      return (
        <section aria-labelledby="job-state" className={`${box} border-zinc-300 bg-zinc-50`}>
          <h2 id="job-state" className="text-xl font-semibold">
            Not listed
          </h2>
          <p>
            {board.look.name} has taken this job off the board for now. Write to them if you have questions.
          </p>
        </section>
      );
  }
}
