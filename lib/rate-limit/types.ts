export interface RateLimitResult {
  success: boolean;
  limit: number;
  remaining: number;
  /** Epoch milliseconds when the current window ends. */
  reset: number;
}

/** A sliding-window limiter: at most `max` calls in any `windowMs` for one identifier. */
export interface RateLimiter {
  readonly name: 'memory' | 'redis' | 'upstash';
  limit(identifier: string, max: number, windowMs: number): Promise<RateLimitResult>;
  /** What `limit` would answer now, without counting a call. */
  peek(identifier: string, max: number, windowMs: number): Promise<RateLimitResult>;
}
