import { slidingLogCheck } from './sliding-log';
import type { RateLimiter, RateLimitResult } from './types';

/** The sliding log (./sliding-log.ts) in this process: one list of call times per identifier and window. */
export class MemoryRateLimiter implements RateLimiter {
  readonly name = 'memory';
  private readonly logs = new Map<string, number[]>();
  private calls = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async limit(identifier: string, max: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    const key = `${identifier}:${windowMs}`;
    const log = this.logs.get(key) ?? [];
    const result = slidingLogCheck(log, max, windowMs, now);
    if (++this.calls % 1000 === 0) this.prune(now);
    if (!result.success) return result;
    log.push(now);
    this.logs.set(key, log);
    return { ...result, remaining: result.remaining - 1 };
  }

  async peek(identifier: string, max: number, windowMs: number): Promise<RateLimitResult> {
    return slidingLogCheck(
      [...(this.logs.get(`${identifier}:${windowMs}`) ?? [])],
      max,
      windowMs,
      this.now(),
    );
  }

  /** Drops the lists whose every call has left its window. */
  private prune(now: number): void {
    for (const [key, log] of this.logs) {
      const windowMs = Number(key.slice(key.lastIndexOf(':') + 1));
      if ((log.at(-1) ?? 0) <= now - windowMs) this.logs.delete(key);
    }
  }
}
