import { type Database, openConfiguredDatabase } from '@/db/client';
import { EmbeddedDatabaseLockedError } from '@/db/pglite-lock';
import { AppError } from '@/lib/core/errors';
import { closeRedisConnections } from '@/lib/core/redis';

/**
 * Runs `work` on the configured database (the embedded one migrated first), then closes it and any
 * Redis connection the work opened (a write moves its organization's stamp there), so the command exits.
 */
export async function withConfiguredDatabase<T>(work: (db: Database) => Promise<T>): Promise<T> {
  const handle = await openConfiguredDatabase();
  try {
    if (handle.driver === 'pglite') await handle.migrate();
    return await work(handle.db);
  } finally {
    await Promise.all([handle.close(), closeRedisConnections()]);
  }
}

/** Prints a failure the way a person needs it (no stack for expected problems) and exits 1. */
export function exitWithError(error: unknown): never {
  if (
    error instanceof EmbeddedDatabaseLockedError ||
    error instanceof AppError ||
    error instanceof UsageError
  ) {
    console.error(`error: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
}

export class UsageError extends Error {}
