// The database a run seeds and serves from: a PostgreSQL one named by DATABASE_URL, else embedded PGlite.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { connect, type DatabaseHandle } from '@/db/client';

export interface BenchDatabase {
  handle: DatabaseHandle;
  label: string;
  /** The PostgreSQL database's name (its backends count as this run's CPU). */
  name?: string;
  /** Environment for `next build` / `npm start` pointing at the same database. */
  env: Record<string, string>;
  cleanup(): void;
}

export async function openBenchDatabase(): Promise<BenchDatabase> {
  const url = process.env.DATABASE_URL?.trim();
  if (url) {
    const target = new URL(url);
    const name = decodeURIComponent(target.pathname.slice(1));
    if (!/^[a-z_][a-z0-9_]*$/i.test(name) || name === 'postgres')
      throw new Error(
        `DATABASE_URL must name a throwaway database (got '${name}'); it is dropped and recreated.`,
      );
    const maintenance = new URL(url);
    maintenance.pathname = '/postgres';
    const client = new pg.Client({ connectionString: maintenance.toString() });
    await client.connect();
    try {
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.query(`create database "${name}"`);
    } finally {
      await client.end();
    }
    const handle = await connect({ driver: 'pg', url });
    await handle.migrate();
    return {
      handle,
      label: `PostgreSQL (${target.host}/${name}, kept after the run)`,
      name,
      env: { DATABASE_URL: url, DATABASE_DRIVER: 'pg' },
      cleanup: () => {},
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'boardkit-bench-'));
  const dataDir = path.join(dir, 'pglite');
  const cleanup = () => rmSync(dir, { recursive: true, force: true });
  const handle = await connect({ driver: 'pglite', dataDir }).catch((error) => {
    cleanup();
    throw error;
  });
  await handle.migrate().catch(async (error) => {
    await handle.close();
    cleanup();
    throw error;
  });
  return {
    handle,
    label: 'PGlite (embedded, throwaway directory)',
    env: { PGLITE_DATA_DIR: dataDir, DATABASE_DRIVER: 'pglite' },
    cleanup,
  };
}
