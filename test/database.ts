import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect, type DatabaseHandle, pgliteExtensions, wrapPglite } from '@/db/client';
import type { DatabaseDriver } from '@/lib/core/env';

export const TEMPLATE_DATABASE = 'boardkit_test_template';

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

type PgliteClient = import('@electric-sql/pglite').PGlite;
const globalForTests = globalThis as typeof globalThis & { __pgliteTemplate?: Promise<PgliteClient> };

async function migratedPgliteTemplate(): Promise<PgliteClient> {
  const { PGlite } = await import('@electric-sql/pglite');
  const client = new PGlite({ extensions: await pgliteExtensions() });
  await (await wrapPglite(client)).migrate();
  return client;
}

/**
 * A fresh, migrated database for one test file: a clone of the worker's PGlite template, or a
 * new server database copied from the template database that global setup migrated.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const target = testDatabaseTarget();
  if (!target) {
    globalForTests.__pgliteTemplate ??= migratedPgliteTemplate();
    const clone = await (await globalForTests.__pgliteTemplate).clone();
    return wrapPglite(clone as PgliteClient);
  }
  const name = `boardkit_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(target.url, `CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DATABASE}`);
  const handle = await connect({ driver: target.driver, url: withDatabase(target.url, name) });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(target.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
