import { env } from './env';

export interface RequestLogLine {
  method: string;
  path: string;
  status: number;
  ms: number;
  org: number | null;
  request_id: string;
}

/** One structured line per API request. Never include keys, bodies or secrets. */
export function logRequest(line: RequestLogLine): void {
  if (env().LOG_LEVEL !== 'info') return;
  console.log(JSON.stringify({ level: 'info', msg: 'api_request', ...line }));
}

export function logError(message: string, error: unknown, context: Record<string, unknown> = {}): void {
  if (env().LOG_LEVEL === 'silent') return;
  const line = { level: 'error', msg: message, ...(redact(context) as object), ...describeError(error) };
  console.error(JSON.stringify(line));
}

/**
 * Context keys whose values are never written to a log, at any depth: people's details, secrets,
 * key material, request bodies and query parameters.
 */
const sensitiveKey =
  /^(e-?mail|name|phone|password|pass|secret|.*_secret|token|.*_token|api_?key|x-api-key|key_hash|authorization|cookie|set-cookie|body|params|answers|value|data)$/i;

export const REDACTED = '[redacted]';

/** A copy of `value` with every sensitive key's value replaced by REDACTED. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value !== 'object' || value === null || depth > 8) return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      sensitiveKey.test(key) ? REDACTED : redact(item, depth + 1),
    ]),
  );
}

interface QueryError extends Error {
  query: string;
  params: unknown[];
}

const isQueryError = (error: unknown): error is QueryError =>
  error instanceof Error && typeof (error as QueryError).query === 'string' && 'params' in error;

/**
 * What a log may say about an error. A failed query (drizzle puts every bound value in its message)
 * is logged as its parameterized SQL and PostgreSQL's code, constraint, table and column; quoted
 * literals in the server's message (`invalid input syntax for type uuid: "…"`) are blanked.
 */
function describeError(error: unknown): Record<string, unknown> {
  if (isQueryError(error)) {
    return {
      error: 'Failed query',
      query: error.query.slice(0, 500),
      ...postgresFields(error.cause),
      stack: stackFrames(error),
    };
  }
  const postgres = postgresFields(error);
  if (postgres.code) return { ...postgres, stack: stackFrames(error) };
  if (error instanceof Error) return { error: error.message, stack: error.stack };
  return { error: String(error) };
}

function postgresFields(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null) return {};
  const fields = error as Record<string, unknown>;
  if (typeof fields.code !== 'string' || !/^[0-9A-Z]{5}$/.test(fields.code)) {
    return error instanceof Error ? { cause: blankLiterals(error.message) } : {};
  }
  return {
    cause: typeof fields.message === 'string' ? blankLiterals(fields.message) : undefined,
    code: fields.code,
    constraint: fields.constraint,
    table: fields.table,
    column: fields.column,
  };
}

/** Only the stack's frames: its first lines repeat the message, values included. */
const stackFrames = (error: unknown) =>
  error instanceof Error
    ? error.stack
        ?.split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : undefined;

const blankLiterals = (message: string) => message.replace(/"[^"]*"|'[^']*'/g, '"…"');
