import { DAY_MS } from '@/lib/core/time';
import { DELIVERY_TIMEOUT_MS, DISABLE_AFTER_FAILING_MS, RETRY_SCHEDULE_MS } from './worker';

const duration = (ms: number) =>
  ms === 0
    ? 'immediately'
    : ms < 60_000
      ? `${ms / 1_000} s`
      : ms < 3_600_000
        ? `${ms / 60_000} min`
        : `${ms / 3_600_000} h`;

/** How deliveries work, for the OpenAPI description of POST /webhooks (built from the worker's constants). */
export const webhookDeliveryDocs = `**Delivery** (Standard Webhooks): each event is a \`POST\` of \`{ "type", "timestamp", "data" }\` (JSON; \`timestamp\` is when the event happened, ISO 8601) with the headers \`webhook-id\` (the event id, the same on every retry: use it to ignore duplicates), \`webhook-timestamp\` (unix seconds of the attempt) and \`webhook-signature\`: \`v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">\`. The HMAC key is the base64-decoded part after \`whsec_\` for \`whsec_\` secrets, otherwise the secret's UTF-8 bytes. After \`POST /webhooks/{id}/rotate-secret\` the header carries two signatures, space-separated, for 24 hours. Any Standard Webhooks library verifies these requests.

**Answers**: a 2xx within ${DELIVERY_TIMEOUT_MS / 1_000} s is a success. Network errors, timeouts, 408, 429 and 5xx are retried ${RETRY_SCHEDULE_MS.slice(1).map(duration).join(', ')} after each failure (±20%, and never sooner than a \`Retry-After\`), ${RETRY_SCHEDULE_MS.length} attempts in all. Other 4xx fail at once. 410 Gone disables the subscription (\`disabled_reason: "gone"\`); so do ${DISABLE_AFTER_FAILING_MS / DAY_MS} days without a successful delivery (\`"failing"\`). Up to 3 redirects are followed, each checked like the target itself; private, loopback, link-local and cloud-metadata addresses are refused, after DNS resolution, at every attempt. Every attempt is logged: \`GET /webhooks/{id}/deliveries\`.`;
