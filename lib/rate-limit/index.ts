import type { RateLimitOverrides } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import type { RateLimitResult } from './types';

export { createRateLimiter, getRateLimiter, setRateLimiter } from './limiter';

export { type Asker, clientKey, type Limit, minutesUntil, type Throttle, throttle } from './throttle';
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

function secondsUntil(epochMs: number): number {
  return Math.max(1, Math.ceil((epochMs - Date.now()) / 1000));
}

export function rateLimitHeaders(result: RateLimitResult): Record<string, string> {
  return {
    'RateLimit-Limit': String(result.limit),
    'RateLimit-Remaining': String(result.remaining),
    'RateLimit-Reset': String(secondsUntil(result.reset)),
  };
}

/** The 429 for a refused `result`: `Retry-After` and the RateLimit headers, `retry_after` in details. */
export function rateLimitExceeded(
  result: RateLimitResult,
  message: (retryAfterSeconds: number) => string,
  details: Record<string, unknown> = {},
): AppError {
  const retryAfter = secondsUntil(result.reset);
  return new AppError(
    'rate_limited',
    message(retryAfter),
    { limit: result.limit, ...details, retry_after: retryAfter },
    { 'Retry-After': String(retryAfter), ...rateLimitHeaders(result) },
  );
}
