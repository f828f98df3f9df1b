import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { afterCommit, queryAll, transaction } from './transaction';

describe('transaction() and afterCommit()', () => {
  it('runs registered effects once the transaction commits, with the database that committed', async () => {
    const db = await getDb();
    const seen: string[] = [];
    await transaction(db, async (tx) => {
      afterCommit(tx, (committed) => seen.push(committed === db ? 'after commit, same db' : 'other db'));
      await tx.execute(sql`select 1`);
      seen.push('inside');
    });
    expect(seen).toEqual(['inside', 'after commit, same db']);
  });

  it('drops the effects of a transaction that rolls back', async () => {
    const db = await getDb();
    const seen: string[] = [];
    await expect(
      transaction(db, async (tx) => {
        afterCommit(tx, () => seen.push('effect'));
        throw new Error('write failed');
      }),
    ).rejects.toThrow('write failed');
    expect(seen).toEqual([]);
  });

  it('holds a savepoint’s effects until the outermost commit, and drops them when it rolls back', async () => {
    const db = await getDb();
    const seen: string[] = [];
    await transaction(db, async (tx) => {
      await transaction(tx, async (savepoint) => {
        afterCommit(savepoint, () => seen.push('kept'));
      });
      await transaction(tx, async (savepoint) => {
        afterCommit(savepoint, () => seen.push('rolled back'));
        throw new Error('clash');
      }).catch(() => {});
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual(['kept']);
  });

  it('runs one function registered twice once, and keeps going past an effect that throws', async () => {
    const db = await getDb();
    let kicks = 0;
    const kick = () => {
      kicks++;
    };
    const seen: string[] = [];
    await transaction(db, async (tx) => {
      afterCommit(tx, kick);
      afterCommit(tx, () => {
        throw new Error('cache gone');
      });
      afterCommit(tx, kick);
      afterCommit(tx, () => seen.push('still ran'));
    });
    expect(kicks).toBe(1);
    expect(seen).toEqual(['still ran']);
  });

  it('answers once the promise of an effect has settled, in a transaction or on the plain database', async () => {
    const db = await getDb();
    const seen: string[] = [];
    const told = (what: string) => () =>
      new Promise<void>((resolve) => setTimeout(() => resolve(void seen.push(what)), 20));
    await transaction(db, async (tx) => {
      afterCommit(tx, told('told after commit'));
      afterCommit(tx, () => Promise.reject(new Error('Redis away')));
    });
    expect(seen).toEqual(['told after commit']);
    await afterCommit(db, told('told at once'));
    expect(seen).toEqual(['told after commit', 'told at once']);
  });

  it('runs an effect at once on the plain database, where the write has already committed', async () => {
    const db = await getDb();
    const seen: string[] = [];
    afterCommit(db, () => seen.push('now'));
    expect(seen).toEqual(['now']);
  });

  it('refuses a transaction opened around it, whose commit it could not wait for', async () => {
    const db = await getDb();
    await expect(db.transaction(async (tx) => afterCommit(tx, () => {}))).rejects.toThrow(
      /transaction\(\) from lib\/core/,
    );
  });
});

describe('queryAll()', () => {
  /** A lazy query stand-in that records when it starts and ends. */
  const query = (name: string, log: string[], ms: number): PromiseLike<string> => ({
    // biome-ignore lint/suspicious/noThenProperty: a thenable, like drizzle's query builders
    then(resolve, reject) {
      log.push(`${name} start`);
      return new Promise<string>((done) => setTimeout(() => done(name), ms))
        .then((value) => {
          log.push(`${name} end`);
          return value;
        })
        .then(resolve, reject);
    },
  });

  it('runs the queries side by side on the database', async () => {
    const log: string[] = [];
    expect(await queryAll(await getDb(), [query('a', log, 20), query('b', log, 1)])).toEqual(['a', 'b']);
    expect(log.indexOf('b start')).toBeLessThan(log.indexOf('a end'));
  });

  it('runs them one after another in a transaction, which has one connection', async () => {
    const log: string[] = [];
    const results = await transaction(await getDb(), (tx) =>
      queryAll(tx, [query('a', log, 20), query('b', log, 1), tx.execute(sql`select 1`)]),
    );
    expect(results.slice(0, 2)).toEqual(['a', 'b']);
    expect(log).toEqual(['a start', 'a end', 'b start', 'b end']);
  });
});
