import { EmbeddedDatabaseLockedError } from '@/db/pglite-lock';
import { AppError } from '@/lib/core/errors';

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
