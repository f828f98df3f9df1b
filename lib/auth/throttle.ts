import { getRateLimiter } from '@/lib/rate-limit';

/** Dashboard sign-in and sign-up limits, against password guessing and account spam. */
export const authLimits = {
  signInPerEmail: { max: 10, windowMs: 15 * 60_000 },
  signInPerAddress: { max: 50, windowMs: 15 * 60_000 },
  signUpPerAddress: { max: 10, windowMs: 60 * 60_000 },
} as const;

type LimitName = keyof typeof authLimits;

/**
 * Counts one attempt against each named limit; returns the minutes to wait when any is exhausted,
 * else null. Uses the API's limiter backend, so the limits hold across instances on Upstash.
 */
export async function throttleAuthAttempt(checks: [LimitName, string][]): Promise<number | null> {
  let waitMs = 0;
  for (const [name, identifier] of checks) {
    const { max, windowMs } = authLimits[name];
    const result = await getRateLimiter().limit(`auth:${name}:${identifier}`, max, windowMs);
    if (!result.success) waitMs = Math.max(waitMs, result.reset - Date.now());
  }
  return waitMs > 0 ? Math.max(1, Math.ceil(waitMs / 60_000)) : null;
}
