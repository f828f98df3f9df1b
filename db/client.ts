import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { databaseUnavailable, warnDatabaseUnavailable } from '@/lib/core/db-errors';
import { type DatabaseDriver, databaseDriver, env } from '@/lib/core/env';
import { logError } from '@/lib/core/logger';
import { type ChangeFeed, PgChangeFeed, PgliteChangeFeed, RedisChangeFeed } from './change-feed';
import { installationId } from './installation';
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

// On globalThis, like the database itself: a production build gives each route bundle its own copy
// of this module, and every copy must find the feed of the one process-wide database.
const globalForFeeds = globalThis as typeof globalThis & {
  __boardkitChangeFeeds?: WeakMap<Database, ChangeFeed>;
};
globalForFeeds.__boardkitChangeFeeds ??= new WeakMap();
const changeFeeds = globalForFeeds.__boardkitChangeFeeds;

/**
 * Pushed changes to organizations and API keys of this database, or undefined where the driver
 * cannot hold a LISTEN (Neon's serverless driver) and no Redis carries them instead: caches of those
 * rows must then not be used.
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

/**
 * How long a request waits for a connection (a new one, or a free one of the pool) before it
 * fails with a 503: a database that is down or unreachable must not hold requests open.
 */
const CONNECT_TIMEOUT_MS = 5_000;
/** TCP keep-alive probes on idle pooled connections, so a peer that vanished is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;

/**
 * An idle pooled connection failed. Dropped by a server going away (restart, failover) it is a
 * warning: the pool has discarded it and opens a new one when needed. Anything else is an error.
 */
function onPoolError(error: Error): void {
  const unavailable = databaseUnavailable(error);
  if (unavailable) warnDatabaseUnavailable('database_connection_lost', unavailable);
  else logError('database_pool_error', error);
}

/** What releaseLostConnections needs of a pooled client (node-postgres's and Neon's alike). */
interface LentClient {
  release: (error?: Error | boolean) => void;
  on(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
  removeListener(event: 'error' | 'end', listener: (error?: Error) => void): unknown;
}
type Checkout = (error: Error | undefined, client: LentClient | undefined, done: unknown) => void;

/**
 * drizzle's transaction() sends `begin` on a checked-out client before entering the try whose
 * finally releases it: a connection lost during `begin` (a server shutting down) would never go
 * back, and after `max` such losses the pool would have nothing left to lend, so every request
 * waited for a connection until the process restarted. Here a lent client whose connection fails
 * or ends is released at once, with the error, which removes it from the pool; its borrower's own
 * release is then a no-op. The listener also keeps a connection lost between two queries of a
 * transaction from being an uncaught 'error' event.
 */
function releaseLostConnections(pool: { connect: (...args: never[]) => unknown }): void {
  const connect = (pool.connect as (callback?: Checkout) => Promise<LentClient> | undefined).bind(pool);
  const patched = (callback?: Checkout) => {
    if (!callback) return connect()!.then(releaseWhenLost);
    return connect((error, client, done) =>
      callback(error, client && releaseWhenLost(client), client?.release ?? done),
    );
  };
  pool.connect = patched as typeof pool.connect;
}

function releaseWhenLost<C extends LentClient>(client: C): C {
  const release = client.release;
  let released = false;
  const lost = (error?: Error) => done(error ?? new Error('Connection ended while lent out'));
  const done = (error?: Error | boolean) => {
    client.removeListener('error', lost);
    client.removeListener('end', lost);
    if (released) return;
    released = true;
    release(error);
  };
  client.on('error', lost);
  client.on('end', lost);
  client.release = done;
  return client;
}

export const migrationsFolder = path.join(process.cwd(), 'db', 'migrations');

export interface ConnectOptions {
  driver: DatabaseDriver;
  /** postgres:// URL for pg and neon; ignored for pglite. */
  url?: string;
  /** PGlite data directory; omitted means in memory. */
  dataDir?: string;
  /** pg only: where to LISTEN for changes (default `url`); `off`: no LISTEN. */
  listenUrl?: string;
  /** Where changes travel when the database cannot push them (neon, or pg with `listenUrl` off). */
  redisUrl?: string;
}

/** Opens a connection with the chosen driver. Driver modules load lazily so each stays optional. */
export async function connect(options: ConnectOptions): Promise<DatabaseHandle> {
  switch (options.driver) {
    case 'pglite':
      return connectPglite(options.dataDir);
    case 'pg':
      return connectNodePostgres(requireUrl(options), options.listenUrl, options.redisUrl);
    case 'neon':
      return withRedisChangeFeed(await connectNeon(requireUrl(options)), options.redisUrl);
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

/** The Redis change feed for a database that cannot push its changes, or no feed without Redis. */
function withRedisChangeFeed(handle: DatabaseHandle, redisUrl: string | undefined): DatabaseHandle {
  if (!redisUrl) return handle;
  const channel = async () => `boardkit:${await installationId(handle.db)}:organization_changes`;
  return withChangeFeed(handle, new RedisChangeFeed(redisUrl, channel));
}

async function connectNodePostgres(url: string, listenUrl = url, redisUrl?: string): Promise<DatabaseHandle> {
  const [{ Pool }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // Outages (test/fault/ stops a real server under load): a refused, dropped or timed-out connection
  // fails the request with a 503 within CONNECT_TIMEOUT_MS. The pool discards broken connections
  // and opens new ones on demand, so the process recovers by itself once the server is back. No
  // statement timeout is set here: poolers such as PgBouncer refuse it as a startup parameter. Add
  // one to DATABASE_URL when connecting directly (`?options=-c%20statement_timeout%3D30000`).
  const pool = new Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  });
  // An idle connection dropped by the server (restart, failover) must not crash the process.
  pool.on('error', onPoolError);
  releaseLostConnections(pool);
  const db = drizzle({ client: pool, schema, casing: 'snake_case' });
  const handle: DatabaseHandle = {
    db,
    driver: 'pg',
    migrate: () => migrate(db, { migrationsFolder }),
    close: () => pool.end(),
  };
  return listenUrl === 'off'
    ? withRedisChangeFeed(handle, redisUrl)
    : withChangeFeed(handle, new PgChangeFeed(listenUrl));
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
  pool.on('error', onPoolError);
  releaseLostConnections(pool);
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
    redisUrl: config.REDIS_URL,
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
