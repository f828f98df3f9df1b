import type Redis from 'ioredis';
import type { RateLimiter, RateLimitResult } from './types';

/**
 * The sliding window counter of MemoryRateLimiter, in one atomic script: the previous fixed window's
 * count weighted by its overlap with the sliding window, plus the current one. ARGV: max, overlap,
 * expiry of the current window's counter in ms, and 1 to count this call (0 only peeks).
 */
const SLIDING_WINDOW = `
local max = tonumber(ARGV[1])
local used = math.floor(tonumber(redis.call('GET', KEYS[2]) or '0') * tonumber(ARGV[2]))
  + tonumber(redis.call('GET', KEYS[1]) or '0')
if used >= max then return {0, 0} end
if ARGV[4] == '0' then return {1, max - used} end
redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return {1, max - used - 1}
`;

type SlidingWindow = (
  current: string,
  previous: string,
  ...args: (string | number)[]
) => Promise<[number, number]>;

/**
 * Counters in the deployment's Redis (REDIS_URL), so every instance behind a load balancer counts
 * against one limit. Fails open, as the Upstash driver does: a Redis that is away or slow past the
 * connection's command timeout must not take the API down with it.
 */
export class RedisRateLimiter implements RateLimiter {
  readonly name = 'redis';
  private readonly slidingWindow: SlidingWindow;

  /** `prefix` starts every key: the installation's (db/installation.ts), read once. */
  constructor(
    redis: Redis,
    private readonly prefix: () => Promise<string>,
  ) {
    redis.defineCommand('boardkitSlidingWindow', { numberOfKeys: 2, lua: SLIDING_WINDOW });
    const command = (redis as unknown as { boardkitSlidingWindow: SlidingWindow }).boardkitSlidingWindow;
    this.slidingWindow = command.bind(redis);
  }

  limit(identifier: string, max: number, windowMs: number): Promise<RateLimitResult> {
    return this.run(identifier, max, windowMs, true);
  }

  peek(identifier: string, max: number, windowMs: number): Promise<RateLimitResult> {
    return this.run(identifier, max, windowMs, false);
  }

  private async run(
    identifier: string,
    max: number,
    windowMs: number,
    count: boolean,
  ): Promise<RateLimitResult> {
    const now = Date.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const reset = windowStart + windowMs;
    const overlap = 1 - (now - windowStart) / windowMs;
    try {
      const prefix = await this.prefix();
      const key = (start: number) => `${prefix}:${identifier}:${windowMs}:${start}`;
      const [allowed, remaining] = await this.slidingWindow(
        key(windowStart),
        key(windowStart - windowMs),
        max,
        overlap,
        2 * windowMs + 1000,
        count ? 1 : 0,
      );
      return { success: allowed === 1, limit: max, remaining, reset };
    } catch {
      // The connection logs an outage once (lib/core/redis.ts); the database's own callers report theirs.
      return { success: true, limit: max, remaining: count ? max - 1 : max, reset };
    }
  }
}
