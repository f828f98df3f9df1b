import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { FeaturedBadge } from '@/components/board/job-card';
import { longDate } from '@/lib/board/format';
import { jobsOfMember, type MemberJob } from '@/lib/jobs';
import { type Board, boardMetadata, loadBoard } from '../../board';
import { requireMember } from '../../member';
import { onThisHost } from '../../payments';

type StatusParams = Promise<{ board: string; id: string }>;

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

/** Where one of the member's own job posts stands: paid, approved, live, expired. */
export default async function JobStatusPage({ params }: { params: StatusParams }) {
  const { board: slug, id } = await params;
  const { board, member } = await requireMember(slug, `/post-a-job/${encodeURIComponent(id)}`);
  const jobId = z.uuid().safeParse(id);
  // Another member's job is no different from no job.
  const [job] = jobId.success
    ? await jobsOfMember(board.db, board.org.id, member.id, { id: jobId.data })
    : [];
  if (!job) notFound();
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
      <JobState board={board} job={job} />
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="font-medium">Posted</dt>
        <dd className="text-zinc-700">{longDate(job.createdAt)}</dd>
        {job.expiresAt && (
          <>
            <dt className="font-medium">{job.status === 'expired' ? 'Expired' : 'Listed until'}</dt>
            <dd className="text-zinc-700">{longDate(job.expiresAt)}</dd>
          </>
        )}
        <dt className="font-medium">Applications</dt>
        <dd className="text-zinc-700">{job.applications.toLocaleString('en-US')}</dd>
      </dl>
      <p className="flex flex-wrap gap-3">
        <a className="board-button-outline" href={board.href('/post-a-job')}>
          Post another job
        </a>
        <a className="board-button-outline" href={board.href('/account#jobs-heading')}>
          All your jobs
        </a>
      </p>
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
            The job is no longer listed{job.expiresAt ? ` since ${longDate(job.expiresAt)}` : ''}. Post it
            again to list it anew.
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
