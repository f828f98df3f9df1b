import { DAY_MS } from '@/lib/core/time';
import { DELIVERY_TIMEOUT_MS, DISABLE_AFTER_FAILING_MS, RETRY_SCHEDULE_MS } from '@/lib/webhooks/worker';

const days = DISABLE_AFTER_FAILING_MS / DAY_MS;

/** Why Boardkit switched a subscription off (`disabled_reason`), as the owner should read it. */
export const disabledReasonText: Record<string, string> = {
  gone: 'The endpoint answered 410 Gone, so deliveries stopped',
  failing: `Deliveries failed for ${days} days, so they stopped`,
};

/** What each `error` of an attempt (or of a delivery cancelled without one) means. */
const errorText: Record<string, string> = {
  dns_error: 'The host name did not resolve (DNS)',
  network_error: 'Could not connect, or the connection broke',
  timeout: `No answer within ${DELIVERY_TIMEOUT_MS / 1_000} s`,
  blocked_target: 'Refused: the URL leads to a private or reserved address',
  invalid_url: 'The URL (or a redirect) is not a valid https URL',
  too_many_redirects: 'Too many redirects',
  secret_unavailable: 'Not sent: the signing secret could not be read (deleted vault secret?)',
  subscription_disabled: 'Not sent: the subscription was disabled',
};

export const errorDescription = (code: string) => errorText[code] ?? code;

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "in 5 minutes", "2 hours ago": how far `iso` is from `now`, in its largest whole unit. */
export function fromNow(iso: string, now: number): string {
  const seconds = Math.round((Date.parse(iso) - now) / 1_000);
  const units: [Intl.RelativeTimeFormatUnit, number][] = [
    ['day', 86_400],
    ['hour', 3_600],
    ['minute', 60],
  ];
  for (const [unit, size] of units)
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return Math.abs(seconds) < 5 ? 'now' : relative.format(seconds, 'second');
}

export const eventLabel = (event: string) => (event === '*' ? 'All events' : event);

const duration = (ms: number) =>
  ms < 60_000 ? `${ms / 1_000} s` : ms < 3_600_000 ? `${ms / 60_000} min` : `${ms / 3_600_000} h`;

/** The retry rules in a sentence each, from the worker's own constants. */
export const deliveryRules = [
  `A 2xx answer within ${DELIVERY_TIMEOUT_MS / 1_000} s counts as delivered.`,
  `Network errors, timeouts, 408, 429 and 5xx answers are retried after ${RETRY_SCHEDULE_MS.slice(1)
    .map(duration)
    .join(', ')}: ${RETRY_SCHEDULE_MS.length} attempts in all. Other 4xx answers fail at once.`,
  `A 410 Gone answer disables the webhook at once; so do ${days} days without a successful delivery.`,
];
