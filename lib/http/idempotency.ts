import { createHash } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { idempotencyRecords } from '@/db/schema';
import type { AuthenticatedKey } from '@/lib/auth';
import { AppError } from '@/lib/core/errors';
import { DAY_MS, MINUTE_MS } from '@/lib/core/time';
import { type Db, transaction } from '@/lib/core/transaction';
import { openSealed, SealedValueError, sealSecret } from '@/lib/secrets';
import { errorResponse } from './respond';

export const IDEMPOTENCY_TTL_MS = DAY_MS;
/** A first request that has not finished after this long is presumed dead and may be retried. */
export const IDEMPOTENCY_LOCK_MS = MINUTE_MS;
export const IDEMPOTENT_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const keyPattern = /^[\x21-\x7e]{1,255}$/;

export interface IdempotentRequest {
  orgId: number;
  key: string;
  method: string;
  path: string;
  body: string;
}

export type IdempotencyOutcome = { kind: 'new' } | { kind: 'replay'; status: number; body: string };

/** Binds a sealed answer to its record: it cannot be moved to another organization's key. */
const sealContext = (request: Pick<IdempotentRequest, 'orgId' | 'key'>) =>
  `idempotency:${request.orgId}:${request.key}`;

export function assertValidIdempotencyKey(key: string): void {
  if (!keyPattern.test(key)) {
    throw new AppError('validation_error', 'Idempotency-Key must be 1 to 255 visible ASCII characters.', [
      {
        location: 'header',
        field: 'Idempotency-Key',
        path: ['Idempotency-Key'],
        code: 'invalid_format',
        message: 'Must be 1 to 255 visible ASCII characters',
      },
    ]);
  }
}

function requestHash(request: IdempotentRequest): string {
  return createHash('sha256').update(`${request.method}\n${request.path}\n${request.body}`).digest('hex');
}

/**
 * Claims the key for this request, or explains why it cannot run: a stored response to replay,
 * a different request under the same key (422), or the first request still in flight (409).
 */
export async function beginIdempotentRequest(
  db: Database,
  request: IdempotentRequest,
): Promise<IdempotencyOutcome> {
  const hash = requestHash(request);
  const match = and(
    eq(idempotencyRecords.organizationId, request.orgId),
    eq(idempotencyRecords.key, request.key),
  );

  for (let attempt = 0; attempt < 2; attempt++) {
    const now = Date.now();
    const inserted = await db
      .insert(idempotencyRecords)
      .values({
        organizationId: request.orgId,
        key: request.key,
        method: request.method,
        path: request.path,
        requestHash: hash,
        lockedUntil: new Date(now + IDEMPOTENCY_LOCK_MS),
        expiresAt: new Date(now + IDEMPOTENCY_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key });
    if (inserted.length > 0) return { kind: 'new' };

    const [existing] = await db.select().from(idempotencyRecords).where(match).limit(1);
    if (!existing) continue;
    if (existing.expiresAt.getTime() <= now) {
      await db.delete(idempotencyRecords).where(and(match, lt(idempotencyRecords.expiresAt, new Date(now))));
      continue;
    }
    if (existing.requestHash !== hash) {
      throw new AppError(
        'idempotency_key_reused',
        `This Idempotency-Key was already used for ${existing.method} ${existing.path} with a different request. Use a new key for a new request.`,
      );
    }
    if (existing.responseStatus !== null && existing.sealedResponse !== null) {
      return {
        kind: 'replay',
        status: existing.responseStatus,
        body: openAnswer(request, existing.sealedResponse),
      };
    }
    const takenOver = await db
      .update(idempotencyRecords)
      .set({ lockedUntil: new Date(now + IDEMPOTENCY_LOCK_MS) })
      .where(
        and(
          match,
          isNull(idempotencyRecords.responseStatus),
          lt(idempotencyRecords.lockedUntil, new Date(now)),
        ),
      )
      .returning({ key: idempotencyRecords.key });
    if (takenOver.length > 0) return { kind: 'new' };
    throw new AppError(
      'idempotency_key_in_use',
      'A request with this Idempotency-Key is still in progress. Retry once it has completed.',
    );
  }
  throw new AppError(
    'idempotency_key_in_use',
    'This Idempotency-Key is being claimed concurrently. Retry shortly.',
  );
}

function openAnswer(request: Pick<IdempotentRequest, 'orgId' | 'key'>, sealed: string): string {
  try {
    return openSealed(sealed, sealContext(request));
  } catch (error) {
    if (!(error instanceof SealedValueError)) throw error;
    throw new AppError(
      'conflict',
      'The answer stored for this Idempotency-Key can no longer be read (the key that sealed it was retired). Use a new key.',
    );
  }
}

/** Keeps the answer for replays, sealed: it may hold a signing secret or an applicant's details. */
export async function completeIdempotentRequest(
  db: Db,
  request: Pick<IdempotentRequest, 'orgId' | 'key'>,
  status: number,
  body: string,
): Promise<void> {
  await db
    .update(idempotencyRecords)
    .set({ responseStatus: status, sealedResponse: sealSecret(body, sealContext(request)) })
    .where(
      and(eq(idempotencyRecords.organizationId, request.orgId), eq(idempotencyRecords.key, request.key)),
    );
}

/** Forgets a claim whose request failed before producing a result worth replaying. */
export async function releaseIdempotentRequest(
  db: Database,
  request: Pick<IdempotentRequest, 'orgId' | 'key'>,
): Promise<void> {
  await db
    .delete(idempotencyRecords)
    .where(
      and(
        eq(idempotencyRecords.organizationId, request.orgId),
        eq(idempotencyRecords.key, request.key),
        isNull(idempotencyRecords.responseStatus),
      ),
    );
}

/** Drops records past their 24 hours. */
export async function purgeExpiredIdempotencyRecords(db: Database): Promise<number> {
  const deleted = await db
    .delete(idempotencyRecords)
    .where(lt(idempotencyRecords.expiresAt, sql`now()`))
    .returning({ key: idempotencyRecords.key });
  return deleted.length;
}

/** A 5xx answer, thrown to roll its writes back: the key stays free for a retry. */
class ServerFailure extends Error {
  constructor(readonly response: Response) {
    super('The request failed with a server error.');
  }
}

/**
 * Runs a keyed write at most once per `Idempotency-Key`: a retry with the same key, method, path and
 * body gets the first answer again. The write and its kept answer commit in one transaction, so an
 * outage or a crash between them cannot leave a done write under a key that is free to run again.
 * A definite answer (2xx, 404, 409, ...) is kept, and a 4xx undoes whatever the request had written;
 * a 5xx or a crash rolls the writes back and leaves the key free to retry.
 */
export async function runIdempotently(
  db: Database,
  request: Request,
  requestId: string,
  auth: AuthenticatedKey | undefined,
  bodyFingerprint: string,
  run: (db: Db) => Promise<Response>,
): Promise<Response> {
  const key = request.headers.get('idempotency-key');
  if (key === null || !auth || !IDEMPOTENT_METHODS.has(request.method)) return run(db);
  assertValidIdempotencyKey(key);
  const url = new URL(request.url);
  const claim: IdempotentRequest = {
    orgId: auth.organization.id,
    key,
    method: request.method,
    path: url.pathname + url.search,
    body: bodyFingerprint,
  };
  const outcome = await beginIdempotentRequest(db, claim);
  if (outcome.kind === 'replay') {
    // A 204 has no body to replay, and a Response refuses even an empty one for it.
    return new Response(outcome.body === '' ? null : outcome.body, {
      status: outcome.status,
      headers: { 'content-type': 'application/json', 'Idempotent-Replayed': 'true' },
    });
  }
  try {
    const answer = await transaction(db, async (tx) => {
      try {
        const response = await transaction(tx, async (savepoint) => {
          const response = await run(savepoint);
          if (response.status >= 500) throw new ServerFailure(response);
          return response;
        });
        await completeIdempotentRequest(tx, claim, response.status, await response.clone().text());
        return { response };
      } catch (error) {
        if (!(error instanceof AppError) || error.status >= 500) throw error;
        const failure = errorResponse(error, requestId);
        await completeIdempotentRequest(tx, claim, failure.status, await failure.text());
        return { error };
      }
    });
    if ('error' in answer) throw answer.error;
    return answer.response;
  } catch (error) {
    if (error instanceof AppError && error.status < 500) throw error;
    await releaseIdempotentRequest(db, claim);
    if (error instanceof ServerFailure) return error.response;
    throw error;
  }
}
