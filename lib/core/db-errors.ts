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
