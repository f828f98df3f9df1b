import { ArrowLeft, Copy, ExternalLink } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { cache } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { getDb } from '@/db/client';
import { jobAnalytics, timezoneOf } from '@/lib/analytics';
import { applicationCounts } from '@/lib/applications';
import { requireMembership } from '@/lib/auth/session';
import { jobPostingProblem, salaryProblem } from '@/lib/board/job-posting';
import { listCategories } from '@/lib/categories/service';
import { companyNames } from '@/lib/companies';
import { locationSummary } from '@/lib/geo';
import { allowedStatusMoves, getJob } from '@/lib/jobs';
import { recordOr404 } from '../../_components/record-or-404';
import { PageHeader } from '../../page-header';
import { JobForm } from '../job-form';
import { formValuesFromJob } from '../job-form-values';
import { JobStatusBadge } from '../status-badges';
import { ApplicantsSummary } from './applicants-summary';
import { JobFunnel } from './job-funnel';
import { JobTabs } from './job-tabs';

type Params = { params: Promise<{ id: string }> };

const findJob = cache(async (id: string) => {
  const { organization } = await requireMembership('jobs.write');
  const job = await recordOr404(id, async (jobId) => getJob(await getDb(), organization.id, jobId));
  return { organization, job };
});

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { job } = await findJob((await params).id);
  return { title: `${job.title} · Jobs · Boardkit` };
}

export default async function EditJobPage({ params }: Params) {
  const { organization, job } = await findJob((await params).id);
  const db = await getDb();
  const [categories, companies, counts, analytics, timezone, location] = await Promise.all([
    listCategories(db, organization.id),
    companyNames(db, organization.id),
    applicationCounts(db, organization.id, job.id),
    jobAnalytics(db, organization.id, { period: '30d', jobIds: [job.id] }),
    timezoneOf(db, organization.id),
    job.location_id ? locationSummary(db, organization.id, job.location_id) : null,
  ]);
  const googleProblem = jobPostingProblem(job, location);
  const salaryHidden = salaryProblem(job);
  const [funnel] = analytics.jobs;
  return (
    <>
      <PageHeader
        title={job.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {job.company ? (
              <Link href={`/dashboard/companies/${job.company.id}`} className="text-link">
                {job.company_name}
              </Link>
            ) : (
              job.company_name
            )}
            <span aria-hidden>·</span>
            <JobStatusBadge status={job.status} />
            <span aria-hidden>·</span>
            {job.published_at ? (
              <>
                Posted <DateText value={job.published_at} />
              </>
            ) : (
              'Not posted yet'
            )}
            {job.expires_at ? (
              <>
                <span aria-hidden>·</span>
                {job.status === 'expired' ? 'Expired' : 'Expires'} <DateText value={job.expires_at} />
              </>
            ) : null}
            <span aria-hidden>·</span>
            <Link href={`/dashboard/jobs/${job.id}/applicants`} className="text-link">
              {counts.total} application{counts.total === 1 ? '' : 's'}
            </Link>
          </span>
        }
        actions={
          <div className="flex flex-wrap gap-2">
            {job.url && (
              <Button asChild variant="outline" size="sm">
                <a href={job.url} target="_blank" rel="noopener">
                  View on board <ExternalLink />
                </a>
              </Button>
            )}
            <Button asChild variant="outline" size="sm">
              <Link href={`/dashboard/jobs/new?from=${job.id}`}>
                <Copy /> Duplicate
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
      <JobTabs jobId={job.id} current="edit" applicants={counts.total} />
      <ApplicantsSummary jobId={job.id} counts={counts} />
      {/* A job never on the board has nothing to count yet. */}
      {funnel && (job.published_at || funnel.views > 0) ? (
        <JobFunnel
          stats={funnel}
          timezone={timezone}
          locale={organization.locale}
          jobUrl={job.url}
          applyMethod={job.how_to_apply_method ?? null}
        />
      ) : null}
      {googleProblem ? (
        <Alert variant="warning" className="mb-4">
          <strong>Not in Google for Jobs.</strong> The board lists this job, but its page carries no job
          markup, which Google needs. {googleProblem}
        </Alert>
      ) : null}
      {salaryHidden ? (
        <Alert variant="warning" className="mb-4">
          <strong>Salary not shown.</strong> {salaryHidden}
        </Alert>
      ) : null}
      <JobForm
        jobId={job.id}
        initial={formValuesFromJob(job, location?.displayName ?? null)}
        categoryNames={categories.map((category) => category.name)}
        companyNames={companies}
        statusOptions={[job.status, ...allowedStatusMoves[job.status]]}
      />
    </>
  );
}
