import { is, type SQL } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '@/db/client';
import { logError } from './logger';

export type { Database, Transaction };

/** What a service takes: the database, or the transaction its caller is in. */
export type Db = Database | Transaction;

/**
 * Receives the database that committed (caches are kept per database). One that returns a promise
 * (telling other instances of the change) holds the write's answer until it settles.
 */
type Effect = (db: Database) => unknown;

/** The effects waiting for each open transaction made by `transaction()`. */
const waiting = new WeakMap<object, Set<Effect>>();

/**
 * Runs `work` in a transaction, then the effects that `afterCommit` registered inside it, once it
 * has committed. Inside another transaction it is a savepoint whose effects wait for the outermost
 * commit; a rollback drops them. Every write of the services goes through here, so whichever client
 * made the write (API, dashboard, board, a script), the same things follow it.
 */
export async function transaction<T>(db: Db, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const outer = pendingEffects(db);
  const effects = new Set<Effect>();
  const result = await db.transaction((tx) => {
    waiting.set(tx, effects);
    return work(tx);
  });
  if (outer) for (const effect of effects) outer.add(effect);
  else await runEffects(db as Database, effects);
  return result;
}

/**
 * Registers what must follow a write once it is durable (a worker kick, forgetting cached rows).
 * In a transaction it waits for the commit, and `transaction()` answers once it has settled; on the
 * plain database the write has already committed, so it runs now, and the promise returned here
 * settles with it. One that fails is logged, the others still run; the same function registered
 * twice runs once.
 */
export function afterCommit(db: Db, effect: Effect): Promise<void> {
  const effects = pendingEffects(db);
  if (!effects) return runEffects(db as Database, [effect]);
  effects.add(effect);
  return Promise.resolve();
}

/**
 * drizzle's `is()`, not `instanceof`: a production build may bundle drizzle's classes into more than
 * one chunk, and a transaction made by one copy is then no instance of the other's class.
 */
const isTransaction = (db: Db): db is Transaction => is(db, PgTransaction);

/** The effects of the transaction `db` is, or undefined for the plain database. */
function pendingEffects(db: Db): Set<Effect> | undefined {
  const effects = waiting.get(db);
  if (!effects && isTransaction(db)) {
    // Its effects would run before its commit, or never: every transaction goes through here.
    throw new Error('Open transactions with transaction() from lib/core, not db.transaction().');
  }
  return effects;
}

async function runEffects(db: Database, effects: Iterable<Effect>): Promise<void> {
  const settling: Promise<unknown>[] = [];
  for (const effect of effects) {
    try {
      const result = effect(db);
      if (result instanceof Promise) {
        settling.push(result.catch((error) => logError('after_commit_effect_failed', error)));
      }
    } catch (error) {
      logError('after_commit_effect_failed', error);
    }
  }
  await Promise.all(settling);
}

/** The rows of a raw SQL statement: drivers answer `db.execute` with an array or with `{ rows }`. */
export async function executeRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/**
 * Awaits independent queries: side by side on the pool, one after another in a transaction, whose
 * single connection would queue them anyway (and node-postgres deprecates overlapping queries on a
 * client). Pass drizzle query builders: they start only when awaited.
 */
export async function queryAll<T extends readonly unknown[]>(
  db: Db,
  queries: { [K in keyof T]: PromiseLike<T[K]> },
): Promise<T> {
  if (!isTransaction(db)) return (await Promise.all(queries)) as unknown as T;
  const results: unknown[] = [];
  for (const query of queries) results.push(await query);
  return results as unknown as T;
}
