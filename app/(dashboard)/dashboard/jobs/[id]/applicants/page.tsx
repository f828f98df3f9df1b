import { ArrowLeft, Mail } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import { Button } from '@/components/ui/button';
import { getDb } from '@/db/client';
import { allowedApplicationMoves, applicantsOfJob, PIPELINE_LIMIT } from '@/lib/applications';
import { requireMembership } from '@/lib/auth/session';
import { getJob } from '@/lib/jobs';
import { recordOr404 } from '../../../_components/record-or-404';
import { PageHeader } from '../../../page-header';
import { JobTabs } from '../job-tabs';
import { Pipeline } from './pipeline';

type Params = { params: Promise<{ id: string }> };

const findJob = cache(async (id: string) => {
  const { organization } = await requireMembership('applications.review');
  const job = await recordOr404(id, async (jobId) => getJob(await getDb(), organization.id, jobId));
  return { organization, job };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { job } = await findJob((await params).id);
  return { title: `Applicants · ${job.title} · Boardkit` };
}

export default async function ApplicantsPage({ params }: Params) {
  const { organization, job } = await findJob((await params).id);
  const cards = await applicantsOfJob(await getDb(), organization.id, job.id);
  return (
    <>
      <PageHeader
        title={job.title}
        description={`${job.company_name} · ${cards.length} applicant${cards.length === 1 ? '' : 's'}, by where they stand`}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link href="/dashboard/applications/templates">
                <Mail /> Status mails
              </Link>
            </Button>
            <Button asChild variant="outline" size="sm">
              <Link href="/dashboard/jobs">
                <ArrowLeft /> All jobs
              </Link>
            </Button>
          </div>
        }
      />
      <JobTabs jobId={job.id} current="applicants" applicants={cards.length} />
      {cards.length === PIPELINE_LIMIT ? (
        <p className="mb-4 text-sm text-muted-foreground">
          The {PIPELINE_LIMIT} newest applicants; the API lists every one.
        </p>
      ) : null}
      <Pipeline
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
