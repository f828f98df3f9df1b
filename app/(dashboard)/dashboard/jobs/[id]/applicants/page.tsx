import { ArrowLeft } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/components/ui/cn';
import { getDb } from '@/db/client';
import { allowedApplicationMoves, applicantsOfJob, PIPELINE_LIMIT } from '@/lib/applications';
import { requireMembership } from '@/lib/auth/session';
import { getJob } from '@/lib/jobs';
import { recordOr404 } from '../../../_components/record-or-404';
import { StatusMailsLink } from '../../../applications/review-parts';
import { PageHeader } from '../../../page-header';
import { JobTabs } from '../job-tabs';
import { Pipeline } from './pipeline';

type Params = { params: Promise<{ id: string }> };
type Props = Params & { searchParams: Promise<{ view?: string | string[] }> };

const findJob = cache(async (id: string) => {
  const { organization } = await requireMembership('applications.review');
  const job = await recordOr404(id, async (jobId) => getJob(await getDb(), organization.id, jobId));
  return { organization, job };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { job } = await findJob((await params).id);
  return { title: `Applicants · ${job.title} · Boardkit` };
}

export default async function ApplicantsPage({ params, searchParams }: Props) {
  const { organization, job } = await findJob((await params).id);
  const view = (await searchParams).view === 'list' ? 'list' : 'pipeline';
  const cards = await applicantsOfJob(await getDb(), organization.id, job.id);
  return (
    <>
      <PageHeader
        title={job.title}
        description={`${job.company_name} · ${cards.length} applicant${cards.length === 1 ? '' : 's'}, by where they stand`}
        actions={
          <div className="flex flex-wrap gap-2">
            <StatusMailsLink />
            <Button asChild variant="outline" size="sm">
              <Link href="/dashboard/jobs">
                <ArrowLeft /> All jobs
              </Link>
            </Button>
          </div>
        }
      />
      <JobTabs jobId={job.id} current="applicants" applicants={cards.length} />
      <nav aria-label="View" className="mb-4">
        <ul className="inline-flex rounded-lg border border-border bg-white p-0.5 shadow-sm">
          {(['pipeline', 'list'] as const).map((option) => (
            <li key={option}>
              <Link
                href={`/dashboard/jobs/${job.id}/applicants${option === 'list' ? '?view=list' : ''}`}
                aria-current={view === option ? 'page' : undefined}
                className={cn(
                  'block rounded-md px-3 py-1.5 text-sm',
                  view === option
                    ? 'bg-primary font-medium text-primary-foreground'
                    : 'text-zinc-700 hover:bg-muted',
                )}
              >
                {option === 'list' ? 'List' : 'Pipeline'}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {cards.length === PIPELINE_LIMIT ? (
        <p className="mb-4 text-sm text-muted-foreground">
          The {PIPELINE_LIMIT} newest applicants; the API lists every one.
        </p>
      ) : null}
      <Pipeline
        view={view}
        cards={cards.map((card) => ({
          id: card.id,
          name: card.name,
          email: card.email,
          status: card.status,
          appliedAt: card.createdAt.toISOString(),
          rating: card.rating,
          hasResume: card.hasResume,
          notes: card.notes,
          moves: allowedApplicationMoves[card.status],
        }))}
      />
    </>
  );
}
