import { TriangleAlert } from 'lucide-react';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { DateText } from '@/components/ui/date-text';
import type { WebhookOut } from '@/lib/webhooks/schemas';
import { disabledReasonText, eventLabel } from './labels';
import { EnableWebhookButton } from './webhook-actions';

export function WebhookStatusBadge({ webhook }: { webhook: WebhookOut }) {
  if (webhook.is_enabled) return <Badge variant="success">Enabled</Badge>;
  return (
    <Badge variant={webhook.disabled_reason ? 'destructive' : 'muted'}>
      {webhook.disabled_reason ? 'Disabled by Boardkit' : 'Disabled'}
    </Badge>
  );
}

export function EventBadges({ events }: { events: string[] }) {
  return (
    <div className="flex flex-wrap gap-1">
      {events.map((event) => (
        <Badge key={event} variant={event === '*' ? 'default' : 'muted'} className="font-mono">
          {eventLabel(event)}
        </Badge>
      ))}
    </div>
  );
}

/** Where a webhook sends, what, whether it does, and, when Boardkit stopped it, why. */
export function SubscriptionSummary({
  webhook,
  canManage,
  linkToLog,
  vaultSecretMissing,
}: {
  webhook: WebhookOut;
  canManage: boolean;
  linkToLog: boolean;
  /** Its `secret_ref` names no secret in the vault: every delivery fails unsigned. */
  vaultSecretMissing: boolean;
}) {
  return (
    <div className="grid min-w-0 gap-2">
      <div className="flex min-w-0 items-center gap-2">
        {linkToLog ? (
          <Link
            href={`/dashboard/webhooks/${webhook.id}`}
            className="min-w-0 truncate font-mono text-sm font-medium hover:underline"
            title={webhook.target_url}
          >
            {webhook.target_url}
          </Link>
        ) : (
          <span className="min-w-0 break-all font-mono text-sm font-medium">{webhook.target_url}</span>
        )}
        <WebhookStatusBadge webhook={webhook} />
      </div>
      <EventBadges events={webhook.events} />
      <p className="text-xs text-muted-foreground">
        Added <DateText value={webhook.created_at} style="dateTime" utc />
        {webhook.secret_ref ? (
          <>
            {' '}
            · signed with <code className="font-mono">{webhook.secret_ref}</code>
          </>
        ) : null}
        {!webhook.is_enabled && !webhook.disabled_reason
          ? ' · disabled by hand: events that happen now are not sent, not even later'
          : null}
      </p>
      {vaultSecretMissing ? (
        <p className="flex items-center gap-1.5 text-xs text-destructive" data-testid="vault-secret-missing">
          <TriangleAlert className="size-3.5 shrink-0" />
          <span>
            <Link href="/dashboard/secrets" className="underline">
              Secrets
            </Link>{' '}
            has no <code className="font-mono">{webhook.secret_ref}</code>: deliveries cannot be signed, and
            fail until it is added.
          </span>
        </p>
      ) : null}
      {webhook.disabled_reason ? (
        <div
          role="alert"
          className="mt-1 flex items-center justify-between gap-4 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2.5"
          data-testid="disabled-reason"
        >
          <div className="flex items-start gap-2 text-sm text-destructive">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" />
            <div>
              <p className="font-medium">
                {disabledReasonText[webhook.disabled_reason] ??
                  `Disabled by Boardkit (${webhook.disabled_reason})`}
                .
              </p>
              <p className="text-xs text-destructive/80">
                Fix the endpoint, then enable the webhook again: new events are sent from then on.
              </p>
            </div>
          </div>
          {canManage ? <EnableWebhookButton id={webhook.id} /> : null}
        </div>
      ) : null}
    </div>
  );
}
