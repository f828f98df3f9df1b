import { describe, expect, it, vi } from 'vitest';
import type { ChangeFeed } from '@/db/change-feed';
import type { ApiKey, Organization } from '@/db/schema';
import { type AuthenticatedKey, FeedCache } from './feed-cache';
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

const keyCache = (feed: ChangeFeed, maxBytes = 1024 * 1024) =>
  new FeedCache<AuthenticatedKey>(feed, {
    name: 'test keys',
    maxBytes,
    organizationOf: (auth) => auth.organization.id,
  });

describe('FeedCache', () => {
  it('serves a stored lookup until its organization changes', () => {
    const feed = manualFeed();
    const cache = keyCache(feed);
    cache.set('a', authFor(1, 'ka'), cache.generation);
    cache.set('b', authFor(2, 'kb'), cache.generation);
    expect(cache.get('a')?.apiKey.id).toBe('ka');

    feed.emit(1);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')?.apiKey.id).toBe('kb');

    feed.emit(null);
    expect(cache.get('b')).toBeUndefined();
  });

  it('does not store a lookup that an invalidation overtook', () => {
    const feed = manualFeed();
    const cache = keyCache(feed);
    const startedAt = cache.generation;
    feed.emit(1);
    cache.set('a', authFor(1, 'ka'), startedAt);
    expect(cache.get('a')).toBeUndefined();
  });

  it('serves and stores nothing while the feed is down', () => {
    const feed = manualFeed();
    const cache = keyCache(feed);
    cache.set('a', authFor(1, 'ka'), cache.generation);
    feed.live = false;
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', authFor(1, 'kb'), cache.generation);
    feed.live = true;
    expect(cache.get('b')).toBeUndefined();
  });

  it('drops the least recently used entries once their estimated bytes pass the bound', () => {
    // Each entry: one-letter key, a two-letter key id, a one-digit organization id.
    const entryBytes = estimateBytes(authFor(1, 'ka')) + 'a'.length + ENTRY_OVERHEAD_BYTES;
    const feed = manualFeed();
    const cache = keyCache(feed, 2.5 * entryBytes);
    cache.set('a', authFor(1, 'ka'), cache.generation);
    cache.set('b', authFor(2, 'kb'), cache.generation);
    expect(cache.usage()).toEqual({ bytes: 2 * entryBytes, entries: 2 });
    cache.get('a');
    cache.set('c', authFor(3, 'kc'), cache.generation);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')?.apiKey.id).toBe('ka');
    expect(cache.get('c')?.apiKey.id).toBe('kc');
    // The evicted entry left its organization's list: forgetting organization 2 finds nothing to drop.
    feed.emit(2);
    expect(cache.usage()).toEqual({ bytes: 2 * entryBytes, entries: 2 });
    feed.emit(1);
    expect(cache.usage()).toEqual({ bytes: entryBytes, entries: 1 });
  });

  it('lets entries lapse after a minute even without notifications', () => {
    const cache = keyCache(manualFeed());
    const now = Date.now();
    cache.set('a', authFor(1, 'ka'), cache.generation, now);
    expect(cache.get('a', now + 59_000)).toBeDefined();
    expect(cache.get('a', now + 60_000)).toBeUndefined();
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
