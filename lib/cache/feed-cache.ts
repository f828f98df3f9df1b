import type { ChangeFeed } from '@/db/change-feed';
import { type Database, organizationChangeFeed } from '@/db/client';
import type { ApiKey, Organization } from '@/db/schema';
import { type OrganizationStamps, organizationStamps } from './organization-stamps';
import { type BoundedCache, ENTRY_OVERHEAD_BYTES, estimateBytes, registerCache } from './revision-cache';

/** A safety net only: notifications invalidate entries the moment a change commits. */
const ENTRY_TTL_MS = 60_000;
const MB = 1024 * 1024;

interface Entry<T> {
  value: T;
  expiresAt: number;
  organizationId: number;
  /** The organization's stamp when it was read (OrganizationStamps), where there are stamps. */
  stamp: string | undefined;
  bytes: number;
}

interface FeedCacheOptions<T> {
  /** What it holds, as GET /bench/memory reports it. */
  name: string;
  /** The bound on its entries' estimated bytes (`estimateBytes`): least recently used go first. */
  maxBytes: number;
  organizationOf: (value: T) => number;
  /** With REDIS_URL: an entry older than its organization's stamp is not served. */
  stamps?: OrganizationStamps;
}

/**
 * Rows derived from an organization's row, kept in memory so a hot request need not query before it
 * can answer. It serves entries only while the database's change feed is live, and forgets an
 * organization's entries when the feed reports a change to the organization or to one of its keys.
 * With stamps, it also checks each entry against its organization's stamp before serving it, so a
 * change another instance has answered for is seen here at once, not when the feed tells of it.
 */
export class FeedCache<T> implements BoundedCache {
  readonly name: string;
  readonly maxBytes: number;
  private readonly entries = new Map<string, Entry<T>>();
  private readonly keysByOrganization = new Map<number, Set<string>>();
  private bytes = 0;
  /** Bumped on every invalidation, so a lookup that raced one is not stored. */
  generation = 0;

  constructor(
    private readonly feed: ChangeFeed,
    private readonly options: FeedCacheOptions<T>,
  ) {
    this.name = options.name;
    this.maxBytes = options.maxBytes;
    feed.subscribe((organizationId) => this.forget(organizationId));
    registerCache(this);
  }

  usage(): { bytes: number; entries: number } {
    return { bytes: this.bytes, entries: this.entries.size };
  }

  async get(key: string, now = Date.now()): Promise<T | undefined> {
    if (!this.feed.live) return undefined;
    const entry = this.entries.get(key);
    if (!entry || entry.expiresAt <= now) return undefined;
    const stamp = await this.options.stamps?.read(entry.organizationId);
    if (stamp !== undefined && stamp !== entry.stamp) {
      this.forget(entry.organizationId);
      return undefined;
    }
    if (this.entries.get(key) !== entry) return undefined;
    // Most recently used last: eviction takes the first.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  /**
   * Stores a lookup that began at `generation`, unless an invalidation came in between. Its stamp is
   * read after the lookup: a write that lands between the two is one the feed is already telling of.
   */
  async set(key: string, value: T, generation: number, now = Date.now()): Promise<void> {
    if (!this.feed.live || generation !== this.generation) return;
    const organizationId = this.options.organizationOf(value);
    const stamp = await this.options.stamps?.read(organizationId);
    if (generation !== this.generation) return;
    this.remove(key);
    const bytes = estimateBytes(value) + key.length + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, expiresAt: now + ENTRY_TTL_MS, organizationId, stamp, bytes });
    this.bytes += bytes;
    let keys = this.keysByOrganization.get(organizationId);
    if (!keys) {
      keys = new Set();
      this.keysByOrganization.set(organizationId, keys);
    }
    keys.add(key);
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** Forgets one organization's entries, or every entry when `organizationId` is null. */
  forget(organizationId: number | null): void {
    this.generation++;
    if (organizationId === null) {
      this.entries.clear();
      this.keysByOrganization.clear();
      this.bytes = 0;
      return;
    }
    for (const key of this.keysByOrganization.get(organizationId) ?? []) this.remove(key);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
    const keys = this.keysByOrganization.get(entry.organizationId)!;
    keys.delete(key);
    if (keys.size === 0) this.keysByOrganization.delete(entry.organizationId);
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
    // An entry is a row or two as JSON: about 1 KB (0.9 KB for a key and its organization), more with
    // a board look of many settings: thousands of keys and organizations.
    const stamps = organizationStamps(db);
    found = {
      keys: new FeedCache(feed, {
        name: 'api keys',
        maxBytes: 4 * MB,
        organizationOf: (auth) => auth.organization.id,
        stamps,
      }),
      organizations: new FeedCache(feed, {
        name: 'organizations by slug',
        maxBytes: 2 * MB,
        organizationOf: (organization) => organization.id,
        stamps,
      }),
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
 * database does not notify by itself, other processes hear of it. Settles once the organization's
 * stamp has moved, so no instance answers from older rows after the write has answered.
 */
export async function forgetCachedOrganization(db: Database, organizationId: number): Promise<void> {
  organizationChangeFeed(db)?.announce(organizationId);
  const found = caches.get(db);
  found?.keys.forget(organizationId);
  found?.organizations.forget(organizationId);
  await organizationStamps(db)?.advance(organizationId);
}
