'use client';

import Link from 'next/link';
import { useRef, useState, useTransition } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DateText } from '@/components/ui/date-text';
import { Table, TableHead } from '@/components/ui/table';
import type { BulkJobAction } from '@/lib/jobs/bulk';
import type { JobStatus } from '@/lib/jobs/schemas';
import {
  type BulkMessage,
  BulkStatus,
  SelectAllBox,
  SelectRowBox,
  useSelection,
} from '../_components/bulk-selection';
import { bulkJobsAction } from './actions';
import { bulkJobsMessage } from './bulk-message';
import { JobRowActions } from './job-row-actions';
import { JobStatusBadge } from './status-badges';

/** What the list shows of a job: its labels made on the server, so no job schema ships to the browser. */
export interface JobListRow {
  id: string;
  title: string;
  /** Company, place and job type, joined. */
  details: string;
  /** Remote or hybrid; null on site. */
  workplace: string | null;
  category: string | null;
  status: JobStatus;
  publishedAt: string | null;
  applications: number;
}

function JobSummary({ job }: { job: JobListRow }) {
  return (
    <div className="min-w-0">
      <Link href={`/dashboard/jobs/${job.id}`} className="font-medium hover:underline">
        {job.title}
      </Link>
      <div className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-muted-foreground">
        {job.details}
        {job.workplace ? <Badge variant="default">{job.workplace}</Badge> : null}
        {job.category ? <Badge variant="muted">{job.category}</Badge> : null}
      </div>
    </div>
  );
}

/**
 * The jobs of one list page. Each row has its own actions; rows can also be selected, all of the
 * page at once too, and approved, expired or deleted together. The live region above the table says
 * what was done and, by title, what was not and why.
 */
export function JobsTable({ jobs }: { jobs: JobListRow[] }) {
  const { selected, setSelected, check } = useSelection();
  const [message, setMessage] = useState<BulkMessage>();
  const [pending, startTransition] = useTransition();
  const status = useRef<HTMLDivElement>(null);
  // After a delete from the dialog, focus goes to what was done, not to a trigger now disabled.
  const deleted = useRef(false);

  // Selections of jobs no longer listed (deleted, or on another page now) are dropped.
  const chosen = jobs.filter((job) => selected.has(job.id));
  const ids = jobs.map((job) => job.id);

  const apply = async (action: BulkJobAction) => {
    const result = await bulkJobsAction(
      chosen.map((job) => job.id),
      action,
    );
    setMessage({ text: bulkJobsMessage(result, action), error: !!result.error || !!result.refused?.length });
    if (!result.error) setSelected(new Set(result.refused?.map((row) => row.id)));
    if (action === 'delete') deleted.current = !result.error;
    else status.current?.focus();
    return result;
  };
  const run = (action: BulkJobAction) => startTransition(async () => void (await apply(action)));

  return (
    <div className="grid">
      <BulkStatus ref={status} message={message} testId="jobs-bulk-status" className="border-b px-4 py-2" />
      <fieldset
        className="flex flex-wrap items-center gap-2 border-b border-border px-4 py-2"
        aria-describedby="jobs-bulk-count"
      >
        <legend className="sr-only">Selected jobs</legend>
        <p
          id="jobs-bulk-count"
          className="mr-auto text-sm text-muted-foreground"
          data-testid="jobs-bulk-count"
        >
          {chosen.length === 0
            ? 'Select jobs to approve, expire or delete several at once.'
            : `${chosen.length} selected`}
        </p>
        {(['approve', 'expire'] as const).map((action) => (
          <Button
            key={action}
            type="button"
            size="sm"
            variant="outline"
            disabled={pending || chosen.length === 0}
            onClick={() => run(action)}
          >
            {action === 'approve' ? 'Approve selected' : 'Expire selected'}
          </Button>
        ))}
        <ConfirmDialog
          trigger="Delete selected"
          disabled={pending || chosen.length === 0}
          title={chosen.length === 1 ? `Delete “${chosen[0]!.title}”?` : `Delete ${chosen.length} jobs?`}
          description="The jobs and all their applications are removed for good. To take jobs offline but keep their applications, expire them instead."
          confirmLabel={chosen.length === 1 ? 'Delete job' : `Delete ${chosen.length} jobs`}
          pendingLabel="Deleting…"
          onConfirm={async () => ({ error: (await apply('delete')).error })}
          onCloseAutoFocus={(event) => {
            if (!deleted.current) return;
            deleted.current = false;
            event.preventDefault();
            status.current?.focus();
          }}
        />
      </fieldset>
      <Table label="Jobs">
        <TableHead>
          <th className="w-10 px-4 py-3">
            <SelectAllBox
              label="Select all jobs on this page"
              ids={ids}
              selected={selected}
              onCheck={check}
            />
          </th>
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
                <SelectRowBox
                  id={job.id}
                  name={job.title}
                  checked={selected.has(job.id)}
                  onCheck={(on) => check([job.id], on)}
                />
              </td>
              <td className="px-4 py-3">
                <JobSummary job={job} />
              </td>
              <td className="px-4 py-3">
                <JobStatusBadge status={job.status} />
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                {job.publishedAt ? (
                  <DateText value={job.publishedAt} />
                ) : (
                  <span className="italic">Not yet</span>
                )}
              </td>
              <td className="px-4 py-3 text-right tabular-nums">
                {job.applications ? (
                  <Link href={`/dashboard/jobs/${job.id}#applications`} className="hover:underline">
                    {job.applications}
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
    </div>
  );
}
