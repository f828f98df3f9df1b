import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { type DatabaseDriver, databaseDriver, env } from '@/lib/core/env';
import { logError } from '@/lib/core/logger';
import { type ChangeFeed, PgChangeFeed, PgliteChangeFeed } from './change-feed';
import * as schema from './schema';

export type Schema = typeof schema;
/** The common type of all three drivers' drizzle instances; services take this (or a transaction). */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface DatabaseHandle {
  db: Database;
  driver: DatabaseDriver;
  migrate(): Promise<void>;
  close(): Promise<void>;
}

const changeFeeds = new WeakMap<Database, ChangeFeed>();

/**
 * Pushed changes to organizations and API keys of this database, or undefined where the driver
 * cannot hold a LISTEN (Neon's serverless driver): caches of those rows must then not be used.
 */
export function organizationChangeFeed(db: Database): ChangeFeed | undefined {
  return changeFeeds.get(db);
}

function withChangeFeed(handle: DatabaseHandle, feed: ChangeFeed): DatabaseHandle {
  changeFeeds.set(handle.db, feed);
  return {
    ...handle,
    close: async () => {
      await feed.close();
      await handle.close();
    },
  };
}

const CONNECT_TIMEOUT_MS = 5_000;

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

export interface ConnectOptions {
  driver: DatabaseDriver;
  /** postgres:// URL for pg and neon; ignored for pglite. */
  url?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  /** pg only: where to LISTEN for changes (default `url`); `off` runs without a change feed. */
  listenUrl?: string;
}

/** Opens a connection with the chosen driver. Driver modules load lazily so each stays optional. */
export async function connect(options: ConnectOptions): Promise<DatabaseHandle> {
  switch (options.driver) {
    case 'pglite':
      return connectPglite(options.dataDir);
    case 'pg':
      return connectNodePostgres(requireUrl(options), options.listenUrl);
    case 'neon':
      return connectNeon(requireUrl(options));
  }
}

function requireUrl(options: ConnectOptions): string {
  if (!options.url) throw new Error(`The ${options.driver} driver needs DATABASE_URL.`);
  return options.url;
}

async function connectPglite(dataDir: string | undefined): Promise<DatabaseHandle> {
  const [{ PGlite }, extensions, { drizzle }, { migrate }, { acquireDataDirLock }] = await Promise.all([
    import('@electric-sql/pglite'),
    pgliteExtensions(),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./pglite-lock'),
  ]);
  const release = dataDir ? acquireDataDirLock(dataDir) : () => {};
  try {
    const client = new PGlite({ dataDir, extensions });
    await client.waitReady;
    return pgliteHandle(client, { drizzle, migrate, release });
  } catch (error) {
    release();
    throw error;
  }
}

type PgliteClient = import('@electric-sql/pglite').PGlite;

/** The extensions the migrations create (PostgreSQL ships them; PGlite loads them on demand). */
export async function pgliteExtensions() {
  const [{ pg_trgm }, { btree_gin }] = await Promise.all([
    import('@electric-sql/pglite/contrib/pg_trgm'),
    import('@electric-sql/pglite/contrib/btree_gin'),
  ]);
  return { pg_trgm, btree_gin };
}

/** Wraps an already open PGlite instance (tests use clones of a migrated template). */
export async function wrapPglite(client: PgliteClient): Promise<DatabaseHandle> {
  const [{ drizzle }, { migrate }] = await Promise.all([
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  return pgliteHandle(client, { drizzle, migrate, release: () => {} });
}

function pgliteHandle(
  client: PgliteClient,
  deps: {
    drizzle: typeof import('drizzle-orm/pglite').drizzle;
    migrate: typeof import('drizzle-orm/pglite/migrator').migrate;
    release: () => void;
  },
): DatabaseHandle {
  const db = deps.drizzle({ client, schema, casing: 'snake_case' });
  return withChangeFeed(
    {
      db,
      driver: 'pglite',
      migrate: () => deps.migrate(db, { migrationsFolder }),
      close: async () => {
        await client.close();
        deps.release();
      },
    },
    new PgliteChangeFeed(client),
  );
}

async function connectNodePostgres(url: string, listenUrl = url): Promise<DatabaseHandle> {
  const [{ Pool }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // A server that does not answer fails the request within seconds (a 503), rather than holding it.
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', (error) => logError('database_pool_error', error));
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  const handle: DatabaseHandle = {
    db,
    driver: 'pg',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => pool.end(),
  };
  return listenUrl === 'off' ? handle : withChangeFeed(handle, new PgChangeFeed(listenUrl));
}

async function connectNeon(url: string): Promise<DatabaseHandle> {
  const [{ Pool, neonConfig }, { drizzle }, { migrate }, { default: ws }] = await Promise.all([
    import('@neondatabase/serverless'),
    import('drizzle-orm/neon-serverless'),
    import('drizzle-orm/neon-serverless/migrator'),
    import('ws'),
  ]);
  // Node 20 has no global WebSocket; the WebSocket Pool is needed for interactive transactions.
  neonConfig.webSocketConstructor ??= ws;
  const pool = new Pool({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  pool.on('error', (error: Error) => logError('database_pool_error', error));
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  return {
    db,
    driver: 'neon',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => pool.end(),
  };
}

/** Opens the database the environment describes. */
export function openConfiguredDatabase(): Promise<DatabaseHandle> {
  const config = env();
  return connect({
    driver: databaseDriver(config),
    url: config.DATABASE_URL,
    listenUrl: config.DATABASE_LISTEN_URL,
    // The data directory is runtime state, not code: keep it out of the build's file tracing.
    dataDir: path.resolve(/*turbopackIgnore: true*/ process.cwd(), config.PGLITE_DATA_DIR),
  });
}

const globalForDb = globalThis as typeof globalThis & { __boardkitDb?: Promise<DatabaseHandle> };

async function openAppDatabase(): Promise<DatabaseHandle> {
  const handle = await openConfiguredDatabase();
  // The embedded database has no deploy step, so it migrates itself on first use.
  if (handle.driver === 'pglite') await handle.migrate();
  return handle;
}

/** The process-wide database, opened once (a globalThis singleton survives dev reloads). */
export async function getDb(): Promise<Database> {
  globalForDb.__boardkitDb ??= openAppDatabase().catch((error) => {
    globalForDb.__boardkitDb = undefined;
    throw error;
  });
  return (await globalForDb.__boardkitDb).db;
}

/** Points getDb() at the given handle (tests and scripts that manage their own connection). */
export function setDatabase(handle: DatabaseHandle | undefined): void {
  globalForDb.__boardkitDb = handle ? Promise.resolve(handle) : undefined;
}
