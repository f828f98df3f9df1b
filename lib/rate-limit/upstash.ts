import { Ratelimit } from '@upstash/ratelimit';
import { Redis } from '@upstash/redis';
import type { RateLimiter, RateLimitResult } from './types';

// Fail open after a second: a slow Redis must not take the API down with it.
const TIMEOUT_MS = 1000;

/** Upstash Redis over REST: shared by every serverless instance of the deployment. */
export class UpstashRateLimiter implements RateLimiter {
  readonly name = 'upstash';
  private readonly redis: Redis;
  private readonly limiters = new Map<string, Ratelimit>();

  /** `prefix` starts every key: the installation's (db/installation.ts), read once. */
  constructor(
    options: { url: string; token: string },
    private readonly prefix: () => Promise<string>,
  ) {
    this.redis = new Redis({ url: options.url, token: options.token });
  }

  async limit(identifier: string, max: number, windowMs: number): Promise<RateLimitResult> {
    const limiter = await this.limiterFor(max, windowMs).catch(() => undefined);
    // Open as the library is after its timeout: here the installation's id could not be read.
    if (!limiter) return { success: true, limit: max, remaining: max - 1, reset: Date.now() + windowMs };
    const { success, limit, remaining, reset } = await limiter.limit(identifier);
    return { success, limit, remaining, reset };
  }

  async peek(identifier: string, max: number, windowMs: number): Promise<RateLimitResult> {
    const now = Date.now();
    // Open as `limit` is: after the timeout, as if nothing had been counted.
    const open = { remaining: max, reset: Math.floor(now / windowMs + 1) * windowMs };
    let timer: NodeJS.Timeout | undefined;
    const { remaining, reset } = await Promise.race([
      this.limiterFor(max, windowMs).then(
        (limiter) => limiter.getRemaining(identifier),
        () => open,
      ),
      new Promise<typeof open>((resolve) => {
        timer = setTimeout(() => resolve(open), TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
    return { success: remaining > 0, limit: max, remaining, reset };
  }

  private async limiterFor(max: number, windowMs: number): Promise<Ratelimit> {
    const key = `${max}/${windowMs}`;
    let limiter = this.limiters.get(key);
    if (!limiter) {
      limiter = new Ratelimit({
        redis: this.redis,
        limiter: Ratelimit.slidingWindow(max, `${windowMs} ms`),
        prefix: await this.prefix(),
        timeout: TIMEOUT_MS,
      });
      this.limiters.set(key, limiter);
    }
    return limiter;
  }
}
