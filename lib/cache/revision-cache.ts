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
  /** The settled value's estimated size with its key's, counted in the cache's bytes. */
  bytes: number;
}

export interface RevisionKey {
  id: number;
  revision: number;
}

/** Where a cached answer came from (see `RevisionCache.lookup` and lib/http/cache-status.ts). */
export type CacheOutcome = 'hit' | 'collapsed' | 'stored';

export interface RevisionCacheOptions<T> {
  /** What it holds, as GET /bench/memory reports it. */
  name: string;
  ttlMs: number;
  /** The bound on its entries' estimated bytes (see `estimateBytes`): least recently used go first. */
  maxBytes: number;
  /** An answer's size in bytes, when `estimateBytes` would misjudge it (binary data inside an object). */
  sizeOf?: (value: T) => number;
}

/** A cache in this process whose memory is bounded, as GET /bench/memory reports it. */
export interface BoundedCache {
  readonly name: string;
  readonly maxBytes: number;
  usage(): { bytes: number; entries: number };
}

// Process-wide: each route bundle's copy of a module makes its own caches, and all of them count.
// Weakly: a cache dropped with its owner (a test's database, a module replaced in development) leaves.
const globalForCaches = globalThis as typeof globalThis & {
  __boardkitBoundedCaches?: Set<WeakRef<BoundedCache>>;
};
globalForCaches.__boardkitBoundedCaches ??= new Set();
const boundedCaches = globalForCaches.__boardkitBoundedCaches;

export function registerCache(cache: BoundedCache): void {
  boundedCaches.add(new WeakRef(cache));
}

export interface CacheReport {
  caches: { name: string; instances: number; max_bytes: number; bytes: number; entries: number }[];
  total: { max_bytes: number; bytes: number; entries: number };
}

/** Every bounded cache of this process, copies of one name (one per route bundle) summed. */
export function cacheReport(): CacheReport {
  const byName = new Map<string, CacheReport['caches'][number]>();
  for (const reference of boundedCaches) {
    const cache = reference.deref();
    if (!cache) {
      boundedCaches.delete(reference);
      continue;
    }
    const row = byName.get(cache.name) ?? {
      name: cache.name,
      instances: 0,
      max_bytes: 0,
      bytes: 0,
      entries: 0,
    };
    const { bytes, entries } = cache.usage();
    row.instances++;
    row.max_bytes += cache.maxBytes;
    row.bytes += bytes;
    row.entries += entries;
    byName.set(cache.name, row);
  }
  const caches = [...byName.values()].sort((a, b) => a.name.localeCompare(b.name));
  const sum = (field: 'max_bytes' | 'bytes' | 'entries') =>
    caches.reduce((total, row) => total + row[field], 0);
  return { caches, total: { max_bytes: sum('max_bytes'), bytes: sum('bytes'), entries: sum('entries') } };
}

// A Map slot, the entry object and the key string's header: what an entry costs besides its value.
export const ENTRY_OVERHEAD_BYTES = 100;

/**
 * An answer's size in bytes, taken once when it is stored: a string's length (one byte a character,
 * as V8 keeps Latin-1 text), a buffer's length, otherwise the length of its JSON. JSON is what answers
 * are made of here, and their objects take about 1.2 times their JSON on V8's heap when text dominates
 * (a page of jobs, measured), more when small numbers do.
 */
export function estimateBytes(value: unknown): number {
  if (typeof value === 'string') return value.length;
  if (ArrayBuffer.isView(value)) return value.byteLength;
  if (typeof value !== 'object' || value === null) return 8;
  return JSON.stringify(value).length;
}

const allCaches = new Set<RevisionCache<unknown>>();

export class RevisionCache<T> implements BoundedCache {
  readonly name: string;
  readonly maxBytes: number;
  private readonly entries = new Map<string, Entry<T>>();
  private bytes = 0;

  constructor(private readonly options: RevisionCacheOptions<T>) {
    this.name = options.name;
    this.maxBytes = options.maxBytes;
    allCaches.add(this as RevisionCache<unknown>);
    registerCache(this);
  }

  usage(): { bytes: number; entries: number } {
    return { bytes: this.bytes, entries: this.entries.size };
  }

  /**
   * The cached value, or `compute()`'s result, stored. An entry computed at a newer revision also
   * answers an older one: it was computed after that revision was committed. Failures are not kept.
   * Only the settled value is kept, never its promise: a promise created while serving a request
   * carries that request's async context (and through it the request and response objects), which
   * a long-lived cache entry would otherwise keep alive.
   */
  async get(
    organization: RevisionKey,
    key: string,
    compute: () => Promise<T>,
    advance?: (stale: T) => Promise<T | undefined>,
  ): Promise<T> {
    return (await this.lookup(organization, key, compute, advance)).value;
  }

  /**
   * As `get`, saying where the value came from: `hit` (kept), `collapsed` (joined a computation
   * already running for another request) or `stored` (computed for this call and kept). With
   * `advance`, an entry of an older revision is first offered to it: what it answers (the stale value
   * carried over the writes since, or undefined when it cannot tell) is kept until the stale value's
   * own time was up, and only then is the value computed again.
   */
  async lookup(
    organization: RevisionKey,
    key: string,
    compute: () => Promise<T>,
    advance?: (stale: T) => Promise<T | undefined>,
  ): Promise<{ value: T; outcome: CacheOutcome }> {
    const now = Date.now();
    const id = `${organization.id}:${key}`;
    const hit = this.entries.get(id);
    if (hit && hit.revision >= organization.revision && hit.expiresAt > now) {
      if (hit.pending) return { value: await hit.pending, outcome: 'collapsed' };
      // Most recently used last: eviction takes the first.
      this.entries.delete(id);
      this.entries.set(id, hit);
      return { value: hit.value as T, outcome: 'hit' };
    }

    const stale = advance && hit && !hit.pending && hit.expiresAt > now ? hit : undefined;
    const entry: Entry<T> = {
      revision: organization.revision,
      expiresAt: stale?.expiresAt ?? now + this.options.ttlMs,
      bytes: 0,
    };
    entry.pending = stale
      ? advance!(stale.value as T).then((advanced) => {
          if (advanced !== undefined) return advanced;
          entry.expiresAt = Date.now() + this.options.ttlMs;
          return compute();
        })
      : compute();
    this.remove(id);
    this.entries.set(id, entry);
    try {
      const value = await entry.pending!;
      entry.value = value;
      if (this.entries.get(id) === entry) this.keep(id, entry, value);
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
    this.bytes = 0;
  }

  /** Counts a settled entry's bytes, then drops least recently used entries past the bound. */
  private keep(id: string, entry: Entry<T>, value: T): void {
    entry.bytes = (this.options.sizeOf ?? estimateBytes)(value) + id.length + ENTRY_OVERHEAD_BYTES;
    if (entry.bytes > this.maxBytes) {
      this.entries.delete(id);
      return;
    }
    this.bytes += entry.bytes;
    for (const [oldest, candidate] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      // Still computing: nothing counted yet, and other requests are waiting on it.
      if (!candidate.pending) this.remove(oldest);
    }
  }

  private remove(id: string): void {
    const entry = this.entries.get(id);
    if (!entry) return;
    this.entries.delete(id);
    this.bytes -= entry.bytes;
  }
}

/** Tests: organization ids repeat across per-file test databases. */
export function clearRevisionCaches(): void {
  for (const cache of allCaches) cache.clear();
}
