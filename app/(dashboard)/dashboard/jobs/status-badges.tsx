import { Badge } from '@/components/ui/badge';
import type { ApplicationStatus } from '@/lib/applications/schemas';
import type { JobStatus } from '@/lib/jobs/schemas';

const amber = 'bg-amber-100 text-amber-800';

export const jobStatusLabels: Record<JobStatus, string> = {
  draft: 'Draft',
  pending: 'Pending review',
  active: 'Active',
  expired: 'Expired',
  pending_payment: 'Awaiting payment',
};

export function JobStatusBadge({ status }: { status: JobStatus }) {
  if (status === 'active') return <Badge variant="success">Active</Badge>;
  if (status === 'pending') return <Badge className={amber}>Pending</Badge>;
  return <Badge variant="muted">{jobStatusLabels[status]}</Badge>;
}

export const applicationStatusLabels: Record<ApplicationStatus, string> = {
  pending: 'Pending',
  reviewed: 'Reviewed',
  shortlisted: 'Shortlisted',
  rejected: 'Rejected',
  hired: 'Hired',
};

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  const variant = status === 'hired' ? 'success' : status === 'rejected' ? 'destructive' : 'default';
  return (
    <Badge
      variant={variant}
      className={status === 'pending' ? amber : undefined}
      data-testid="application-status"
    >
      {applicationStatusLabels[status]}
    </Badge>
  );
}
