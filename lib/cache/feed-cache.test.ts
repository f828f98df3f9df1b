import { randomInt } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ChangeFeed } from '@/db/change-feed';
import { getDb } from '@/db/client';
import { installationId } from '@/db/installation';
import type { ApiKey, Organization } from '@/db/schema';
import { resetEnvCache } from '@/lib/core/env';
import { closeRedisConnections, REDIS_COMMAND_TIMEOUT_MS, redisConnection } from '@/lib/core/redis';
import { createOrganization, updateOrganizationSettings } from '@/lib/organizations/service';
import { testRedisUrl, upstashTestsCanRun } from '@/test/fixtures/upstash-rest';
import { type AuthenticatedKey, FeedCache } from './feed-cache';
import { type OrganizationStamps, organizationStamps, STAMP_TTL_MS } from './organization-stamps';
import { ENTRY_OVERHEAD_BYTES, estimateBytes } from './revision-cache';

/** A feed this test drives by hand; the real ones are tested in lib/auth/api-keys.test.ts. */
function manualFeed() {
  const listeners = new Set<(id: number | null) => void>();
  const feed: Omit<ChangeFeed, 'live'> & { live: boolean; emit(id: number | null): void } = {
    live: true,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    announce: () => {},
    close: async () => {},
    emit: (id) => {
      for (const listener of listeners) listener(id);
    },
  };
  return feed;
}

const authFor = (orgId: number, keyId: string): AuthenticatedKey => ({
  apiKey: { id: keyId, organizationId: orgId } as ApiKey,
  organization: { id: orgId, revision: 0 } as Organization,
});

const keyCache = (feed: ChangeFeed, maxBytes = 1024 * 1024, stamps?: OrganizationStamps) =>
  new FeedCache<AuthenticatedKey>(feed, {
    name: 'test keys',
    maxBytes,
    organizationOf: (auth) => auth.organization.id,
    stamps,
  });

const redisAvailable = await upstashTestsCanRun();

describe('FeedCache', () => {
  it('serves a stored lookup until its organization changes', async () => {
    const feed = manualFeed();
    const cache = keyCache(feed);
    await cache.set('a', authFor(1, 'ka'), cache.generation);
    await cache.set('b', authFor(2, 'kb'), cache.generation);
    expect((await cache.get('a'))?.apiKey.id).toBe('ka');

    feed.emit(1);
    expect(await cache.get('a')).toBeUndefined();
    expect((await cache.get('b'))?.apiKey.id).toBe('kb');

    feed.emit(null);
    expect(await cache.get('b')).toBeUndefined();
  });

  it('does not store a lookup that an invalidation overtook', async () => {
    const feed = manualFeed();
    const cache = keyCache(feed);
    const startedAt = cache.generation;
    feed.emit(1);
    await cache.set('a', authFor(1, 'ka'), startedAt);
    expect(await cache.get('a')).toBeUndefined();
  });

  it('serves and stores nothing while the feed is down', async () => {
    const feed = manualFeed();
    const cache = keyCache(feed);
    await cache.set('a', authFor(1, 'ka'), cache.generation);
    feed.live = false;
    expect(await cache.get('a')).toBeUndefined();
    await cache.set('b', authFor(1, 'kb'), cache.generation);
    feed.live = true;
    expect(await cache.get('b')).toBeUndefined();
  });

  it('drops the least recently used entries once their estimated bytes pass the bound', async () => {
    // Each entry: one-letter key, a two-letter key id, a one-digit organization id.
    const entryBytes = estimateBytes(authFor(1, 'ka')) + 'a'.length + ENTRY_OVERHEAD_BYTES;
    const feed = manualFeed();
    const cache = keyCache(feed, 2.5 * entryBytes);
    await cache.set('a', authFor(1, 'ka'), cache.generation);
    await cache.set('b', authFor(2, 'kb'), cache.generation);
    expect(cache.usage()).toEqual({ bytes: 2 * entryBytes, entries: 2 });
    await cache.get('a');
    await cache.set('c', authFor(3, 'kc'), cache.generation);
    expect(await cache.get('b')).toBeUndefined();
    expect((await cache.get('a'))?.apiKey.id).toBe('ka');
    expect((await cache.get('c'))?.apiKey.id).toBe('kc');
    // The evicted entry left its organization's list: forgetting organization 2 finds nothing to drop.
    feed.emit(2);
    expect(cache.usage()).toEqual({ bytes: 2 * entryBytes, entries: 2 });
    feed.emit(1);
    expect(cache.usage()).toEqual({ bytes: entryBytes, entries: 1 });
  });

  it('lets entries lapse after a minute even without notifications', async () => {
    const cache = keyCache(manualFeed());
    const now = Date.now();
    await cache.set('a', authFor(1, 'ka'), cache.generation, now);
    expect(await cache.get('a', now + 59_000)).toBeDefined();
    expect(await cache.get('a', now + 60_000)).toBeUndefined();
  });
});

// The feeds here never tell of the change: what the cache sees, it sees from the stamps alone.
describe.runIf(redisAvailable)('FeedCache with the deployment’s organization stamps', () => {
  afterEach(() => {
    delete process.env.REDIS_URL;
    resetEnvCache();
  });

  async function redisStamps() {
    process.env.REDIS_URL = testRedisUrl;
    resetEnvCache();
    // Connected first: until then no stamp is read, and an entry stored without one is read again.
    await redisConnection()!.ping();
    return organizationStamps(await getDb())!;
  }

  it('stops serving an organization’s entries once another instance advanced its stamp', async () => {
    const stamps = await redisStamps();
    const [changed, other] = [randomInt(1e6, 2e9), randomInt(1e6, 2e9)];
    const cache = keyCache(manualFeed(), 1024 * 1024, stamps);
    await cache.set('a', authFor(changed, 'ka'), cache.generation);
    await cache.set('b', authFor(other, 'kb'), cache.generation);
    expect((await cache.get('a'))?.apiKey.id).toBe('ka');

    await stamps.advance(changed);
    expect(await cache.get('a')).toBeUndefined();
    expect(cache.usage().entries).toBe(1);
    expect((await cache.get('b'))?.apiKey.id).toBe('kb');

    await cache.set('a', authFor(changed, 'ka2'), cache.generation);
    expect((await cache.get('a'))?.apiKey.id).toBe('ka2');
  });

  it('has a write answer only once its organization’s stamp has moved', async () => {
    const stamps = await redisStamps();
    const db = await getDb();
    const organization = await createOrganization(db, { name: `Stamped ${Date.now()}` });
    const before = await stamps.read(organization.id);
    await updateOrganizationSettings(db, organization, { name: 'Stamped, renamed' });
    expect(await stamps.read(organization.id)).not.toBe(before);
    const key = `boardkit:${await installationId(db)}:organization-stamp:${organization.id}`;
    const ttl = await redisConnection()!.pttl(key);
    expect(ttl).toBeGreaterThan(STAMP_TTL_MS - 60_000);
    expect(ttl).toBeLessThanOrEqual(STAMP_TTL_MS);
  });

  it('reads no stamp, at once, while Redis is away', async () => {
    process.env.REDIS_URL = 'redis://127.0.0.1:1';
    resetEnvCache();
    try {
      const stamps = organizationStamps(await getDb())!;
      const started = performance.now();
      expect(await stamps.read(1)).toBeUndefined();
      expect(performance.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS / 2);
    } finally {
      await closeRedisConnections();
    }
  });

  it('serves by the feed alone while the stamps cannot be read', async () => {
    const away: OrganizationStamps = { read: async () => undefined, advance: async () => {} };
    const cache = keyCache(manualFeed(), 1024 * 1024, away);
    await cache.set('a', authFor(1, 'ka'), cache.generation);
    expect((await cache.get('a'))?.apiKey.id).toBe('ka');
  });
});

describe('one cache per process', () => {
  // A production build gives each route bundle its own copy of these modules (vi.resetModules makes
  // a second copy here): every copy must find the same feed and the same entries.
  it('is shared by every copy of the modules', async () => {
    const first = await import('@/db/client');
    const { keyCacheFor, organizationCacheFor } = await import('./feed-cache');
    const db = await first.getDb();
    vi.resetModules();
    const second = await import('@/db/client');
    const copy = await import('./feed-cache');
    expect(second).not.toBe(first);
    expect(second.organizationChangeFeed(db)).toBe(first.organizationChangeFeed(db));
    expect(copy.keyCacheFor(db)).toBe(keyCacheFor(db));
    expect(copy.organizationCacheFor(db)).toBe(organizationCacheFor(db));
  });
});
