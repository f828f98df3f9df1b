import type { Database } from '@/db/client';
import { type AuthenticatedKey, authenticateApiKey } from '@/lib/auth';
import { AppError } from '@/lib/core/errors';
import {
  getRateLimiter,
  RATE_LIMIT_WINDOW_MS,
  type RateLimitResult,
  rateLimitExceeded,
  rateLimitFor,
  rateLimitHeaders,
} from '@/lib/rate-limit';

/** Who is calling: the organization and key behind `x-api-key`, or 401. */
export async function authenticate(db: Database, request: Request): Promise<AuthenticatedKey> {
  const presented = request.headers.get('x-api-key')?.trim();
  if (!presented) throw new AppError('unauthorized', 'Missing API key. Send it in the x-api-key header.');
  const auth = await authenticateApiKey(db, presented);
  if (!auth) throw new AppError('unauthorized', 'Invalid or revoked API key.');
  return auth;
}

/**
 * Whether the caller may go on: within the key's per-minute limit (429; the limit headers go on
 * every answer) and allowed to write (403 for a read-only key).
 */
export async function admit(request: Request, auth: AuthenticatedKey, headers: Headers): Promise<void> {
  const limit = await enforceRateLimit(request.method, auth);
  for (const [name, value] of Object.entries(rateLimitHeaders(limit))) headers.set(name, value);
  if (auth.apiKey.scope === 'read_only' && request.method !== 'GET' && request.method !== 'HEAD') {
    throw new AppError('forbidden', 'This API key is read-only; use a key with full access to make changes.');
  }
}

async function enforceRateLimit(method: string, auth: AuthenticatedKey): Promise<RateLimitResult> {
  const max = rateLimitFor(method, auth.organization.rateLimits);
  const bucket = method === 'HEAD' ? 'GET' : method;
  const result = await getRateLimiter().limit(`${auth.apiKey.id}:${bucket}`, max, RATE_LIMIT_WINDOW_MS);
  if (!result.success) {
    throw rateLimitExceeded(
      result,
      (retryAfter) =>
        `Rate limit of ${result.limit} ${bucket} requests per minute exceeded. Retry in ${retryAfter} s.`,
      { method: bucket },
    );
  }
  return result;
}
