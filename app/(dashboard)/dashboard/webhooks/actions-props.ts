import type { WebhookOut } from '@/lib/webhooks/schemas';
import { SECRET_OVERLAP_MS } from '@/lib/webhooks/subscriptions';
import type { WebhookActionsProps } from './webhook-actions';

/** What the controls of one subscription need to know about it (read on the server). */
export function webhookActionsProps(webhook: WebhookOut): Omit<WebhookActionsProps, 'onLog'> {
  return {
    id: webhook.id,
    targetUrl: webhook.target_url,
    isEnabled: webhook.is_enabled,
    disabledReason: webhook.disabled_reason,
    secretRef: webhook.secret_ref,
    overlapHours: SECRET_OVERLAP_MS / 3_600_000,
  };
}
