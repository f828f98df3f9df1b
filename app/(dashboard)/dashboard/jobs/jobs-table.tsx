import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { DateText } from '@/components/ui/date-text';
import { Table, TableHead } from '@/components/ui/table';
import type { JobOut } from '@/lib/jobs/schemas';
import { jobTypeLabels, workplaceTypeLabels } from '@/lib/jobs/schemas';
import { JobRowActions } from './job-row-actions';
import { JobStatusBadge } from './status-badges';

function JobSummary({ job }: { job: JobOut }) {
  const details = [job.company_name, job.location, job.job_type ? jobTypeLabels[job.job_type] : null].filter(
    Boolean,
  );
  return (
    <div className="min-w-0">
      <Link href={`/dashboard/jobs/${job.id}`} className="font-medium hover:underline">
        {job.title}
      </Link>
      <div className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted-foreground">
        {details.join(' · ')}
        {job.workplace_type === 'on_site' ? null : (
          <Badge variant="default">{workplaceTypeLabels[job.workplace_type]}</Badge>
        )}
        {job.category ? <Badge variant="muted">{job.category}</Badge> : null}
      </div>
    </div>
  );
}

export function JobsTable({ jobs, applications }: { jobs: JobOut[]; applications: Map<string, number> }) {
  return (
    <Table label="Jobs">
      <TableHead>
        <th className="px-4 py-3 font-medium">Job</th>
        <th className="px-4 py-3 font-medium">Status</th>
        <th className="px-4 py-3 font-medium">Posted</th>
        <th className="px-4 py-3 text-right font-medium">Applicants</th>
        <th className="px-4 py-3">
          <span className="sr-only">Actions</span>
        </th>
      </TableHead>
      <tbody>
        {jobs.map((job) => (
          <tr key={job.id} className="border-b border-border align-top last:border-0" data-testid="job-row">
            <td className="px-4 py-3">
              <JobSummary job={job} />
            </td>
            <td className="px-4 py-3">
              <JobStatusBadge status={job.status} />
            </td>
            <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
              {job.published_at ? (
                <DateText value={job.published_at} />
              ) : (
                <span className="italic">Not yet</span>
              )}
            </td>
            <td className="px-4 py-3 text-right tabular-nums">
              {applications.get(job.id) ? (
                <Link href={`/dashboard/jobs/${job.id}#applications`} className="hover:underline">
                  {applications.get(job.id)}
                </Link>
              ) : (
                <span className="text-muted-foreground">0</span>
              )}
            </td>
            <td className="px-4 py-2">
              <JobRowActions id={job.id} title={job.title} status={job.status} />
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
