import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map';
import { cacheReport, ENTRY_OVERHEAD_BYTES } from './revision-cache';

const entryBytes = (key: string, value: string) => key.length + value.length + ENTRY_OVERHEAD_BYTES;

describe('BoundedMap', () => {
  it('drops the least recently used entries once their bytes pass the bound', () => {
    const map = new BoundedMap<string>('bounded map test', 3 * entryBytes('a', 'x'.repeat(50)));
    map.set('a', 'x'.repeat(50));
    map.set('b', 'x'.repeat(50));
    map.set('c', 'x'.repeat(50));
    expect(map.get('a')).toBeDefined();
    map.set('d', 'x'.repeat(50));
    expect(map.get('b')).toBeUndefined();
    expect(['a', 'c', 'd'].map((key) => map.get(key) !== undefined)).toEqual([true, true, true]);
    expect(map.usage()).toEqual({ bytes: 3 * entryBytes('a', 'x'.repeat(50)), entries: 3 });
  });

  it('keeps nothing larger than its bound, replaces a key in place and reports itself', () => {
    const map = new BoundedMap<string>('bounded map report test', 500);
    map.set('big', 'x'.repeat(600));
    expect(map.get('big')).toBeUndefined();
    map.set('k', 'one');
    map.set('k', 'three');
    expect(map.usage()).toEqual({ bytes: entryBytes('k', 'three'), entries: 1 });
    expect(cacheReport().caches.find((cache) => cache.name === 'bounded map report test')).toMatchObject({
      max_bytes: 500,
      bytes: entryBytes('k', 'three'),
      entries: 1,
    });
  });
});
