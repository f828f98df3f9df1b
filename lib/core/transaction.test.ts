import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { afterCommit, transaction } from './transaction';

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
