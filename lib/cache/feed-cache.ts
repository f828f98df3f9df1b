import type { ChangeFeed } from '@/db/change-feed';
import { type Database, organizationChangeFeed } from '@/db/client';
import type { ApiKey, Organization } from '@/db/schema';

export interface AuthenticatedKey {
  apiKey: ApiKey;
  organization: Organization;
}

/** A safety net only: notifications invalidate entries the moment a change commits. */
const ENTRY_TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;

interface Entry {
  auth: AuthenticatedKey;
  expiresAt: number;
}

/**
 * What each API key hash authenticated to (the key, its organization, the organization's
 * jobs_revision), so a request need not query before it can answer from a cache. It serves
 * entries only while the database's change feed is live, and forgets an organization's entries
 * when the feed reports a change to the organization or to one of its keys.
 */
export class KeyCache {
  private readonly entries = new Map<string, Entry>();
  private readonly hashesByOrganization = new Map<number, Set<string>>();
  /** Bumped on every invalidation, so a lookup that raced one is not stored. */
  generation = 0;

  constructor(private readonly feed: ChangeFeed) {
    feed.subscribe((organizationId) => this.forget(organizationId));
  }

  get(hash: string, now = Date.now()): AuthenticatedKey | undefined {
    if (!this.feed.live) return undefined;
    const entry = this.entries.get(hash);
    return entry && entry.expiresAt > now ? entry.auth : undefined;
  }

  /** Stores a lookup that began at `generation`, unless an invalidation came in between. */
  set(hash: string, auth: AuthenticatedKey, generation: number, now = Date.now()): void {
    if (!this.feed.live || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.forget(null);
    this.entries.set(hash, { auth, expiresAt: now + ENTRY_TTL_MS });
    const orgId = auth.organization.id;
    let hashes = this.hashesByOrganization.get(orgId);
    if (!hashes) {
      hashes = new Set();
      this.hashesByOrganization.set(orgId, hashes);
    }
    hashes.add(hash);
  }

  /** Forgets one organization's keys, or every key when `organizationId` is null. */
  forget(organizationId: number | null): void {
    this.generation++;
    if (organizationId === null) {
      this.entries.clear();
      this.hashesByOrganization.clear();
      return;
    }
    for (const hash of this.hashesByOrganization.get(organizationId) ?? []) this.entries.delete(hash);
    this.hashesByOrganization.delete(organizationId);
  }
}

const caches = new WeakMap<Database, KeyCache>();

/** The database's key cache, or undefined when its driver has no change feed (then: no caching). */
export function keyCacheFor(db: Database): KeyCache | undefined {
  let cache = caches.get(db);
  if (!cache) {
    const feed = organizationChangeFeed(db);
    if (!feed) return undefined;
    cache = new KeyCache(feed);
    caches.set(db, cache);
  }
  return cache;
}

/**
 * Called by this process right after it commits a change to an organization, its keys or its jobs,
 * so its next request sees the change without waiting for the notification.
 */
export function forgetCachedKeys(db: Database, organizationId: number): void {
  caches.get(db)?.forget(organizationId);
}
