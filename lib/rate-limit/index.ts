import type { RateLimitOverrides } from '@/db/schema';

export { rateLimitExceeded, rateLimitHeaders } from './exceeded';
export { createRateLimiter, getRateLimiter, setRateLimiter } from './limiter';

export {
  type Asker,
  clientKey,
  enforceThrottle,
  type Limit,
  minutesUntil,
  type Throttle,
  throttle,
} from './throttle';
export { throttles } from './throttles';
export type { RateLimiter, RateLimitResult } from './types';

export const RATE_LIMIT_WINDOW_MS = 60_000;

/** Requests per minute per API key, by method. GET and POST are the spec's; PUT, PATCH and DELETE ours. */
export const defaultRateLimits = { GET: 100, POST: 30, PUT: 30, PATCH: 60, DELETE: 60 } as const;
export type RateLimitedMethod = keyof typeof defaultRateLimits;

export function rateLimitFor(method: string, overrides: RateLimitOverrides | null): number {
  const bucket = (method === 'HEAD' ? 'GET' : method) as RateLimitedMethod;
  return overrides?.[bucket] ?? defaultRateLimits[bucket] ?? defaultRateLimits.POST;
}
