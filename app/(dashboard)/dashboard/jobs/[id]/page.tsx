import { ArrowLeft, ExternalLink } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { DateText } from '@/components/ui/date-text';
import { getDb } from '@/db/client';
import { jobAnalytics, timezoneOf } from '@/lib/analytics';
import { listApplications } from '@/lib/applications/service';
import { requireMembership } from '@/lib/auth/session';
import { listCategories } from '@/lib/categories/service';
import { AppError } from '@/lib/core/errors';
import { locationDisplayName } from '@/lib/geo';
import { allowedStatusMoves, getJob } from '@/lib/jobs';
import type { JobOut } from '@/lib/jobs/schemas';
import { PageHeader } from '../../page-header';
import { JobForm } from '../job-form';
import { formValuesFromJob } from '../job-form-values';
import { JobStatusBadge } from '../status-badges';
import { APPLICATIONS_SHOWN, JobApplications } from './job-applications';
import { JobFunnel } from './job-funnel';

export const metadata: Metadata = { title: 'Edit job · Boardkit' };

async function findJob(organizationId: number, id: string): Promise<JobOut> {
  if (!z.uuid().safeParse(id).success) notFound();
  try {
    return await getJob(await getDb(), organizationId, id);
  } catch (error) {
    if (error instanceof AppError && error.code === 'not_found') notFound();
    throw error;
  }
}

export default async function EditJobPage({ params }: { params: Promise<{ id: string }> }) {
  const { organization } = await requireMembership('jobs.write');
  const job = await findJob(organization.id, (await params).id);
  const db = await getDb();
  const [categories, { applications, total }, analytics, timezone, locationName] = await Promise.all([
    listCategories(db, organization.id),
    listApplications(db, organization.id, { job_id: job.id, page: 1, per_page: APPLICATIONS_SHOWN }),
    jobAnalytics(db, organization.id, { period: '30d', jobIds: [job.id] }),
    timezoneOf(db, organization.id),
    job.location_id ? locationDisplayName(db, organization.id, job.location_id) : null,
  ]);
  const [funnel] = analytics.jobs;
  return (
    <>
      <PageHeader
        title={job.title}
        description={
          <span className="flex flex-wrap items-center gap-2">
            {job.company_name}
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
            <a href="#applications" className="text-link">
              {total} application{total === 1 ? '' : 's'}
            </a>
          </span>
        }
        actions={
          <div className="flex gap-2">
            {job.url && (
              <Button asChild variant="outline" size="sm">
                <a href={job.url} target="_blank" rel="noopener">
                  View on board <ExternalLink />
                </a>
              </Button>
            )}
            <Button asChild variant="outline" size="sm">
              <Link href="/dashboard/jobs">
                <ArrowLeft /> All jobs
              </Link>
            </Button>
          </div>
        }
      />
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
      <JobForm
        jobId={job.id}
        initial={formValuesFromJob(job, locationName)}
        categoryNames={categories.map((category) => category.name)}
        statusOptions={[job.status, ...allowedStatusMoves[job.status]]}
      />
      <JobApplications jobId={job.id} applications={applications} total={total} />
    </>
  );
}
