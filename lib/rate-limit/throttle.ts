// Limits keyed by the one who asks. A request is counted first against its client's own limits;
// only one that passes counts against the limits on what it names (an email address), and those are
// kept per (client, target): no one's requests can fill the bucket of someone else's, so a victim's
// own request is never refused because of what another client sent.
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { rateLimitExceeded } from './exceeded';
import { getRateLimiter } from './limiter';
import type { RateLimitResult } from './types';

/** At most `max` requests in any `windowMs` (a sliding window). */
export interface Limit {
  readonly max: number;
  readonly windowMs: number;
}

export interface Throttle {
  /** Part of every key: throttles never share counters. */
  readonly name: string;
  /** Per client, all its requests. */
  readonly perClient: readonly Limit[];
  /** Per (client, target), only the requests `perClient` let through. */
  readonly perTarget?: readonly Limit[];
}

export interface Asker {
  /** The trusted client address (lib/http/client-address). */
  client: string;
  /** Keeps counters apart per board (analytics); omitted, the limits span every board. */
  scope?: string | number;
  /** What the request names; compared as given, so normalize it (lowercase an email) first. */
  target?: string;
}

/**
 * Counts one request of `asker` against `throttle`. Answers the limit that refused it (for
 * `Retry-After` and the asker's words), or null when it may go on.
 */
export async function throttle(rule: Throttle, asker: Asker): Promise<RateLimitResult | null> {
  const base = `throttle:${rule.name}:${asker.scope ?? '*'}:${clientKey(asker.client)}`;
  const refused = await firstRefusal(base, rule.perClient);
  if (refused || asker.target === undefined || !rule.perTarget) return refused;
  return firstRefusal(`${base}:${digest(asker.target)}`, rule.perTarget);
}

/**
 * `throttle`, refusing with a 429 (`rateLimitExceeded`, `Retry-After` included) in the asker's
 * words: `words` gets the whole minutes to wait.
 */
export async function enforceThrottle(
  rule: Throttle,
  asker: Asker,
  words: (minutes: number) => string,
): Promise<void> {
  const refused = await throttle(rule, asker);
  if (refused) throw rateLimitExceeded(refused, () => words(minutesUntil(refused.reset)));
}

// In order, so that a request refused by one limit is not counted by the ones after it.
async function firstRefusal(key: string, limits: readonly Limit[]): Promise<RateLimitResult | null> {
  const limiter = getRateLimiter();
  for (const { max, windowMs } of limits) {
    const result = await limiter.limit(`${key}:${windowMs}`, max, windowMs);
    if (!result.success) return result;
  }
  return null;
}

/**
 * Who a client is, for limits: its address; an IPv6 client is its /64, the block one subscriber
 * gets and can walk through at will. An IPv4 address mapped into IPv6 is the IPv4 address.
 */
export function clientKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (!isIPv6(address)) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Targets are digests in keys: a limiter's store never holds anyone's address. */
const digest = (target: string) => createHash('sha256').update(target).digest('base64url').slice(0, 22);

/** Whole minutes until `reset` (epoch ms), at least one: what a refused person is told to wait. */
export const minutesUntil = (reset: number): number => Math.max(1, Math.ceil((reset - Date.now()) / 60_000));
