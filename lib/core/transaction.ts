import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Database, Transaction } from '@/db/client';
import { logError } from './logger';

export type { Database, Transaction };

/** What a service takes: the database, or the transaction its caller is in. */
export type Db = Database | Transaction;

type Effect = () => void;

/** The effects waiting for each open transaction made by `transaction()`. */
const waiting = new WeakMap<object, Set<Effect>>();

/**
 * Runs `work` in a transaction, then the effects that `afterCommit` registered inside it, once it
 * has committed. Inside another transaction it is a savepoint whose effects wait for the outermost
 * commit; a rollback drops them. Every write of the services goes through here, so whichever client
 * made the write (API, dashboard, board, a script), the same things follow it.
 */
export async function transaction<T>(db: Db, work: (tx: Transaction) => Promise<T>): Promise<T> {
  const effects = new Set<Effect>();
  const result = await db.transaction((tx) => {
    waiting.set(tx, effects);
    return work(tx);
  });
  const outer = waiting.get(db);
  if (outer) for (const effect of effects) outer.add(effect);
  else runEffects(effects);
  return result;
}

/**
 * Registers what must follow a write once it is durable (a worker kick, forgetting cached rows).
 * In a transaction it waits for the commit; on the plain database the write has already committed,
 * so it runs now. Effects are synchronous and must not throw; the same function is run once.
 */
export function afterCommit(db: Db, effect: Effect): void {
  const effects = waiting.get(db);
  if (effects) effects.add(effect);
  else if (db instanceof PgTransaction) {
    throw new Error('afterCommit needs a transaction opened with transaction() from lib/core.');
  } else runEffects([effect]);
}

function runEffects(effects: Iterable<Effect>): void {
  for (const effect of effects) {
    try {
      effect();
    } catch (error) {
      logError('after_commit_effect_failed', error);
    }
  }
}
