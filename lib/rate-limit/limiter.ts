// The process's one rate limiter, its driver chosen from env. Its own module so that the throttles
// (./throttle.ts), which index.ts re-exports, can use it without importing index.ts.
import { getDb } from '@/db/client';
import { installationId } from '@/db/installation';
import { env } from '@/lib/core/env';
import { redisConnection } from '@/lib/core/redis';
import { MemoryRateLimiter } from './memory';
import { RedisRateLimiter } from './redis';
import type { RateLimiter } from './types';
import { UpstashRateLimiter } from './upstash';

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
