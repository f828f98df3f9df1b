// How payment and subscription statuses, members and dates read in the Payments lists.
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { DateText } from '@/components/ui/date-text';
import type { PaymentStatus, SubscriptionStatus } from '@/lib/payments/schemas';

type BadgeVariant = 'default' | 'muted' | 'success' | 'destructive';

export const paymentStatusLabels: Record<PaymentStatus, [label: string, variant: BadgeVariant]> = {
  succeeded: ['Succeeded', 'success'],
  pending: ['Pending', 'default'],
  failed: ['Failed', 'destructive'],
  refunded: ['Refunded', 'muted'],
};

export const subscriptionStatusLabels: Record<SubscriptionStatus, [label: string, variant: BadgeVariant]> = {
  active: ['Active', 'success'],
  trialing: ['Trial', 'success'],
  past_due: ['Past due', 'destructive'],
  unpaid: ['Unpaid', 'destructive'],
  incomplete: ['Incomplete', 'default'],
  paused: ['Paused', 'muted'],
  canceled: ['Canceled', 'muted'],
  incomplete_expired: ['Expired', 'muted'],
};

export function StatusBadge({ status }: { status: [label: string, variant: BadgeVariant] }) {
  return <Badge variant={status[1]}>{status[0]}</Badge>;
}

/** A date (UTC, as revenue months are counted), or a dash. */
export function DateCell({ value }: { value: string | Date | null }) {
  return <DateText value={value} empty={<span className="text-muted-foreground">—</span>} />;
}

/** The member's email, linked to their page; erased members have no page. */
export function MemberCell({ id, email }: { id: string | null; email: string | undefined }) {
  if (!id || !email) return <span className="text-muted-foreground">Erased member</span>;
  return (
    <Link href={`/dashboard/members/${id}`} className="text-link">
      {email}
    </Link>
  );
}
