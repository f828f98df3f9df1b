import { ChevronDown, ChevronRight } from 'lucide-react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/components/ui/cn';
import { DateText } from '@/components/ui/date-text';
import { Table, TableHead } from '@/components/ui/table';
import type { getDelivery } from '@/lib/webhooks/deliveries';
import type { deliveryStatuses, WebhookDeliveryOut } from '@/lib/webhooks/schemas';
import { MAX_ATTEMPTS } from '@/lib/webhooks/worker';
import { errorDescription, fromNow } from '../labels';
import { RetryDeliveryButton } from './delivery-controls';

type DeliveryStatus = (typeof deliveryStatuses)[number];
type DeliveryDetail = Awaited<ReturnType<typeof getDelivery>>;

/** What the log's address holds: page, status filter and the delivery opened. */
export interface LogQuery {
  page: number;
  status?: DeliveryStatus;
  delivery?: string;
}

const statusBadges: Record<
  DeliveryStatus,
  { label: string; variant: 'success' | 'destructive' | 'default' }
> = {
  pending: { label: 'Pending', variant: 'default' },
  succeeded: { label: 'Succeeded', variant: 'success' },
  failed: { label: 'Failed', variant: 'destructive' },
};

function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  const { label, variant } = statusBadges[status];
  return (
    <Badge variant={variant} className={status === 'pending' ? 'bg-amber-100 text-amber-800' : undefined}>
      {label}
    </Badge>
  );
}

/** An HTTP status, green for 2xx; else the error that kept a response from coming. */
function Outcome({ status, error }: { status: number | null; error: string | null }) {
  if (status !== null)
    return (
      <span className={cn('font-mono', status >= 200 && status < 300 ? 'text-success' : 'text-destructive')}>
        HTTP {status}
      </span>
    );
  if (error)
    return (
      <span className="font-mono text-destructive" title={errorDescription(error)}>
        {error}
      </span>
    );
  return <span className="text-muted-foreground">—</span>;
}

export function DeliveryTable({
  webhookId,
  deliveries,
  opened,
  canRetry,
  now,
  href,
}: {
  webhookId: string;
  deliveries: WebhookDeliveryOut[];
  opened: DeliveryDetail | null;
  canRetry: boolean;
  now: number;
  href: (changes: Partial<LogQuery>) => string;
}) {
  return (
    <Table label="Deliveries">
      <TableHead className="whitespace-nowrap">
        <th className="px-4 py-3 font-medium">Event</th>
        <th className="px-4 py-3 font-medium">Status</th>
        <th className="px-4 py-3 text-right font-medium">Attempts</th>
        <th className="px-4 py-3 font-medium">Last response</th>
        <th className="px-4 py-3 text-right font-medium">Latency</th>
        <th className="px-4 py-3 font-medium">Next attempt</th>
        <th className="px-4 py-3">
          <span className="sr-only">Details</span>
        </th>
      </TableHead>
      <tbody>
        {deliveries.map((delivery) => {
          const isOpen = opened?.id === delivery.id;
          const toggle = href({ delivery: isOpen ? undefined : delivery.id });
          return [
            <tr
              key={delivery.id}
              id={`delivery-${delivery.id}`}
              className={cn(
                'border-b border-border align-top last:border-0',
                isOpen && 'border-0 bg-muted/60',
              )}
              data-testid="delivery-row"
            >
              <td className="px-4 py-3">
                <Link href={toggle} scroll={false} className="font-mono text-xs font-medium hover:underline">
                  {delivery.event_type}
                </Link>
                <div className="mt-0.5 whitespace-nowrap text-xs text-muted-foreground">
                  <DateText value={delivery.created_at} style="dateTimeSeconds" utc />
                </div>
              </td>
              <td className="px-4 py-3">
                <DeliveryStatusBadge status={delivery.status} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums">{delivery.attempts}</td>
              <td className="px-4 py-3 text-xs">
                <Outcome status={delivery.response_status} error={delivery.error} />
              </td>
              <td className="px-4 py-3 text-right tabular-nums text-muted-foreground">
                {delivery.latency_ms === null ? '—' : `${delivery.latency_ms} ms`}
              </td>
              <td className="whitespace-nowrap px-4 py-3 text-muted-foreground">
                {delivery.next_attempt_at ? (
                  <>
                    <time dateTime={delivery.next_attempt_at}>{fromNow(delivery.next_attempt_at, now)}</time>
                    <div className="mt-0.5 text-xs">
                      attempt {delivery.attempts + 1} of {Math.max(MAX_ATTEMPTS, delivery.attempts + 1)}
                    </div>
                  </>
                ) : (
                  '—'
                )}
              </td>
              <td className="px-4 py-2 text-right">
                <Link
                  href={toggle}
                  scroll={false}
                  aria-expanded={isOpen}
                  className="inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2 py-1.5 text-xs font-medium text-primary hover:bg-muted [&_svg]:size-4"
                >
                  {isOpen ? <ChevronDown /> : <ChevronRight />} {isOpen ? 'Hide' : 'Attempts'}
                </Link>
              </td>
            </tr>,
            isOpen ? (
              <tr
                key={`${delivery.id}-attempts`}
                className="border-b border-border bg-muted/60 last:border-0"
              >
                <td colSpan={7} className="px-4 pb-4">
                  <AttemptLog webhookId={webhookId} delivery={opened} canRetry={canRetry} now={now} />
                </td>
              </tr>
            ) : null,
          ];
        })}
      </tbody>
    </Table>
  );
}

function AttemptLog({
  webhookId,
  delivery,
  canRetry,
  now,
}: {
  webhookId: string;
  delivery: DeliveryDetail;
  canRetry: boolean;
  now: number;
}) {
  return (
    <div className="grid gap-3 rounded-md border border-border bg-white p-4" data-testid="attempt-log">
      <div className="flex items-start justify-between gap-4">
        <div className="text-xs text-muted-foreground">
          <p>
            <span className="font-medium text-foreground">webhook-id</span>{' '}
            <code className="font-mono">{delivery.event_id}</code> (the same on every attempt)
          </p>
          {delivery.status === 'pending' && delivery.next_attempt_at ? (
            <p className="mt-1">
              Next attempt {fromNow(delivery.next_attempt_at, now)}, at{' '}
              <DateText value={delivery.next_attempt_at} style="dateTimeSeconds" utc />.
            </p>
          ) : null}
        </div>
        {canRetry ? <RetryDeliveryButton id={webhookId} deliveryId={delivery.id} /> : null}
      </div>
      {delivery.attempt_log.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {delivery.error
            ? `No attempt was made. ${errorDescription(delivery.error)}.`
            : 'Not attempted yet: it is sent within a few seconds.'}
        </p>
      ) : (
        <ol className="grid gap-3">
          {delivery.attempt_log.map((attempt) => (
            <li key={attempt.attempt} className="grid gap-1.5 text-sm" data-testid="attempt">
              <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <span className="font-medium">Attempt {attempt.attempt}</span>
                <span className="text-xs text-muted-foreground">
                  <DateText value={attempt.started_at} style="dateTimeSeconds" utc />
                </span>
                <span className="text-xs tabular-nums text-muted-foreground">{attempt.duration_ms} ms</span>
                <span className="text-xs">
                  <Outcome status={attempt.response_status} error={attempt.error} />
                </span>
              </div>
              {attempt.error ? (
                <p className="text-xs text-destructive">
                  {errorDescription(attempt.error)}.{attempt.error_detail ? ` ${attempt.error_detail}` : ''}
                </p>
              ) : null}
              {attempt.response_body ? (
                <pre className="max-h-64 overflow-auto whitespace-pre-wrap break-all rounded-md border border-border bg-muted px-3 py-2 font-mono text-xs">
                  {attempt.response_body}
                </pre>
              ) : attempt.response_status !== null ? (
                <p className="text-xs text-muted-foreground">Empty response body.</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      {delivery.attempt_log.some((attempt) => attempt.response_body) ? (
        <p className="text-xs text-muted-foreground">Response bodies are cut after their first 4 KB.</p>
      ) : null}
    </div>
  );
}
