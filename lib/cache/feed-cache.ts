import type { ChangeFeed } from '@/db/change-feed';
import { type Database, organizationChangeFeed } from '@/db/client';
import type { ApiKey, Organization } from '@/db/schema';

/** A safety net only: notifications invalidate entries the moment a change commits. */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  expiresAt: number;
}

/**
 * Rows derived from an organization's row, kept in memory so a hot request need not query before it
 * can answer. It serves entries only while the database's change feed is live, and forgets an
 * organization's entries when the feed reports a change to the organization or to one of its keys.
 */
export class FeedCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly keysByOrganization = new Map<number, Set<string>>();
  /** Bumped on every invalidation, so a lookup that raced one is not stored. */
  generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly organizationOf: (value: T) => number,
  ) {
    feed.subscribe((organizationId) => this.forget(organizationId));
  }

  get(key: string, now = Date.now()): T | undefined {
    if (!this.feed.live) return undefined;
    const entry = this.entries.get(key);
    return entry && entry.expiresAt > now ? entry.value : undefined;
  }

  /** Stores a lookup that began at `generation`, unless an invalidation came in between. */
  set(key: string, value: T, generation: number, now = Date.now()): void {
    if (!this.feed.live || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.forget(null);
    this.entries.set(key, { value, expiresAt: now + ENTRY_TTL_MS });
    const orgId = this.organizationOf(value);
    let keys = this.keysByOrganization.get(orgId);
    if (!keys) {
      keys = new Set();
      this.keysByOrganization.set(orgId, keys);
    }
    keys.add(key);
  }

  /** Forgets one organization's entries, or every entry when `organizationId` is null. */
  forget(organizationId: number | null): void {
    this.generation++;
    if (organizationId === null) {
      this.entries.clear();
      this.keysByOrganization.clear();
      return;
    }
    for (const key of this.keysByOrganization.get(organizationId) ?? []) this.entries.delete(key);
    this.keysByOrganization.delete(organizationId);
  }
}

export interface AuthenticatedKey {
  apiKey: ApiKey;
  organization: Organization;
}

interface Caches {
  /** What each API key hash authenticated to (the key, its organization and its revision). */
  keys: FeedCache<AuthenticatedKey>;
  /** Organizations by slug, for the keyless board routes. */
  organizations: FeedCache<Organization>;
}

// Process-wide, as the database is (see db/client.ts): each route bundle's copy of this module must
// serve and forget the same entries.
const globalForCaches = globalThis as typeof globalThis & {
  __boardkitFeedCaches?: WeakMap<Database, Caches>;
};
globalForCaches.__boardkitFeedCaches ??= new WeakMap();
const caches = globalForCaches.__boardkitFeedCaches;

/** The database's caches, or undefined when its driver has no change feed (then: no caching). */
function cachesFor(db: Database): Caches | undefined {
  let found = caches.get(db);
  if (!found) {
    const feed = organizationChangeFeed(db);
    if (!feed) return undefined;
    found = {
      keys: new FeedCache(feed, (auth) => auth.organization.id),
      organizations: new FeedCache(feed, (organization) => organization.id),
    };
    caches.set(db, found);
  }
  return found;
}

export const keyCacheFor = (db: Database) => cachesFor(db)?.keys;
export const organizationCacheFor = (db: Database) => cachesFor(db)?.organizations;

/**
 * Called by this process right after it commits a change to an organization, its keys or its jobs,
 * so its next request sees the change without waiting for the notification, and, where the
 * database does not notify by itself, other processes hear of it.
 */
export function forgetCachedOrganization(db: Database, organizationId: number): void {
  organizationChangeFeed(db)?.announce(organizationId);
  const found = caches.get(db);
  found?.keys.forget(organizationId);
  found?.organizations.forget(organizationId);
}
