import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class EmbeddedDatabaseLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database at ${dataDir} is in use by process ${pid} (is \`npm run dev\` or \`npm start\` running?). ` +
        'Stop that process and try again, or set DATABASE_URL to use a PostgreSQL server.',
    );
    this.name = 'EmbeddedDatabaseLockedError';
  }
}

/**
 * PGlite is a single-process database: two processes opening one data directory corrupt it.
 * A pid file beside the directory makes the second opener fail with a clear message instead.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  mkdirSync(path.dirname(lockFile), { recursive: true });
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      const release = () => rmSync(lockFile, { force: true });
      process.once('exit', release);
      return () => {
        process.removeListener('exit', release);
        release();
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
      if (owner === process.pid) throw new Error(`The embedded database at ${dataDir} is already open.`);
      if (Number.isInteger(owner) && isAlive(owner)) throw new EmbeddedDatabaseLockedError(dataDir, owner);
      rmSync(lockFile, { force: true });
    }
  }
  throw new Error(`Could not lock the embedded database at ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
