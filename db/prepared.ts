const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A drizzle prepared statement for this database or transaction, built once. Hot queries skip
 * rebuilding their SQL and, on PostgreSQL, re-planning it (the statement is named per connection).
 */
export function prepared<T>(db: object, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (!statement) {
    statement = build();
    byName.set(name, statement);
  }
  return statement;
}
