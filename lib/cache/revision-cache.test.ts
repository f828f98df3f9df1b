import { describe, expect, it } from 'vitest';
import { cacheReport, ENTRY_OVERHEAD_BYTES, estimateBytes, RevisionCache } from './revision-cache';

const org = { id: 1, revision: 1 };
// A string value counts its length, its key (`{org}:{key}`) and the entry's overhead.
const entryBytes = (key: string, value: string) =>
  value.length + `${org.id}:${key}`.length + ENTRY_OVERHEAD_BYTES;
const value = (letter: string) => letter.repeat(1000);
const oneEntry = entryBytes('a', value('a'));

const cacheOf = (entries: number, name = 'test strings') =>
  new RevisionCache<string>({ name, ttlMs: 60_000, maxBytes: entries * oneEntry });

/** What the cache answers for `key` now, and whether it had to compute it. */
async function read(cache: RevisionCache<string>, key: string) {
  let computed = false;
  const found = await cache.get(org, key, async () => {
    computed = true;
    return value(key);
  });
  return { found, computed };
}

describe('RevisionCache bytes', () => {
  it('counts each stored answer with its key, and drops the least recently used past its bound', async () => {
    const cache = cacheOf(2);
    await read(cache, 'a');
    await read(cache, 'b');
    expect(cache.usage()).toEqual({ bytes: 2 * oneEntry, entries: 2 });
    // A hit makes `a` the most recently used: `b` goes when `c` comes.
    expect((await read(cache, 'a')).computed).toBe(false);
    await read(cache, 'c');
    expect(cache.usage()).toEqual({ bytes: 2 * oneEntry, entries: 2 });
    expect((await read(cache, 'a')).computed).toBe(false);
    expect((await read(cache, 'c')).computed).toBe(false);
    expect((await read(cache, 'b')).computed).toBe(true);
  });

  it('answers but never keeps an answer bigger than its bound', async () => {
    const cache = cacheOf(1);
    await read(cache, 'a');
    const huge = await cache.get(org, 'huge', async () => 'x'.repeat(2 * oneEntry));
    expect(huge).toHaveLength(2 * oneEntry);
    expect(cache.usage()).toEqual({ bytes: oneEntry, entries: 1 });
    expect((await read(cache, 'a')).computed).toBe(false);
  });

  it('counts an answer replaced at a newer revision once', async () => {
    const cache = cacheOf(3);
    await read(cache, 'a');
    await cache.get({ id: org.id, revision: 2 }, 'a', async () => value('b'));
    expect(cache.usage()).toEqual({ bytes: oneEntry, entries: 1 });
  });

  it("takes an answer's size from `sizeOf` when given", async () => {
    const cache = new RevisionCache<{ body: Uint8Array }>({
      name: 'test bodies',
      ttlMs: 60_000,
      maxBytes: 10_000,
      sizeOf: ({ body }) => body.byteLength,
    });
    await cache.get(org, 'k', async () => ({ body: new Uint8Array(4000) }));
    expect(cache.usage().bytes).toBe(4000 + '1:k'.length + ENTRY_OVERHEAD_BYTES);
    await cache.get(org, 'l', async () => ({ body: new Uint8Array(7000) }));
    expect(cache.usage()).toEqual({ bytes: 7000 + '1:l'.length + ENTRY_OVERHEAD_BYTES, entries: 1 });
  });

  it('keeps a computation running for others while evicting, and counts it once settled', async () => {
    const cache = cacheOf(1);
    let finish: (text: string) => void = () => {};
    const slow = cache.get(org, 'a', () => new Promise<string>((resolve) => (finish = resolve)));
    await read(cache, 'b');
    const joined = cache.lookup(org, 'a', async () => 'not asked');
    finish(value('a'));
    expect(await slow).toBe(value('a'));
    expect(await joined).toEqual({ value: value('a'), outcome: 'collapsed' });
    expect(cache.usage()).toEqual({ bytes: oneEntry, entries: 1 });
    expect((await read(cache, 'a')).computed).toBe(false);
  });
});

describe('estimateBytes', () => {
  it('is a string’s or a buffer’s length, else the length of its JSON', () => {
    expect(estimateBytes('abcd')).toBe(4);
    expect(estimateBytes(Buffer.alloc(10))).toBe(10);
    expect(estimateBytes({ a: [1, 2] })).toBe('{"a":[1,2]}'.length);
    expect(estimateBytes(42)).toBe(8);
  });
});

describe('cacheReport', () => {
  it('lists every bounded cache by name, copies of one name summed, with the total', async () => {
    const first = cacheOf(2, 'report test');
    const second = cacheOf(2, 'report test');
    await read(first, 'a');
    const report = cacheReport();
    expect(report.caches.find((row) => row.name === 'report test')).toEqual({
      name: 'report test',
      instances: 2,
      max_bytes: 4 * oneEntry,
      bytes: oneEntry,
      entries: 1,
    });
    expect(report.total.max_bytes).toBe(report.caches.reduce((sum, row) => sum + row.max_bytes, 0));
    expect(report.total.bytes).toBeGreaterThanOrEqual(oneEntry);
    expect(second.usage().entries).toBe(0);
  });
});
