import type { RateLimiter, RateLimitResult } from './types';

interface Counter {
  windowStart: number;
  current: number;
  previous: number;
}

/**
 * In-process sliding window counter, the same approximation Upstash uses: the previous fixed
 * window's count weighted by how much of it still overlaps the sliding window, plus the current one.
 */
export class MemoryRateLimiter implements RateLimiter {
  readonly name = 'memory';
  private readonly counters = new Map<string, Counter>();
  private calls = 0;

  constructor(private readonly now: () => number = Date.now) {}

  async limit(identifier: string, max: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const key = `${identifier}:${windowMs}`;
    const counter = this.roll(this.counters.get(key), windowStart, windowMs);
    this.counters.set(key, counter);

    const used = this.used(counter, now, windowStart, windowMs);
    const reset = windowStart + windowMs;
    if (++this.calls % 1000 === 0) this.prune(now);
    if (used >= max) return { success: false, limit: max, remaining: 0, reset };
    counter.current += 1;
    return { success: true, limit: max, remaining: Math.max(0, max - used - 1), reset };
  }

  async peek(identifier: string, max: number, windowMs: number): Promise<RateLimitResult> {
    const now = this.now();
    const windowStart = Math.floor(now / windowMs) * windowMs;
    const counter = this.roll(this.counters.get(`${identifier}:${windowMs}`), windowStart, windowMs);
    const used = this.used(counter, now, windowStart, windowMs);
    const reset = windowStart + windowMs;
    return { success: used < max, limit: max, remaining: Math.max(0, max - used), reset };
  }

  private used(counter: Counter, now: number, windowStart: number, windowMs: number): number {
    const overlap = 1 - (now - windowStart) / windowMs;
    return Math.floor(counter.previous * overlap) + counter.current;
  }

  private roll(counter: Counter | undefined, windowStart: number, windowMs: number): Counter {
    if (!counter) return { windowStart, current: 0, previous: 0 };
    if (counter.windowStart === windowStart) return counter;
    const previous = counter.windowStart === windowStart - windowMs ? counter.current : 0;
    return { windowStart, current: 0, previous };
  }

  private prune(now: number): void {
    for (const [key, counter] of this.counters) {
      const windowMs = Number(key.slice(key.lastIndexOf(':') + 1));
      if (counter.windowStart + 2 * windowMs < now) this.counters.delete(key);
    }
  }
}
