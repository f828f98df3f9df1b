/**
 * Per-process cache of answers derived from an organization's data, keyed on the organization's
 * `revision` (see organization-revision.ts) and kept at most `ttlMs`, because time alone (a job's
 * expiry passing) changes some answers without any write.
 */

interface Entry<T> {
  revision: number;
  expiresAt: number;
  /** While computing: shared, so concurrent requests for one key make a single computation. */
  pending?: Promise<T>;
  value?: T;
}

export interface RevisionKey {
  id: number;
  revision: number;
}

/** Where a cached answer came from (see `RevisionCache.lookup` and lib/http/cache-status.ts). */
export type CacheOutcome = 'hit' | 'collapsed' | 'stored';

const allCaches = new Set<RevisionCache<unknown>>();

export class RevisionCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly options: { ttlMs: number; maxEntries: number }) {
    allCaches.add(this as RevisionCache<unknown>);
  }

  /**
   * The cached value, or `compute()`'s result, stored. An entry computed at a newer revision also
   * answers an older one: it was computed after that revision was committed. Failures are not kept.
   * Only the settled value is kept, never its promise: a promise created while serving a request
   * carries that request's async context (and through it the request and response objects), which
   * a long-lived cache entry would otherwise keep alive.
   */
  async get(organization: RevisionKey, key: string, compute: () => Promise<T>): Promise<T> {
    return (await this.lookup(organization, key, compute)).value;
  }

  /**
   * As `get`, saying where the value came from: `hit` (kept), `collapsed` (joined a computation
   * already running for another request) or `stored` (computed for this call and kept).
   */
  async lookup(
    organization: RevisionKey,
    key: string,
    compute: () => Promise<T>,
  ): Promise<{ value: T; outcome: CacheOutcome }> {
    const now = Date.now();
    const id = `${organization.id}:${key}`;
    const hit = this.entries.get(id);
    if (hit && hit.revision >= organization.revision && hit.expiresAt > now) {
      return hit.pending
        ? { value: await hit.pending, outcome: 'collapsed' }
        : { value: hit.value as T, outcome: 'hit' };
    }

    const entry: Entry<T> = {
      revision: organization.revision,
      expiresAt: now + this.options.ttlMs,
      pending: compute(),
    };
    this.entries.delete(id);
    this.entries.set(id, entry);
    // Least recently stored goes first.
    if (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    try {
      const value = await entry.pending!;
      entry.value = value;
      return { value, outcome: 'stored' };
    } catch (error) {
      if (this.entries.get(id) === entry) this.entries.delete(id);
      throw error;
    } finally {
      entry.pending = undefined;
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

/** Tests: organization ids repeat across per-file test databases. */
export function clearRevisionCaches(): void {
  for (const cache of allCaches) cache.clear();
}
