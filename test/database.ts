import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { connect, type DatabaseHandle, pgliteExtensions, wrapPglite } from '@/db/client';
import type { DatabaseDriver } from '@/lib/core/env';

/**
 * The migrated database each test file of this run copies (global setup makes it). Its name is the
 * run's own: two runs on one server (a local CI beside another) must not drop each other's.
 */
export const templateDatabase = (): string => inject('templateDatabase');

/** The server database tests run against, when TEST_DATABASE_URL is set; otherwise PGlite. */
export function testDatabaseTarget(): { url: string; driver: DatabaseDriver } | undefined {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return undefined;
  const driver = (process.env.TEST_DATABASE_DRIVER ?? 'pg') as DatabaseDriver;
  return { url, driver };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

type Pglite = import('@electric-sql/pglite').PGlite;
type PgliteWorker = {
  create: () => Promise<Pglite>;
  /** Truncates every table the migrations made; lists them once. */
  truncate: string;
  /** The schema as migrated: a file that changed it leaves its database unused again. */
  fingerprint: string;
  /** Databases a finished file handed back, emptied, for the next file of this worker. */
  idle: Pglite[];
};
const globalForTests = globalThis as typeof globalThis & { __pgliteWorker?: Promise<PgliteWorker> };

// Everything a file could change beyond rows: relations, columns, defaults, constraints, triggers,
// functions, types, extensions, roles and settings.
const SCHEMA_FINGERPRINT = `select md5(string_agg(item, ',' order by item)) as fingerprint from (
  select relname::text || relkind::text || relnamespace::text as item from pg_class
  union all select attrelid::text || attname::text || atttypid::text || attnotnull::text from pg_attribute where attrelid >= 16384
  union all select adrelid::text || adbin::text from pg_attrdef
  union all select conname::text || conrelid::text || convalidated::text from pg_constraint
  union all select tgname::text || tgenabled::text from pg_trigger
  union all select proname::text || md5(prosrc) from pg_proc where oid >= 16384
  union all select enumtypid::text || enumlabel::text from pg_enum
  union all select extname::text || extversion::text from pg_extension
  union all select rolname::text from pg_roles
  union all select coalesce(setconfig::text, '') from pg_db_role_setting
) items`;

/** The worker's migrated data directory, dumped once: each new database starts from it. */
async function pgliteWorker(): Promise<PgliteWorker> {
  const { PGlite } = await import('@electric-sql/pglite');
  const extensions = await pgliteExtensions();
  const template = new PGlite({ extensions });
  await (await wrapPglite(template)).migrate();
  const { rows: tables } = await template.query<{ name: string }>(
    `select format('%I.%I', schemaname, tablename) as name from pg_tables
     where schemaname = 'public' and tablename <> 'installation'`,
  );
  const { rows } = await template.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
  const dump = await template.dumpDataDir('none');
  await template.close();
  return {
    create: () => PGlite.create({ loadDataDir: dump, extensions }),
    truncate: `TRUNCATE ${tables.map((table) => table.name).join(', ')} RESTART IDENTITY CASCADE`,
    fingerprint: rows[0]!.fingerprint,
    idle: [],
  };
}

/**
 * Empties a database a file is done with, for the next file: its rows go, its session starts over.
 * Starting one from the dump costs most of a second; this costs tens of milliseconds. A database
 * whose schema the file changed, or that it left broken or closed, is closed instead.
 */
async function recycle(worker: PgliteWorker, client: Pglite): Promise<void> {
  try {
    await client.exec('DISCARD ALL');
    await client.exec(worker.truncate);
    const { rows } = await client.query<{ fingerprint: string }>(SCHEMA_FINGERPRINT);
    if (rows[0]?.fingerprint === worker.fingerprint) {
      worker.idle.push(client);
      return;
    }
  } catch {
    // Left mid-transaction, or closed: a fresh one serves the next file.
  }
  if (!client.closed) await client.close();
}

/**
 * A fresh, migrated database for one test file: an emptied PGlite database of the worker (or a new
 * one from its dump), or a new server database copied from the template database that global setup
 * migrated.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const target = testDatabaseTarget();
  if (!target) {
    globalForTests.__pgliteWorker ??= pgliteWorker();
    const worker = await globalForTests.__pgliteWorker;
    const client = worker.idle.pop() ?? (await worker.create());
    // The handle's close (its change feed's UNLISTEN included) runs as usual; the client itself
    // goes back to the worker instead of closing.
    const kept = new Proxy(client, {
      get(target, property) {
        if (property === 'close') return () => recycle(worker, target);
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    return wrapPglite(kept);
  }
  const name = `boardkit_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(target.url, `CREATE DATABASE ${name} TEMPLATE ${templateDatabase()}`);
  const handle = await connect({ driver: target.driver, url: withDatabase(target.url, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(target.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
