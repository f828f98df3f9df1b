// Where proxy.ts sends an expired job's page (answered with 410 Gone).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { boardMetadata } from '../../../board';
import { GoneJob } from '../gone-job';
import { type JobParams, loadJob } from '../job';

export async function generateMetadata({ params }: { params: JobParams }): Promise<Metadata> {
  const { board: boardSlug, slug } = await params;
  const { board, job } = await loadJob(boardSlug, slug);
  return boardMetadata(board, {
    title: `${job.title} (closed) · ${board.look.name}`,
    description: `This job at ${job.company_name} is no longer accepting applications.`,
    path: `/jobs/${job.slug}`,
    noindex: true,
  });
}

export default async function GoneJobPage({ params }: { params: JobParams }) {
  const { board: boardSlug, slug } = await params;
  const { board, job } = await loadJob(boardSlug, slug);
  if (job.status !== 'expired') notFound();
  return <GoneJob board={board} job={job} />;
}
