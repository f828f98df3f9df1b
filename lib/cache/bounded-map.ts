import { type BoundedCache, ENTRY_OVERHEAD_BYTES, estimateBytes, registerCache } from './revision-cache';

/**
 * A synchronous per-process cache by string key, bounded by its entries' estimated bytes (measured
 * once, when stored): the least recently used go first past `maxBytes`. For lookups that need no
 * revision (user agents, hosts, compiled schemas); reported by GET /bench/memory like the others.
 */
export class BoundedMap<V> implements BoundedCache {
  private readonly entries = new Map<string, { value: V; bytes: number }>();
  private bytes = 0;

  constructor(
    readonly name: string,
    readonly maxBytes: number,
    /** A value's size, when `estimateBytes` (its JSON) would misjudge or cannot read it. */
    private readonly sizeOf: (value: V) => number = estimateBytes,
  ) {
    registerCache(this);
  }

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: V): void {
    this.delete(key);
    const bytes = key.length + this.sizeOf(value) + ENTRY_OVERHEAD_BYTES;
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { value, bytes });
    this.bytes += bytes;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  usage(): { bytes: number; entries: number } {
    return { bytes: this.bytes, entries: this.entries.size };
  }
}
