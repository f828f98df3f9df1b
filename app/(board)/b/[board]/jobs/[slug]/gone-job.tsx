import { JobCard } from '@/components/board/job-card';
import { longDate } from '@/lib/board/format';
import { similarJobs } from '@/lib/board/queries';
import type { JobOut } from '@/lib/jobs/schemas';
import type { Board } from '../../board';

/** An expired job: what it was, that it is closed, and live jobs like it. No JobPosting data. */
export async function GoneJob({ board, job }: { board: Board; job: JobOut }) {
  const similar = await similarJobs(board.db, board.org, job, 6);
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="rounded-lg border border-amber-300 bg-amber-50 p-5">
        <p className="text-sm font-semibold uppercase tracking-wide text-amber-900">Closed</p>
        <h1 className="mt-1 text-2xl font-bold tracking-tight">{job.title}</h1>
        <p className="text-zinc-700">{job.company_name}</p>
        <p className="mt-3">
          This job is no longer accepting applications
          {job.expires_at ? ` (closed on ${longDate(job.expires_at, board.org.locale)})` : ''}.
        </p>
      </div>
      <section aria-labelledby="similar-heading" className="space-y-3">
        <h2 id="similar-heading" className="text-xl font-semibold">
          {similar.length ? 'Similar jobs that are open' : 'No similar jobs are open right now'}
        </h2>
        <ul className="space-y-3">
          {similar.map((other) => (
            <JobCard
              key={other.id}
              job={other}
              href={board.href(`/jobs/${other.slug}`)}
              locale={board.org.locale}
            />
          ))}
        </ul>
        <a href={board.href('/')} className="board-button-outline">
          See all jobs
        </a>
      </section>
    </div>
  );
}
