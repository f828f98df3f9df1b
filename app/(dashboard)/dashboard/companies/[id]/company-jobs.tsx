import Link from 'next/link';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { JobOut } from '@/lib/jobs/schemas';
import { EmptyState } from '../../_components/empty-state';
import { JobStatusBadge } from '../../jobs/status-badges';

/** The company's newest jobs, each leading to its editor; the jobs page, filtered to it, has them all. */
export function CompanyJobs({
  companyId,
  jobs,
  total,
}: {
  companyId: string;
  jobs: JobOut[];
  total: number;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Jobs</CardTitle>
        <CardDescription>Jobs posted under this company’s name link here by themselves.</CardDescription>
      </CardHeader>
      {jobs.length === 0 ? (
        <EmptyState title="No jobs yet">
          A job posted under this company’s name joins it, and shows its logo.
        </EmptyState>
      ) : (
        <CardContent>
          <ul className="divide-y divide-border rounded-md border border-border">
            {jobs.map((job) => (
              <li key={job.id} className="flex items-center justify-between gap-3 px-4 py-2.5">
                <Link
                  href={`/dashboard/jobs/${job.id}`}
                  className="min-w-0 truncate font-medium hover:underline"
                >
                  {job.title}
                </Link>
                <JobStatusBadge status={job.status} />
              </li>
            ))}
          </ul>
          {total > jobs.length ? (
            <p className="mt-3 text-sm">
              <Link href={`/dashboard/jobs?company_id=${companyId}`} className="text-link">
                All {total} jobs of this company
              </Link>
            </p>
          ) : null}
        </CardContent>
      )}
    </Card>
  );
}
