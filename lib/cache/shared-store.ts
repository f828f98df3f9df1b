import type Redis from 'ioredis';
import { getDb } from '@/db/client';
import { installationId } from '@/db/installation';
import { redisConnection } from '@/lib/core/redis';
import { type BoundedCache, registerCache } from './revision-cache';

/**
 * Bytes kept under a key until a deadline: this process's memory by default, the deployment's Redis
 * with REDIS_URL, so what one instance stored another answers from. Keys are never overwritten with
 * other meanings (callers put the organization's revision in them), so no invalidation is needed:
 * a write bumps the revision, and the next request asks for a new key. A store that cannot answer
 * (Redis away) answers nothing, and callers render as if it were empty.
 */
export interface SharedStore {
  readonly driver: 'memory' | 'redis';
  get(key: string): Promise<Buffer | undefined>;
  set(key: string, value: Buffer, ttlMs: number): Promise<void>;
  /**
   * True for the first caller to claim `key` until `ttlMs` pass, on any instance sharing the store:
   * one of them does a piece of work. True too when the store cannot answer (the work is done here).
   */
  claim(key: string, ttlMs: number): Promise<boolean>;
}

const CLAIMED = Buffer.alloc(0);

interface MemoryEntry {
  value: Buffer;
  expiresAt: number;
}

/** Least recently used entries go first once their bytes pass `maxBytes`. */
export class MemoryStore implements SharedStore, BoundedCache {
  readonly driver = 'memory';
  private readonly entries = new Map<string, MemoryEntry>();
  private bytes = 0;

  constructor(
    readonly maxBytes: number,
    readonly name = 'shared store',
  ) {}

  usage(): { bytes: number; entries: number } {
    return { bytes: this.bytes, entries: this.entries.size };
  }

  async get(key: string): Promise<Buffer | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.remove(key);
    if (entry.expiresAt <= Date.now()) return undefined;
    this.entries.set(key, entry);
    this.bytes += entry.value.length;
    return entry.value;
  }

  async set(key: string, value: Buffer, ttlMs: number): Promise<void> {
    this.remove(key);
    if (value.length > this.maxBytes || ttlMs <= 0) return;
    this.entries.set(key, { value, expiresAt: Date.now() + ttlMs });
    this.bytes += value.length;
    for (const oldest of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    if (await this.get(key)) return false;
    await this.set(key, CLAIMED, ttlMs);
    return true;
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.value.length;
  }
}

/** Redis expires each key itself at its deadline (PX). */
export class RedisStore implements SharedStore {
  readonly driver = 'redis';

  constructor(
    private readonly redis: Redis,
    private readonly prefix: () => Promise<string>,
  ) {}

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return (await this.redis.getBuffer(`${await this.prefix()}:${key}`)) ?? undefined;
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: Buffer, ttlMs: number): Promise<void> {
    if (ttlMs <= 0) return;
    try {
      await this.redis.set(`${await this.prefix()}:${key}`, value, 'PX', Math.ceil(ttlMs));
    } catch {
      // Not kept: the next request renders again.
    }
  }

  async claim(key: string, ttlMs: number): Promise<boolean> {
    try {
      return (
        (await this.redis.set(`${await this.prefix()}:${key}`, CLAIMED, 'PX', Math.ceil(ttlMs), 'NX')) ===
        'OK'
      );
    } catch {
      return true;
    }
  }
}

/** One stored value: its metadata's length (4 bytes), the metadata as JSON, then its bytes. */
export function frame(meta: unknown, bytes: Uint8Array): Buffer {
  const json = Buffer.from(JSON.stringify(meta));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([length, json, bytes]);
}

/** What `frame` stored, or undefined for bytes it did not write. */
export function unframe<Meta>(stored: Buffer): { meta: Meta; bytes: Buffer } | undefined {
  try {
    const length = stored.readUInt32BE(0);
    return {
      meta: JSON.parse(stored.subarray(4, 4 + length).toString()) as Meta,
      bytes: stored.subarray(4 + length),
    };
  } catch {
    return undefined;
  }
}

// Process-wide, as the database is: every route bundle's copy of this module shares one store.
const globalForStores = globalThis as typeof globalThis & {
  __boardkitSharedStores?: Map<string, SharedStore>;
};
globalForStores.__boardkitSharedStores ??= new Map();
const stores = globalForStores.__boardkitSharedStores;

/**
 * The store of one kind of entry (`namespace`): in Redis under `boardkit:{installation}:{namespace}`
 * when REDIS_URL is set (deployments sharing one Redis keep apart), else in memory up to `maxBytes`.
 */
export function sharedStore(namespace: string, maxBytes: number): SharedStore {
  let store = stores.get(namespace);
  if (!store) {
    const redis = redisConnection();
    if (redis) {
      store = new RedisStore(
        redis,
        async () => `boardkit:${await installationId(await getDb())}:${namespace}`,
      );
    } else {
      const memory = new MemoryStore(maxBytes, `shared store: ${namespace}`);
      // A store bounded at 0 (SharedAnswers without Redis) keeps nothing.
      if (maxBytes > 0) registerCache(memory);
      store = memory;
    }
    stores.set(namespace, store);
  }
  return store;
}

/** Tests: forgets every store, so the next one follows the current environment. */
export function resetSharedStores(): void {
  for (const store of stores.values()) if (store instanceof MemoryStore) store.clear();
  stores.clear();
}
