import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDriver, type Env } from '@/lib/core/env';
import { executeRows } from '@/lib/core/transaction';
import { openTestDatabase } from '@/test/database';
import type { DatabaseHandle } from './client';
import { organizations } from './schema';

describe('database drivers', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await openTestDatabase();
  });
  afterAll(async () => {
    await handle.close();
  });

  it('runs this suite on the driver the environment asks for', () => {
    const expected = process.env.TEST_DATABASE_URL ? (process.env.TEST_DATABASE_DRIVER ?? 'pg') : 'pglite';
    expect(handle.driver).toBe(expected);
  });

  it('commits and rolls back interactive transactions', async () => {
    const { db } = handle;
    await db.transaction(async (tx) => {
      await tx.insert(organizations).values({ name: 'Kept', slug: 'kept' });
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(organizations).values({ name: 'Lost', slug: 'lost' });
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await db.select().from(organizations).where(eq(organizations.slug, 'kept'))).toHaveLength(1);
    expect(await db.select().from(organizations).where(eq(organizations.slug, 'lost'))).toHaveLength(0);
  });

  it('has the pg_trgm extension', async () => {
    const rows = await executeRows<{ close: boolean }>(
      handle.db,
      sql`select similarity('boardkit', 'boardkits') > 0.5 as close`,
    );
    expect(rows[0]?.close).toBe(true);
  });

  it.each<[Partial<Env>, string]>([
    [{}, 'pglite'],
    [{ DATABASE_URL: 'postgres://u@db.example.com/app' }, 'pg'],
    [{ DATABASE_URL: 'postgres://u:p@ep-cool-name-123.eu-central-1.aws.neon.tech/neondb' }, 'neon'],
    [{ DATABASE_URL: 'postgres://u@localhost/app', DATABASE_DRIVER: 'neon' }, 'neon'],
  ])('chooses the driver from %j', (config, expected) => {
    expect(databaseDriver(config as Env)).toBe(expected);
  });
});
