import type { CacheOutcome } from './revision-cache';

/** RFC 9211's response header: what our cache did with the request. */
export const CACHE_STATUS_HEADER = 'cache-status';

/**
 * The `Cache-Status` value for an outcome: `hit` (with `ttl`, the seconds of freshness left, only
 * when negative: a stale answer served while it is rendered again); `stored` (rendered for this request and kept);
 * `collapsed` (waited for another request's render of the same answer); `miss` (rendered, not kept:
 * not a 200, or not a kind of answer the cache holds); `bypass` (the cache does not serve this
 * request: it carries a cookie, asks for flight data, or the cache is off on this deployment).
 */
export function cacheStatus(outcome: CacheOutcome | 'miss' | 'bypass', ttlSeconds?: number): string {
  switch (outcome) {
    case 'hit':
      return ttlSeconds !== undefined && ttlSeconds < 0
        ? `Boardkit; hit; ttl=${ttlSeconds}`
        : 'Boardkit; hit';
    case 'stored':
      return 'Boardkit; fwd=miss; stored';
    case 'collapsed':
      return 'Boardkit; fwd=miss; collapsed';
    case 'miss':
      return 'Boardkit; fwd=miss';
    case 'bypass':
      return 'Boardkit; fwd=bypass';
  }
}
