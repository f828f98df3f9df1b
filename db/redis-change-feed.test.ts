// Where the database cannot LISTEN (Neon's driver, or pg with DATABASE_LISTEN_URL=off), Redis carries
// the changes instead. Two processes with the key cache over it: lib/auth/api-keys.test.ts.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { testRedisUrl, upstashTestsCanRun } from '@/test/fixtures/upstash-rest';
import { RedisChangeFeed } from './change-feed';

const redisAvailable = await upstashTestsCanRun();

describe('RedisChangeFeed', () => {
  it.runIf(redisAvailable)('delivers what one process announces to every subscribed process', async () => {
    const channel = `boardkit:test-${randomUUID()}:organization_changes`;
    const feeds = [0, 1].map(() => new RedisChangeFeed(testRedisUrl, async () => channel));
    const heard: (number | null)[][] = [[], []];
    for (const [index, feed] of feeds.entries()) feed.subscribe((id) => heard[index]!.push(id));
    try {
      await vi.waitFor(() => expect(feeds.every((feed) => feed.live)).toBe(true));
      feeds[0]!.announce(42);
      await vi.waitFor(() => expect(heard).toEqual([[42], [42]]));
    } finally {
      await Promise.all(feeds.map((feed) => feed.close()));
    }
    // Closed: not live, and what it served is forgotten (null).
    expect(feeds[1]!.live).toBe(false);
    expect(heard[1]).toEqual([42, null]);
  });

  it('is not live while Redis cannot be reached, so caches serve nothing', async () => {
    const feed = new RedisChangeFeed('redis://127.0.0.1:1', async () => 'boardkit:away:organization_changes');
    feed.subscribe(() => {});
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(feed.live).toBe(false);
    await feed.close();
  });
});
