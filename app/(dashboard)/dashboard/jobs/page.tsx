import { Plus } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { listCategories } from '@/lib/categories/service';
import { listJobs } from '@/lib/jobs';
import { jobTypeLabels, listJobsQuerySchema, workplaceTypeLabels } from '@/lib/jobs/schemas';
import { EmptyState } from '../_components/empty-state';
import { hrefWith, queryFrom, type SearchParams } from '../_components/list-address';
import { Pagination } from '../_components/pagination';
import { PageHeader } from '../page-header';
import { filterValues, JobFilters } from './job-filters';
import { JobsTable } from './jobs-table';
import { applicationCounts } from './queries';

export const metadata: Metadata = { title: 'Jobs · Boardkit' };

export default async function JobsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const { organization } = await requireMembership();
  const db = await getDb();
  const raw = queryFrom(await searchParams);
  const parsed = listJobsQuerySchema.safeParse(raw);
  const query = parsed.success ? parsed.data : listJobsQuerySchema.parse({});
  const [{ jobs, total }, categories] = await Promise.all([
    listJobs(db, organization, query),
    listCategories(db, organization.id),
  ]);
  const applications = await applicationCounts(
    db,
    organization.id,
    jobs.map((job) => job.id),
  );
  const filtered = parsed.success && Object.keys(raw).some((key) => key !== 'page' && key !== 'per_page');
  const kept = parsed.success ? raw : {};

  return (
    <>
      <PageHeader
        title="Jobs"
        description="Every job on your board, newest first. Search and filter; approve pending ones, expire or delete, one at a time or several selected."
        actions={
          <Button asChild>
            <Link href="/dashboard/jobs/new">
              <Plus /> New job
            </Link>
          </Button>
        }
      />
      {parsed.success ? null : (
        <Alert variant="warning" className="mb-4">
          Some filters in the address could not be read, so all jobs are shown:{' '}
          {parsed.error.issues
            .map((issue) => `${issue.path.join('.') || 'query'} (${issue.message.toLowerCase()})`)
            .join('; ')}
          .
        </Alert>
      )}
      {/* An empty board has nothing to filter. */}
      {total > 0 || filtered || query.page > 1 ? (
        <JobFilters
          // A fresh form whenever the address changes ("Clear" included): its inputs are uncontrolled.
          key={new URLSearchParams(raw).toString()}
          values={filterValues(parsed.success ? query : null)}
          categories={categories}
          active={filtered}
        />
      ) : null}
      <Card>
        {jobs.length === 0 ? (
          <EmptyState
            title={
              filtered
                ? 'No jobs match these filters'
                : query.page > 1
                  ? 'No jobs on this page'
                  : 'No jobs yet'
            }
          >
            {filtered ? (
              <Link href="/dashboard/jobs" className="text-link">
                Clear the filters
              </Link>
            ) : query.page > 1 ? (
              <Link href="/dashboard/jobs" className="text-link">
                Back to the first page
              </Link>
            ) : (
              'Post the first one with “New job”, or send jobs through the API.'
            )}
          </EmptyState>
        ) : (
          <JobsTable
            jobs={jobs.map((job) => ({
              id: job.id,
              title: job.title,
              details: [job.company_name, job.location, job.job_type ? jobTypeLabels[job.job_type] : null]
                .filter(Boolean)
                .join(' · '),
              workplace: job.workplace_type === 'on_site' ? null : workplaceTypeLabels[job.workplace_type],
              category: job.category,
              status: job.status,
              publishedAt: job.published_at,
              applications: applications.get(job.id) ?? 0,
            }))}
          />
        )}
      </Card>
      <Pagination
        total={total}
        noun={['job', 'jobs']}
        page={query.page}
        perPage={query.per_page}
        href={(page) => hrefWith('/dashboard/jobs', kept, { page })}
      />
    </>
  );
}
