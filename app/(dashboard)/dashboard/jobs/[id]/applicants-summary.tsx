import { Users } from 'lucide-react';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { type ApplicationStatus, applicationStatuses } from '@/lib/applications/schemas';
import { applicationStatusLabels } from '../status-badges';

/** The job page's word on its applicants: how many, where they stand, and the way to them. */
export function ApplicantsSummary({
  jobId,
  counts,
}: {
  jobId: string;
  counts: { total: number; byStatus: Partial<Record<ApplicationStatus, number>> };
}) {
  const stages = applicationStatuses.flatMap((status) =>
    counts.byStatus[status]
      ? [`${counts.byStatus[status]} ${applicationStatusLabels[status].toLowerCase()}`]
      : [],
  );
  return (
    <div
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-border bg-white px-4 py-3 text-sm shadow-sm"
      data-testid="applicants-summary"
    >
      <p className="flex items-center gap-2">
        <Users aria-hidden className="size-4 text-muted-foreground" />
        {counts.total === 0
          ? 'No applications yet. Applications to this job will appear on its Applicants page.'
          : `${counts.total} application${counts.total === 1 ? '' : 's'}: ${stages.join(', ')}.`}
      </p>
      {counts.total > 0 ? (
        <Button asChild variant="outline" size="sm">
          <Link href={`/dashboard/jobs/${jobId}/applicants`}>Review applicants</Link>
        </Button>
      ) : null}
    </div>
  );
}
