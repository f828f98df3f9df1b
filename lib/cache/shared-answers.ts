import type { RevisionKey } from './revision-cache';
import { type SharedStore, sharedStore } from './shared-store';

export interface Codec<T> {
  encode(value: T): Buffer;
  decode(stored: Buffer): T | undefined;
}

/**
 * Answers computed per (organization, revision, key), kept in the deployment's Redis (REDIS_URL), so
 * an instance asking first for what another already computed makes no query. A tier under a
 * RevisionCache: without Redis there is nothing to share, and each process's RevisionCache is the
 * only copy. Entries stay half the TTL, so an answer taken from Redis and then kept by a
 * RevisionCache is at most 1.5 times the TTL old.
 */
export class SharedAnswers<T> {
  constructor(
    private readonly namespace: string,
    private readonly ttlMs: number,
    private readonly codec: Codec<T>,
  ) {}

  async get(organization: RevisionKey, key: string): Promise<T | undefined> {
    const stored = await this.store()?.get(this.keyOf(organization, key));
    return stored && this.codec.decode(stored);
  }

  async set(organization: RevisionKey, key: string, value: T): Promise<void> {
    await this.store()?.set(this.keyOf(organization, key), this.codec.encode(value), this.ttlMs / 2);
  }

  private store(): SharedStore | undefined {
    const store = sharedStore(this.namespace, 0);
    return store.driver === 'redis' ? store : undefined;
  }

  private keyOf(organization: RevisionKey, key: string): string {
    return `${organization.id}:${organization.revision}|${key}`;
  }
}
