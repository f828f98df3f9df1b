// Migration 0027 on a database that holds payments written before it, in major units: USD (2
// decimals), JPY (none), BHD (3, of which numeric(14,2) kept 2), with and without a refund.
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyDigits } from '@/lib/core/money';
import { adminQuery, testDatabaseTarget, withDatabase } from '@/test/database';
import { migrationsFolder, pgliteExtensions } from './client';

interface Migratable {
  execute(query: ReturnType<typeof sql>): Promise<unknown>;
  migrateFrom(folder: string): Promise<void>;
  close(): Promise<void>;
}

/** An empty database with a migrator for any folder: PGlite, or a new database on the test server. */
async function emptyDatabase(): Promise<
  Migratable & { rows<T>(query: ReturnType<typeof sql>): Promise<T[]> }
> {
  const target = testDatabaseTarget();
  if (!target) {
    const [{ PGlite }, { drizzle }, { migrate }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('drizzle-orm/pglite'),
      import('drizzle-orm/pglite/migrator'),
    ]);
    const client = new PGlite({ extensions: await pgliteExtensions() });
    const db = drizzle({ client });
    return {
      execute: (query) => db.execute(query),
      rows: async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[],
      migrateFrom: (folder) => migrate(db, { migrationsFolder: folder }),
      close: () => client.close(),
    };
  }
  const name = `boardkit_migration_${randomBytes(6).toString('hex')}`;
  await adminQuery(target.url, `CREATE DATABASE ${name}`);
  const [{ default: pg }, { drizzle }, { migrate }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  // One client, not a pool: a pool's end() settles before its connections have closed, and the
  // DROP ... WITH (FORCE) below would then end a live one with an error nobody listens for.
  const client = new pg.Client({ connectionString: withDatabase(target.url, name) });
  await client.connect();
  const db = drizzle({ client });
  return {
    execute: (query) => db.execute(query),
    rows: async <T>(query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[],
    migrateFrom: (folder) => migrate(db, { migrationsFolder: folder }),
    close: async () => {
      await client.end();
      await adminQuery(target.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

/** A copy of the migrations folder whose journal ends before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const folder = await mkdtemp(path.join(tmpdir(), 'boardkit-migrations-'));
  await cp(migrationsFolder, folder, { recursive: true });
  const journalPath = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((entry) => entry.tag === tag);
  expect(index).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, index);
  await writeFile(journalPath, JSON.stringify(journal));
  return folder;
}

describe('migration 0027: payments in minor units', () => {
  let database: Awaited<ReturnType<typeof emptyDatabase>>;
  let before: string;

  beforeAll(async () => {
    database = await emptyDatabase();
    before = await migrationsBefore('0027_payment_minor_units');
  });

  afterAll(async () => {
    await database?.close();
    if (before) await rm(before, { recursive: true, force: true });
  });

  it('converts each amount exactly, by its currency, and refunds with it', async () => {
    await database.migrateFrom(before);
    const [org] = await database.rows<{ id: number }>(
      sql`insert into organizations (slug, name) values ('money', 'Money') returning id`,
    );
    const legacy = [
      ['usd', 49.5, 'USD', { amount_refunded: 19.99 }],
      ['usd-cents', 0.07, 'usd', {}],
      ['jpy', 5000, 'JPY', { amount_refunded: 1200 }],
      ['bhd', 12.35, 'BHD', {}],
      ['krw-large', 1234567, 'KRW', {}],
    ] as const;
    // One payment of 1 in each currency Intl knows: it must become 10^currencyDigits.
    for (const currency of Intl.supportedValuesOf('currency')) {
      await database.execute(sql`
        insert into payments (id, organization_id, amount, currency, status, payment_provider, provider_reference)
        values (gen_random_uuid(), ${org!.id}, 1, ${currency}, 'succeeded', 'local', ${`one-${currency}`})`);
    }
    for (const [reference, amount, currency, metadata] of legacy) {
      await database.execute(sql`
        insert into payments (id, organization_id, amount, currency, status, payment_provider, provider_reference, metadata)
        values (gen_random_uuid(), ${org!.id}, ${amount}, ${currency}, 'succeeded', 'local', ${reference}, ${JSON.stringify(metadata)}::jsonb)`);
    }

    await database.migrateFrom(migrationsFolder);

    const ones = await database.rows<{ currency: string; amount: number }>(
      sql`select currency, amount from payments where provider_reference like 'one-%'`,
    );
    expect(ones).toHaveLength(Intl.supportedValuesOf('currency').length);
    for (const { currency, amount } of ones)
      expect([currency, amount]).toEqual([currency, 10 ** currencyDigits(currency)]);
    const rows = await database.rows<{
      reference: string;
      amount: number;
      metadata: Record<string, unknown>;
    }>(
      sql`select provider_reference as reference, amount, metadata from payments where provider_reference not like 'one-%' order by provider_reference`,
    );
    expect(rows).toEqual([
      { reference: 'bhd', amount: 12350, metadata: {} },
      { reference: 'jpy', amount: 5000, metadata: { amount_refunded: 1200 } },
      { reference: 'krw-large', amount: 1234567, metadata: {} },
      { reference: 'usd', amount: 4950, metadata: { amount_refunded: 1999 } },
      { reference: 'usd-cents', amount: 7, metadata: {} },
    ]);
    const [column] = await database.rows<{ type: string }>(
      sql`select data_type as type from information_schema.columns where table_name = 'payments' and column_name = 'amount'`,
    );
    expect(column!.type).toBe('integer');
    const helpers = await database.rows(sql`select 1 from pg_proc where proname = 'payment_minor_units'`);
    expect(helpers).toEqual([]);
  });
});
