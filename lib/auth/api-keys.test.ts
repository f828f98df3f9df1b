import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect, type Database, type DatabaseHandle, getDb, organizationChangeFeed } from '@/db/client';
import { apiKeys, organizations } from '@/db/schema';
import { createOrganization, updateOrganizationSettings } from '@/lib/organizations/service';
import { adminQuery, templateDatabase, testDatabaseTarget, withDatabase } from '@/test/database';
import { createTenant } from '@/test/factories';
import { testRedisUrl, upstashTestsCanRun } from '@/test/fixtures/upstash-rest';
import { authenticateApiKey, createApiKey, revokeApiKey } from './api-keys';

const target = testDatabaseTarget();
const driver = target?.driver ?? 'pglite';
const redisAvailable = await upstashTestsCanRun();

/** Authenticates once, then waits until the key cache may serve (the feed listens). */
async function cachedTenant(db: Database) {
  const tenant = await createTenant();
  expect(await authenticateApiKey(db, tenant.key)).not.toBeNull();
  await vi.waitFor(() => expect(organizationChangeFeed(db)?.live).toBe(true));
  expect(await authenticateApiKey(db, tenant.key)).not.toBeNull();
  return tenant;
}

describe.skipIf(driver === 'neon')('organization change feed and the key cache', () => {
  it('answers a known key from the cache', async () => {
    const db = await getDb();
    const tenant = await cachedTenant(db);
    // With the trigger off, nothing tells the cache: it keeps answering the revoked key.
    await db.execute(sql`alter table api_keys disable trigger api_keys_notify_change`);
    try {
      await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, tenant.apiKey.id));
      expect(await authenticateApiKey(db, tenant.key)).not.toBeNull();
    } finally {
      await db.execute(sql`alter table api_keys enable trigger api_keys_notify_change`);
    }
  });

  it('sees a revocation committed by another connection once it is notified', async () => {
    const db = await getDb();
    const tenant = await cachedTenant(db);
    await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, tenant.apiKey.id));
    await vi.waitFor(async () => expect(await authenticateApiKey(db, tenant.key)).toBeNull());
  });

  it('sees a new jobs revision and new rate limits once notified', async () => {
    const db = await getDb();
    const tenant = await cachedTenant(db);
    await db
      .update(organizations)
      .set({ revision: 41, rateLimits: { GET: 5 } })
      .where(eq(organizations.id, tenant.organization.id));
    await vi.waitFor(async () =>
      expect((await authenticateApiKey(db, tenant.key))?.organization).toMatchObject({
        revision: 41,
        rateLimits: { GET: 5 },
      }),
    );
  });

  it('forgets a key revoked through this process at once', async () => {
    const db = await getDb();
    const tenant = await cachedTenant(db);
    await revokeApiKey(db, tenant.organization.id, tenant.apiKey.id);
    expect(await authenticateApiKey(db, tenant.key)).toBeNull();
  });

  it.runIf(driver === 'pg')(
    'stops serving from the cache while the listening connection is down',
    async () => {
      const db = await getDb();
      const tenant = await cachedTenant(db);
      await db.execute(sql`alter table api_keys disable trigger api_keys_notify_change`);
      try {
        await db.update(apiKeys).set({ revokedAt: new Date() }).where(eq(apiKeys.id, tenant.apiKey.id));
        await db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and query = 'LISTEN organization_changes'`,
        );
        await vi.waitFor(() => expect(organizationChangeFeed(db)?.live).toBe(false));
        // Missed notifications are possible now, so the lookup goes to the database.
        expect(await authenticateApiKey(db, tenant.key)).toBeNull();
        await vi.waitFor(() => expect(organizationChangeFeed(db)?.live).toBe(true), { timeout: 5_000 });
      } finally {
        await db.execute(sql`alter table api_keys enable trigger api_keys_notify_change`);
      }
    },
  );
});

// Where the database cannot LISTEN (Neon's driver, or pg with DATABASE_LISTEN_URL=off), Redis
// carries the changes (db/change-feed.ts): two processes on one database, each with its key cache.
describe.runIf(redisAvailable && target)('two processes without LISTEN, one Redis', () => {
  const name = `boardkit_test_${randomBytes(6).toString('hex')}`;
  let a: DatabaseHandle;
  let b: DatabaseHandle;

  beforeAll(async () => {
    await adminQuery(target!.url, `CREATE DATABASE ${name} TEMPLATE ${templateDatabase()}`);
    const open = () =>
      connect({
        driver: target!.driver,
        url: withDatabase(target!.url, name),
        listenUrl: 'off',
        redisUrl: testRedisUrl,
      });
    [a, b] = await Promise.all([open(), open()]);
  });

  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await adminQuery(target!.url, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });

  it('serves B’s keys from its cache, and B stops answering a key A revoked or sees A’s change within 2 s', async () => {
    const organization = await createOrganization(a.db, { name: `Redis feed ${Date.now()}` });
    const first = await createApiKey(a.db, organization.id, { name: 'first' });
    const second = await createApiKey(a.db, organization.id, { name: 'second' });
    expect(await authenticateApiKey(b.db, first.plaintext)).not.toBeNull();
    await vi.waitFor(() => expect(organizationChangeFeed(b.db)?.live).toBe(true));
    expect(await authenticateApiKey(b.db, first.plaintext)).not.toBeNull();
    expect(await authenticateApiKey(b.db, second.plaintext)).not.toBeNull();

    const revoked = Date.now();
    await revokeApiKey(a.db, organization.id, first.apiKey.id);
    await vi.waitFor(async () => expect(await authenticateApiKey(b.db, first.plaintext)).toBeNull(), {
      timeout: 2_000,
    });
    expect(Date.now() - revoked).toBeLessThan(2_000);

    await updateOrganizationSettings(a.db, organization, { name: 'Renamed through A' });
    await vi.waitFor(
      async () =>
        expect((await authenticateApiKey(b.db, second.plaintext))?.organization.name).toBe(
          'Renamed through A',
        ),
      { timeout: 2_000 },
    );
  });
});
