import { CircleCheck } from 'lucide-react';
import type { Metadata } from 'next';
import { boardMetadata } from '../../../board';
import { type JobParams, loadJob } from '../job';

export async function generateMetadata({ params }: { params: JobParams }): Promise<Metadata> {
  const { board: boardSlug, slug } = await params;
  const { board, job } = await loadJob(boardSlug, slug);
  return boardMetadata(board, {
    title: `Application sent · ${job.title}`,
    description: `Your application for ${job.title} at ${job.company_name} was sent.`,
    path: `/jobs/${job.slug}/applied`,
    noindex: true,
  });
}

export default async function AppliedPage({ params }: { params: JobParams }) {
  const { board: boardSlug, slug } = await params;
  const { board, job } = await loadJob(boardSlug, slug);
  return (
    <div className="mx-auto max-w-xl rounded-lg border border-border p-8 text-center">
      <CircleCheck aria-hidden className="mx-auto size-12 text-green-700" />
      <h1 className="mt-4 text-2xl font-bold tracking-tight">Application sent</h1>
      <p className="mt-2 text-zinc-700">
        Thank you. Your application for <strong>{job.title}</strong> at {job.company_name} is with the hiring
        team, who will reply by email.
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        <a href={board.href(`/jobs/${job.slug}`)} className="board-button-outline">
          Back to the job
        </a>
        <a href={board.href('/')} className="board-button">
          See more jobs
        </a>
      </div>
    </div>
  );
}
