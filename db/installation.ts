import type { Database } from './client';
import { installation } from './schema';

// Per database and process-wide (see db/client.ts): the id never changes once migrated.
const globalForInstallation = globalThis as typeof globalThis & {
  __boardkitInstallation?: WeakMap<Database, Promise<string>>;
};
globalForInstallation.__boardkitInstallation ??= new WeakMap();
const ids = globalForInstallation.__boardkitInstallation;

/** This deployment's id (migration 0026), read once per process. */
export function installationId(db: Database): Promise<string> {
  let id = ids.get(db);
  if (!id) {
    id = db
      .select({ id: installation.id })
      .from(installation)
      .then(([row]) => {
        if (!row) throw new Error('The installation row is missing: run npm run db:migrate.');
        return row.id;
      });
    // A failed read (the database away) is tried again by the next caller.
    id.catch(() => ids.delete(db));
    ids.set(db, id);
  }
  return id;
}
