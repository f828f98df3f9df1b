import { getDb } from '@/db/client';
import { installationId } from '@/db/installation';
import type { RateLimitOverrides } from '@/db/schema';
import { env } from '@/lib/core/env';
import { AppError } from '@/lib/core/errors';
import { redisConnection } from '@/lib/core/redis';
import { MemoryRateLimiter } from './memory';
import { RedisRateLimiter } from './redis';
import type { RateLimiter, RateLimitResult } from './types';
import { UpstashRateLimiter } from './upstash';

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

/** Upstash on Vercel, the deployment's Redis when self-hosted (REDIS_URL), else this process's memory. */
export function createRateLimiter(): RateLimiter {
  const { UPSTASH_REDIS_REST_URL: url, UPSTASH_REDIS_REST_TOKEN: token } = env();
  // Deployments sharing one Redis keep apart.
  const prefix = async () => `boardkit:${await installationId(await getDb())}:ratelimit`;
  if (url && token) return new UpstashRateLimiter({ url, token }, prefix);
  const redis = redisConnection();
  return redis ? new RedisRateLimiter(redis, prefix) : new MemoryRateLimiter();
}

const globalForLimiter = globalThis as typeof globalThis & { __boardkitRateLimiter?: RateLimiter };

export function getRateLimiter(): RateLimiter {
  globalForLimiter.__boardkitRateLimiter ??= createRateLimiter();
  return globalForLimiter.__boardkitRateLimiter;
}

/** Tests swap the backend or reset counters between cases. */
export function setRateLimiter(limiter: RateLimiter | undefined): void {
  globalForLimiter.__boardkitRateLimiter = limiter;
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
