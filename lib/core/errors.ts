import { env } from './env';
import { formatBytes } from './format';

/** The closed list of error codes. Each one is documented at /docs/errors#<code>. */
export const errorCodes = {
  validation_error: {
    status: 400,
    description: 'A path, query or body value failed validation. `details` lists each field.',
  },
  invalid_json: { status: 400, description: 'The request body is not valid JSON.' },
  unauthorized: { status: 401, description: 'The `x-api-key` header is missing, unknown or revoked.' },
  forbidden: {
    status: 403,
    description: 'The API key may not perform this operation (for example a read-only key writing).',
  },
  submissions_closed: {
    status: 403,
    description:
      'The collection does not accept public submissions: its `rules.allow_public_submit` is false.',
  },
  not_found: { status: 404, description: 'No such resource in this organization, or no such API path.' },
  method_not_allowed: {
    status: 405,
    description: 'The path exists but does not support this HTTP method. See the `Allow` header.',
  },
  conflict: { status: 409, description: 'The request conflicts with the current state of the resource.' },
  slug_conflict: {
    status: 409,
    description: 'The `slug` sent is already used by another resource of the same kind in this organization.',
  },
  field_type_immutable: {
    status: 409,
    description:
      'POST /cms would change the `type` of an existing field, which stored items no longer match. Add a new field (renaming is a remove plus an add), or send `force: true`; `details` lists each field with `from` and `to`.',
  },
  duplicate_value: {
    status: 409,
    description:
      'A value sent for a `unique` field of a CMS collection is already used by another item of the collection. `details` names the field.',
  },
  idempotency_key_in_use: {
    status: 409,
    description: 'A request with this `Idempotency-Key` is still being processed. Retry after it completes.',
  },
  payload_too_large: {
    status: 413,
    description: 'The request body exceeds the size limit for this operation.',
  },
  file_too_large: {
    status: 413,
    description: 'The uploaded or downloaded file exceeds the size limit (15 MB for assets).',
  },
  unsupported_media_type: {
    status: 415,
    description:
      'The request body has a `Content-Type` this operation does not accept, or an uploaded file is not of an accepted type (identified from its bytes).',
  },
  download_failed: {
    status: 422,
    description:
      'A `source_url` could not be downloaded: refused target, unreachable, timed out, too many redirects or a non-2xx answer. `details.reason` says which.',
  },
  location_not_found: {
    status: 422,
    description:
      'POST /locations with `create: true` found no place matching `query` (and `country`) to commit. Preview with `create: false` to see what matches.',
  },
  idempotency_key_reused: {
    status: 422,
    description: 'This `Idempotency-Key` was already used with a different method, path or body.',
  },
  rate_limited: {
    status: 429,
    description: 'Too many requests for this API key. Wait for the seconds in `Retry-After`.',
  },
  internal_error: {
    status: 500,
    description: 'An unexpected error. Quote the `request_id` when contacting support.',
  },
  db_error: {
    status: 500,
    description: 'The database failed while answering. Quote the `request_id` when contacting support.',
  },
  service_unavailable: {
    status: 503,
    description: 'A dependency (such as the database) is unreachable. Retry later.',
  },
} as const satisfies Record<string, { status: number; description: string }>;

export type ErrorCode = keyof typeof errorCodes;
export const errorCodeList = Object.keys(errorCodes) as ErrorCode[];

export function errorDocsUrl(code: ErrorCode): string {
  return `${env().APP_URL.replace(/\/$/, '')}/docs/errors#${code}`;
}

/** The one error type of the API. Anything else that escapes a handler becomes a bare 500. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: unknown = null,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorCodes[code].status;
  }
}

export const notFound = (what = 'Resource') => new AppError('not_found', `${what} not found.`);

/**
 * A refused body is answered before the client has sent all of it: the answer closes the connection,
 * so the unread rest is not taken for the next request on a keep-alive socket.
 */
export const closeConnection = { Connection: 'close' } as const;

export const fileTooLarge = (maxFileBytes: number) =>
  new AppError(
    'file_too_large',
    `The file exceeds the upload limit of ${formatBytes(maxFileBytes)}.`,
    { max_bytes: maxFileBytes },
    closeConnection,
  );
