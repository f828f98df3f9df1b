import { randomUUID } from 'node:crypto';
import type { RateLimiter, RateLimitResult } from './types';

/**
 * The limit as a sliding log: the time of every call counted in the last window, so "at most `max`
 * per window" holds for any window, also one that straddles a minute boundary (a sliding window
 * counter estimates the previous window and lets a burst across the boundary through). One list per
 * identifier holds at most `max` entries.
 *
 * In Redis (ioredis or Upstash's REST), one atomic script over a sorted set, timed by the Redis
 * server's clock, so every instance counts on one clock. KEYS: the set. ARGV: max, window in ms,
 * 1 to count this call (0 only peeks), and a member unique to this call. Answers
 * {allowed, remaining, reset}: reset is when the next slot frees (epoch ms).
 */
export const SLIDING_LOG_SCRIPT = `
local time = redis.call('TIME')
local now = tonumber(time[1]) * 1000 + math.floor(tonumber(time[2]) / 1000)
local max = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
local used = redis.call('ZCARD', KEYS[1])
local function frees(index)
  local entry = redis.call('ZRANGE', KEYS[1], index, index, 'WITHSCORES')
  if entry[2] then return tonumber(entry[2]) + window end
  return now + window
end
if used >= max then return {0, 0, frees(used - max)} end
if ARGV[3] == '0' then return {1, max - used, frees(0)} end
redis.call('ZADD', KEYS[1], now, ARGV[4])
redis.call('PEXPIRE', KEYS[1], window)
return {1, max - used - 1, frees(0)}
`;

/**
 * SLIDING_LOG_SCRIPT in a shared store, so every instance counts against one limit; a driver says
 * how its store runs the script. Fails open: a store that is away or slow (past the driver's
 * timeout) lets the call through, as if nothing had been counted, rather than take the API down.
 */
export abstract class StoredSlidingLog implements RateLimiter {
  abstract readonly name: 'redis' | 'upstash';

  /** `prefix` starts every key: the installation's (db/installation.ts), read once. */
  constructor(private readonly prefix: () => Promise<string>) {}

  /** Runs SLIDING_LOG_SCRIPT with one key and its ARGV; rejects when the store does not answer. */
  protected abstract runScript(key: string, args: string[]): Promise<[number, number, number]>;

  limit(identifier: string, max: number, windowMs: number): Promise<RateLimitResult> {
    return this.run(identifier, max, windowMs, true);
  }

  peek(identifier: string, max: number, windowMs: number): Promise<RateLimitResult> {
    return this.run(identifier, max, windowMs, false);
  }

  private async run(identifier: string, max: number, windowMs: number, count: boolean) {
    try {
      const key = `${await this.prefix()}:${identifier}:${windowMs}`;
      const args = [String(max), String(windowMs), count ? '1' : '0', randomUUID()];
      const [allowed, remaining, reset] = await this.runScript(key, args);
      return { success: allowed === 1, limit: max, remaining, reset };
    } catch {
      // The connection logs an outage once (lib/core/redis.ts); the database's own callers report theirs.
      return { success: true, limit: max, remaining: count ? max - 1 : max, reset: Date.now() + windowMs };
    }
  }
}

/**
 * The same log in this process: the sorted call times of `log` within the window ending at `now`
 * (older ones dropped in place), and what a call would be answered.
 */
export function slidingLogCheck(log: number[], max: number, windowMs: number, now: number): RateLimitResult {
  const expired = log.findIndex((time) => time > now - windowMs);
  log.splice(0, expired === -1 ? log.length : expired);
  const used = log.length;
  const frees = (index: number) => (log[index] ?? now) + windowMs;
  if (used >= max) return { success: false, limit: max, remaining: 0, reset: frees(used - max) };
  return { success: true, limit: max, remaining: max - used, reset: frees(0) };
}
