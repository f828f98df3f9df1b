import { env } from './env';

/** Postgres error codes surface on `code` (pg, neon) or on a wrapped `cause` (drizzle, PGlite). */
function postgresCode(error: unknown): string | undefined {
  for (
    let current = error;
    current && typeof current === 'object';
    current = (current as { cause?: unknown }).cause
  ) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const isUniqueViolation = (error: unknown) => postgresCode(error) === '23505';
export const isForeignKeyViolation = (error: unknown) => postgresCode(error) === '23503';

/**
 * SQLSTATE codes of a server that is going away, crashed, starting up or full: admin_shutdown,
 * crash_shutdown, cannot_connect_now, idle_session_timeout, too_many_connections and
 * configuration_limit_exceeded. Class 08 (connection exceptions) is matched by its prefix.
 */
const unavailableCodes = new Set(['57P01', '57P02', '57P03', '57P05', '53300', '53400']);
/** Node's socket errors, on the driver's error or on the one it wraps. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);
/**
 * What node-postgres, pg-pool and Neon's driver say when the connection, not the query, failed:
 * a dropped connection, a connect or pool checkout timeout, a WebSocket that failed or closed.
 */
const lostConnection =
  /Connection terminated|connection timeout|^timeout expired$|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|server closed the connection|WebSocket|socket hang up|\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b/i;
const sqlState = /^[0-9A-Z]{5}$/;

export interface DatabaseUnavailable {
  /** The SQLSTATE or Node error code, when the driver gave one. */
  code: string | undefined;
  /**
   * The driver's own message (`connect ECONNREFUSED 127.0.0.1:5432`, `terminating connection due
   * to administrator command`): never a failed query's message, which holds its SQL and values.
   */
  reason: string;
}

/**
 * Why the database could not be reached, or undefined when the error is something else (a refused
 * query, a bug): refused or dropped connections, connect and pool checkout timeouts, a server
 * shutting down, crashed or starting up (class 08, 57P0x), too many connections. Walks `cause`,
 * where drizzle keeps the driver's error, and AggregateError's `errors` (one per address tried).
 */
export function databaseUnavailable(error: unknown): DatabaseUnavailable | undefined {
  return unavailableIn(error, 0);
}

function unavailableIn(error: unknown, depth: number): DatabaseUnavailable | undefined {
  for (
    let current = error;
    current && typeof current === 'object' && depth < 8;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { code, message, errors, query } = current as Record<string, unknown>;
    const text = typeof message === 'string' ? message : '';
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || unavailableCodes.has(code) || networkCodes.has(code))
    )
      return { code, reason: query === undefined ? text.slice(0, 200) : code };
    // The words are read only where no SQLSTATE speaks: a server error's message may quote a value
    // (`invalid input syntax for type uuid: "ECONNREFUSED"`), and a failed query's holds its SQL
    // and values. Its cause, the driver's error, is read next.
    const serverError = typeof code === 'string' && sqlState.test(code);
    if (!serverError && query === undefined && lostConnection.test(text)) {
      return { code: typeof code === 'string' ? code : undefined, reason: text.slice(0, 200) };
    }
    if (Array.isArray(errors)) {
      for (const inner of errors) {
        const found = unavailableIn(inner, depth + 1);
        if (found) return found;
      }
    }
  }
  return undefined;
}

/** Whether the database could not be reached, as opposed to refusing a query (see above). */
export const isDatabaseUnavailable = (error: unknown): boolean => databaseUnavailable(error) !== undefined;

/**
 * One warning line for an unreachable database: an operational state, not a bug, so no stack. It
 * carries the driver's code and reason only, never a failed query's SQL or values. (The logger has
 * no warning level yet; the line has the logger's shape.)
 */
export function warnDatabaseUnavailable(
  msg: string,
  { code, reason }: DatabaseUnavailable,
  context: Record<string, unknown> = {},
): void {
  if (env().LOG_LEVEL === 'silent') return;
  console.warn(JSON.stringify({ level: 'warn', msg, ...context, code, reason }));
}
