// The answer to a refused request, in its own module so that the throttles (./throttle.ts), which
// index.ts re-exports, can build it without importing index.ts.
import { AppError } from '@/lib/core/errors';
import type { RateLimitResult } from './types';

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
