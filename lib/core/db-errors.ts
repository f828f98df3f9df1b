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

/** SQLSTATE codes of a server that is going away, starting up or full. */
const unavailableCodes = new Set(['57P01', '57P02', '57P03', '53300', '53400']);
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
/** What node-postgres and Neon's driver say when the connection, not the query, failed. */
const lostConnection =
  /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly|server closed the connection|WebSocket|socket hang up|\b(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH)\b/i;

/**
 * Whether the database could not be reached, as opposed to refusing a query: refused or dropped
 * connections, connect timeouts, a server shutting down or starting up (class 08 and 57P0x), too
 * many connections. Walks `cause`, where drizzle keeps the driver's error.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && typeof current === 'object' && depth < 8;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const { code, message, errors, query } = current as Record<string, unknown>;
    if (
      typeof code === 'string' &&
      (code.startsWith('08') || unavailableCodes.has(code) || networkCodes.has(code))
    )
      return true;
    // A failed query's own message holds its SQL and values: only its cause speaks for the driver.
    if (typeof message === 'string' && query === undefined && lostConnection.test(message)) return true;
    // Node's AggregateError from a connect attempt to several addresses (IPv4 and IPv6).
    if (Array.isArray(errors) && errors.some(isDatabaseUnavailable)) return true;
  }
  return false;
}
