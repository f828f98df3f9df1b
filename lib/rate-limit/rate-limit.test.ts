import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { installationId } from '@/db/installation';
import { resetEnvCache } from '@/lib/core/env';
import { closeRedisConnections, redisConnection } from '@/lib/core/redis';
import { startUpstashRestFixture, testRedisUrl, upstashTestsCanRun } from '@/test/fixtures/upstash-rest';
import { createRateLimiter, rateLimitFor } from './index';
import { MemoryRateLimiter } from './memory';
import { RedisRateLimiter } from './redis';
import type { RateLimiter } from './types';
import { UpstashRateLimiter } from './upstash';

const HOUR = 3_600_000;
const upstashAvailable = await upstashTestsCanRun();

function contract(name: string, makeLimiter: () => RateLimiter) {
  describe(`${name} backend`, () => {
    it('allows up to the limit, then refuses until the window moves', async () => {
      const limiter = makeLimiter();
      const id = randomUUID();
      const results = [];
      // An hour-long window: crossing a window boundary mid-test would legitimately free a slot.
      for (let i = 0; i < 6; i++) results.push(await limiter.limit(id, 5, HOUR));
      expect(results.map((r) => r.success)).toEqual([true, true, true, true, true, false]);
      expect(results.map((r) => r.remaining)).toEqual([4, 3, 2, 1, 0, 0]);
      expect(results.every((r) => r.limit === 5)).toBe(true);
      const reset = results[5]!.reset;
      expect(reset).toBeGreaterThan(Date.now());
      expect(reset).toBeLessThanOrEqual(Date.now() + HOUR);
    });

    it('keeps identifiers apart', async () => {
      const limiter = makeLimiter();
      const a = randomUUID();
      const b = randomUUID();
      await limiter.limit(a, 1, HOUR);
      expect((await limiter.limit(a, 1, HOUR)).success).toBe(false);
      expect((await limiter.limit(b, 1, HOUR)).success).toBe(true);
    });

    it('peeks without counting', async () => {
      const limiter = makeLimiter();
      const id = randomUUID();
      expect(await limiter.peek(id, 2, HOUR)).toMatchObject({ success: true, limit: 2, remaining: 2 });
      await limiter.limit(id, 2, HOUR);
      for (let i = 0; i < 3; i++) {
        expect(await limiter.peek(id, 2, HOUR)).toMatchObject({ success: true, remaining: 1 });
      }
      await limiter.limit(id, 2, HOUR);
      const full = await limiter.peek(id, 2, HOUR);
      expect(full).toMatchObject({ success: false, remaining: 0 });
      expect(full.reset).toBeGreaterThan(Date.now());
      expect(full.reset).toBeLessThanOrEqual(Date.now() + HOUR);
    });

    it('frees capacity as the window slides', async () => {
      const limiter = makeLimiter();
      const id = randomUUID();
      // A 3 s window: the four calls must land in one window even on a loaded machine.
      const window = 3000;
      for (let i = 0; i < 3; i++) await limiter.limit(id, 3, window);
      expect((await limiter.limit(id, 3, window)).success).toBe(false);
      // After the window, nothing of the first calls counts any more.
      await new Promise((resolve) => setTimeout(resolve, window + 100));
      expect((await limiter.limit(id, 3, window)).success).toBe(true);
    });

    it('holds the limit for a burst across a window boundary', async () => {
      const limiter = makeLimiter();
      const id = randomUUID();
      const window = 2000;
      const until = (phase: number) =>
        new Promise((resolve) => setTimeout(resolve, (phase - (Date.now() % window) + window) % window));
      // Half the calls late in one clock window, the rest just after the next begins: a counter that
      // estimates the previous window lets one more through there.
      await until(1500);
      const results = [];
      for (let i = 0; i < 5; i++) results.push(await limiter.limit(id, 10, window));
      await until(100);
      for (let i = 0; i < 6; i++) results.push(await limiter.limit(id, 10, window));
      expect(results.map((r) => r.success)).toEqual([...Array(10).fill(true), false]);
      // The refusal says when the first call leaves the window, not a whole window later.
      expect(results[10]!.reset - Date.now()).toBeLessThan(window);
    });
  });
}

contract('memory', () => new MemoryRateLimiter());

describe.runIf(upstashAvailable)('upstash', () => {
  let fixture: Awaited<ReturnType<typeof startUpstashRestFixture>>;
  const token = 'test-token';
  const upstashPrefix = async () => `boardkit:upstash-test-${process.pid}:ratelimit`;

  beforeAll(async () => {
    fixture = await startUpstashRestFixture({ redisUrl: testRedisUrl, token });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  contract('upstash', () => new UpstashRateLimiter({ url: fixture.url, token }, upstashPrefix));

  it('is chosen when the Upstash variables are set, and keys under the installation', async () => {
    process.env.UPSTASH_REDIS_REST_URL = fixture.url;
    process.env.UPSTASH_REDIS_REST_TOKEN = token;
    resetEnvCache();
    try {
      const limiter = createRateLimiter();
      expect(limiter.name).toBe('upstash');
      const id = randomUUID();
      await limiter.limit(id, 5, HOUR);
      const installation = await installationId(await getDb());
      expect(await fixture.redis.keys(`boardkit:${installation}:ratelimit:${id}*`)).not.toHaveLength(0);
    } finally {
      delete process.env.UPSTASH_REDIS_REST_URL;
      delete process.env.UPSTASH_REDIS_REST_TOKEN;
      resetEnvCache();
    }
    expect(createRateLimiter().name).toBe('memory');
  });

  it('stores its counters in Redis, shared by every instance', async () => {
    const id = randomUUID();
    const one = new UpstashRateLimiter({ url: fixture.url, token }, upstashPrefix);
    const two = new UpstashRateLimiter({ url: fixture.url, token }, upstashPrefix);
    await one.limit(id, 2, HOUR);
    await two.limit(id, 2, HOUR);
    expect((await one.limit(id, 2, HOUR)).success).toBe(false);
    expect(await fixture.redis.keys(`${await upstashPrefix()}:${id}*`)).not.toHaveLength(0);
  });
});

describe.runIf(upstashAvailable)('redis', () => {
  afterAll(closeRedisConnections);

  const prefix = async () => `boardkit:test-${process.pid}:ratelimit`;
  contract('redis', () => new RedisRateLimiter(redisConnection(testRedisUrl)!, prefix));

  it('is chosen when REDIS_URL is set, after Upstash', async () => {
    process.env.REDIS_URL = testRedisUrl;
    resetEnvCache();
    try {
      expect(createRateLimiter().name).toBe('redis');
      // Under this installation's id: deployments sharing one Redis keep apart.
      const id = randomUUID();
      await createRateLimiter().limit(id, 5, HOUR);
      const installation = await installationId(await getDb());
      expect(await redisConnection()!.keys(`boardkit:*:ratelimit:${id}:*`)).toEqual([
        `boardkit:${installation}:ratelimit:${id}:${HOUR}`,
      ]);
      process.env.UPSTASH_REDIS_REST_URL = 'http://127.0.0.1:1';
      process.env.UPSTASH_REDIS_REST_TOKEN = 'token';
      resetEnvCache();
      expect(createRateLimiter().name).toBe('upstash');
    } finally {
      delete process.env.REDIS_URL;
      delete process.env.UPSTASH_REDIS_REST_URL;
      delete process.env.UPSTASH_REDIS_REST_TOKEN;
      resetEnvCache();
    }
  });

  it('counts one limit for every instance: 31 calls spread over two connections allow 30', async () => {
    const id = randomUUID();
    // Two connections stand for two processes behind a load balancer.
    const connections = [new Redis(testRedisUrl), new Redis(testRedisUrl)];
    try {
      const limiters = connections.map((redis) => new RedisRateLimiter(redis, prefix));
      const results = await Promise.all(
        Array.from({ length: 31 }, (_, i) => limiters[i % 2]!.limit(id, 30, HOUR)),
      );
      expect(results.filter((result) => result.success)).toHaveLength(30);
      const keys = await connections[0]!.keys(`${await prefix()}:${id}:*`);
      expect(keys).toHaveLength(1);
      const ttl = await connections[0]!.pttl(keys[0]!);
      expect(ttl).toBeGreaterThan(HOUR - 60_000);
      expect(ttl).toBeLessThanOrEqual(HOUR);
    } finally {
      for (const redis of connections) redis.disconnect();
    }
  });

  it('lets calls through when Redis does not answer, rather than failing them', async () => {
    // A port nothing listens on: every command fails after the connection's retries.
    const away = new Redis('redis://127.0.0.1:1', {
      commandTimeout: 200,
      maxRetriesPerRequest: 0,
      lazyConnect: true,
    });
    away.on('error', () => {});
    try {
      const limiter = new RedisRateLimiter(away, prefix);
      expect(await limiter.limit(randomUUID(), 1, HOUR)).toMatchObject({
        success: true,
        limit: 1,
        remaining: 0,
      });
      expect(await limiter.peek(randomUUID(), 1, HOUR)).toMatchObject({ success: true, remaining: 1 });
    } finally {
      away.disconnect();
    }
  });
});

describe('limits by method', () => {
  it.each([
    ['GET', null, 100],
    ['HEAD', null, 100],
    ['POST', null, 30],
    ['PUT', null, 30],
    ['PUT', { POST: 500 }, 30],
    ['PUT', { PUT: 500 }, 500],
    ['PATCH', null, 60],
    ['DELETE', null, 60],
    ['POST', { POST: 500 }, 500],
    ['GET', { POST: 500 }, 100],
  ] as const)('%s with overrides %j allows %i per minute', (method, overrides, expected) => {
    expect(rateLimitFor(method, overrides)).toBe(expected);
  });
});
