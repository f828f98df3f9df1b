import { eq, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { type Database, getDb, organizationChangeFeed } from '@/db/client';
import { apiKeys, organizations } from '@/db/schema';
import { testDatabaseTarget } from '@/test/database';
import { createTenant } from '@/test/factories';
import { authenticateApiKey, revokeApiKey } from './api-keys';

const driver = testDatabaseTarget()?.driver ?? 'pglite';

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
