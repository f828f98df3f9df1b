import Link from 'next/link';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { Table, TableHead } from '@/components/ui/table';
import type { AnalyticsOut, JobAnalyticsOut } from '@/lib/analytics/schemas';
import { formatCount } from './numbers';

const headCell = 'px-4 py-2.5 text-xs font-medium uppercase tracking-wide text-muted-foreground';

/** A card with a heading named by its id, so the card is a region a screen reader can jump to. */
export function Panel({
  id,
  title,
  description,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card className={className}>
      <section aria-labelledby={id} className="flex h-full flex-col">
        <div className="px-5 pt-5 pb-3">
          <h2 id={id} className="font-semibold">
            {title}
          </h2>
          {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        </div>
        {children}
      </section>
    </Card>
  );
}

/** The most viewed jobs of the period with their funnel, each linked to its page in the dashboard. */
export function TopJobs({ jobs, empty }: { jobs: JobAnalyticsOut[]; empty: ReactNode }) {
  if (jobs.length === 0) return <p className="px-5 pb-5 text-sm text-muted-foreground">{empty}</p>;
  return (
    <Table label="Most viewed jobs" testId="top-jobs">
      <TableHead rule="both">
        <th scope="col" className={`${headCell} pl-5`}>
          Job
        </th>
        <th scope="col" className={`${headCell} text-right`}>
          Views
        </th>
        <th scope="col" className={`${headCell} text-right`}>
          Apply clicks
        </th>
        <th scope="col" className={`${headCell} text-right`}>
          Applications
        </th>
        <th scope="col" className={`${headCell} pr-5 text-right`}>
          <span aria-hidden>View → apply</span>
          <span className="sr-only">Views that led to an apply click</span>
        </th>
      </TableHead>
      <tbody className="tabular-nums">
        {jobs.map((job) => (
          <tr key={job.job_id} className="border-b border-border last:border-0">
            <th scope="row" className="max-w-72 truncate px-4 py-2.5 pl-5 text-left font-medium">
              {job.title === null ? (
                <span className="text-muted-foreground italic">Deleted job</span>
              ) : (
                <Link href={`/dashboard/jobs/${job.job_id}`} className="text-link" title={job.title}>
                  {job.title}
                </Link>
              )}
            </th>
            <td className="px-4 py-2.5 text-right">{formatCount(job.views)}</td>
            <td className="px-4 py-2.5 text-right">{formatCount(job.apply_clicks)}</td>
            <td className="px-4 py-2.5 text-right">{formatCount(job.applications)}</td>
            <td className="px-4 py-2.5 pr-5 text-right">{job.view_to_apply_rate}%</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

type BreakdownRow = Pick<AnalyticsOut['breakdowns']['sources'][number], 'name' | 'visitors'>;

/** Names ranked by visitors, each with a bar of its share of the first; the table reads as it looks. */
export function Breakdown({
  rows,
  nameHeader,
  empty,
  testId,
  most = 6,
  flush = false,
}: {
  rows: BreakdownRow[];
  nameHeader: string;
  empty: ReactNode;
  testId: string;
  most?: number;
  /** Inside padded content rather than edge to edge in a Panel. */
  flush?: boolean;
}) {
  if (rows.length === 0)
    return <p className={cn('text-sm text-muted-foreground', !flush && 'px-5 pb-5')}>{empty}</p>;
  const shown = rows.slice(0, most);
  const top = Math.max(1, ...shown.map((row) => row.visitors));
  return (
    <Table label={`${nameHeader} table`} className="table-fixed" testId={testId}>
      <TableHead rule="both">
        <th scope="col" className={cn(headCell, flush ? 'pl-2' : 'pl-5')}>
          {nameHeader}
        </th>
        <th scope="col" className={cn(headCell, 'w-24 text-right', flush ? 'pr-0' : 'pr-5')}>
          Visitors
        </th>
      </TableHead>
      <tbody className="tabular-nums">
        {shown.map((row) => (
          <tr key={row.name}>
            <th scope="row" className={cn('py-1 pr-2 text-left font-normal', flush ? 'pl-0' : 'pl-3')}>
              <span className="relative block rounded-md px-2 py-1.5">
                <span
                  aria-hidden
                  className="absolute inset-y-0 left-0 rounded-md bg-primary/10"
                  style={{ width: `${(row.visitors / top) * 100}%` }}
                />
                {/* Wrapped, not cut: /jobs/x/apply and /jobs/x/applied must stay apart. */}
                <span className="relative block wrap-anywhere">{row.name}</span>
              </span>
            </th>
            <td className={cn('py-1 text-right', flush ? 'pr-0' : 'pr-5')}>{formatCount(row.visitors)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
