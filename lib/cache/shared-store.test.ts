import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { installationId } from '@/db/installation';
import { resetEnvCache } from '@/lib/core/env';
import { closeRedisConnections, redisConnection } from '@/lib/core/redis';
import { testRedisUrl, upstashTestsCanRun } from '@/test/fixtures/upstash-rest';
import { MemoryStore, RedisStore, resetSharedStores, sharedStore } from './shared-store';

const redisAvailable = await upstashTestsCanRun();
const bytes = (text: string) => Buffer.from(text);

afterEach(() => {
  vi.useRealTimers();
  delete process.env.REDIS_URL;
  resetEnvCache();
  resetSharedStores();
});

describe('MemoryStore', () => {
  it('answers an entry until its deadline, then nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = new MemoryStore(1024);
    await store.set('a', bytes('page'), 1000);
    vi.advanceTimersByTime(999);
    expect((await store.get('a'))?.toString()).toBe('page');
    vi.advanceTimersByTime(1);
    expect(await store.get('a')).toBeUndefined();
  });

  it('drops the least recently used entries once its bytes pass the bound, and never keeps a larger entry', async () => {
    const store = new MemoryStore(10);
    await store.set('a', bytes('aaaa'), 60_000);
    await store.set('b', bytes('bbbb'), 60_000);
    await store.get('a');
    await store.set('c', bytes('cccc'), 60_000);
    expect(await store.get('b')).toBeUndefined();
    expect((await store.get('a'))?.toString()).toBe('aaaa');
    expect((await store.get('c'))?.toString()).toBe('cccc');
    await store.set('huge', bytes('x'.repeat(11)), 60_000);
    expect(await store.get('huge')).toBeUndefined();
    expect((await store.get('a'))?.toString()).toBe('aaaa');
  });
});

describe('MemoryStore claims', () => {
  it('gives a key to its first claimer until the claim’s deadline', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const store = new MemoryStore(1024);
    expect(await store.claim('refresh', 1000)).toBe(true);
    expect(await store.claim('refresh', 1000)).toBe(false);
    expect(await store.claim('other', 1000)).toBe(true);
    vi.advanceTimersByTime(1000);
    expect(await store.claim('refresh', 1000)).toBe(true);
  });
});

describe('sharedStore', () => {
  it('is this process’s memory without REDIS_URL', () => {
    expect(sharedStore('page', 1024).driver).toBe('memory');
  });
});

describe.runIf(redisAvailable)('RedisStore', () => {
  afterAll(closeRedisConnections);

  it('is chosen with REDIS_URL and keeps entries under the installation’s id, expiring at their deadline', async () => {
    process.env.REDIS_URL = testRedisUrl;
    resetEnvCache();
    const store = sharedStore('test-page', 1024);
    expect(store.driver).toBe('redis');
    const key = randomUUID();
    await store.set(key, bytes('shared'), 5_000);
    const installation = await installationId(await getDb());
    const stored = `boardkit:${installation}:test-page:${key}`;
    const redis = redisConnection()!;
    expect((await redis.getBuffer(stored))?.toString()).toBe('shared');
    expect(await redis.pttl(stored)).toBeGreaterThan(4_000);
    // Another instance: a store of its own over the same Redis answers what this one stored.
    resetSharedStores();
    expect((await sharedStore('test-page', 1024).get(key))?.toString()).toBe('shared');
  });

  it('gives a claim to one instance of the deployment until its deadline', async () => {
    process.env.REDIS_URL = testRedisUrl;
    resetEnvCache();
    const key = randomUUID();
    const one = sharedStore('test-page', 1024);
    resetSharedStores();
    const other = sharedStore('test-page', 1024);
    const claims = await Promise.all([one.claim(key, 300), other.claim(key, 300), one.claim(key, 300)]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    await vi.waitFor(async () => expect(await other.claim(key, 300)).toBe(true), {
      timeout: 2000,
      interval: 100,
    });
  });

  it('answers nothing and keeps nothing when Redis does not answer, rather than failing', async () => {
    const away = new Redis('redis://127.0.0.1:1', {
      commandTimeout: 200,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      lazyConnect: true,
    });
    away.on('error', () => {});
    const store = new RedisStore(away, async () => 'boardkit:away');
    await expect(store.set('k', bytes('v'), 1000)).resolves.toBeUndefined();
    await expect(store.get('k')).resolves.toBeUndefined();
    // Work no instance could claim is done here rather than by nobody.
    await expect(store.claim('k', 1000)).resolves.toBe(true);
    away.disconnect();
  });
});
