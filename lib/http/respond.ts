import { databaseUnavailable, warnDatabaseUnavailable } from '@/lib/core/db-errors';
import { AppError, errorDocsUrl } from '@/lib/core/errors';
import { logError, logRequest } from '@/lib/core/logger';
import { requestIdFor } from './request-id';
import { type AnyRouteDefinition, Reply } from './route-definition';

const utf8 = new TextEncoder();

export interface SerializedResponse {
  status: number;
  /** UTF-8 JSON, encoded once: a cached answer is sent again without re-encoding. */
  body: Uint8Array<ArrayBuffer>;
  headers: Record<string, string>;
}

/** A handler's result checked against the route's response schema and turned into JSON text. */
export function serialize(definition: AnyRouteDefinition, result: unknown): SerializedResponse | Response {
  if (result instanceof Response) return result;
  const { status, body, headers } =
    result instanceof Reply ? result : new Reply(definition.successStatus ?? 200, result);
  const parsed = definition.response.safeParse(body);
  if (!parsed.success) {
    throw new Error(
      `Response of ${definition.operationId} does not match its schema: ${parsed.error.message}`,
    );
  }
  return { status, body: utf8.encode(JSON.stringify(parsed.data)), headers };
}

export function toResponse(result: SerializedResponse | Response): Response {
  if (result instanceof Response) return result;
  return new Response(result.body, {
    status: result.status,
    headers: { ...result.headers, 'content-type': 'application/json' },
  });
}

/** Seconds a client is asked to wait when the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * Maps anything thrown to the error envelope; only AppError messages reach the client. An
 * unreachable database is a 503 with Retry-After: the request may be retried as it was.
 */
export function errorResponse(error: unknown, requestId: string): Response {
  const appError = error instanceof AppError ? error : unexpected(error, requestId);
  return Response.json(
    {
      error: {
        message: appError.message,
        code: appError.code,
        details: appError.details,
        url: errorDocsUrl(appError.code),
        request_id: requestId,
      },
    },
    { status: appError.status, headers: { ...appError.headers, 'x-request-id': requestId } },
  );
}

function unexpected(error: unknown, requestId: string): AppError {
  const unavailable = databaseUnavailable(error);
  if (unavailable) {
    // One warning per refused request (an outage is not a bug): no stack, no SQL, no values.
    warnDatabaseUnavailable('database_unavailable', unavailable, { request_id: requestId });
    return new AppError(
      'service_unavailable',
      `The database is unreachable. Retry in ${DATABASE_RETRY_AFTER_SECONDS} seconds.`,
      null,
      { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
    );
  }
  logError('unhandled_api_error', error, { request_id: requestId });
  return new AppError('internal_error', 'An unexpected error occurred.');
}

/** Answers a request that never reaches a route handler (unknown path, wrong method), and logs it. */
export function rejectRequest(
  request: Request,
  error: AppError,
  headers: Record<string, string> = {},
): Response {
  const requestId = requestIdFor(request);
  const response = errorResponse(error, requestId);
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  logRequest({
    method: request.method,
    path: new URL(request.url).pathname,
    status: response.status,
    ms: 0,
    org: null,
    request_id: requestId,
  });
  return response;
}
