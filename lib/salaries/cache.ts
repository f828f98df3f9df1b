import { RevisionCache, type RevisionKey } from '@/lib/cache/revision-cache';

/** Salary statistics stay at most this old: expiries change which jobs are live without a write. */
export const SALARY_CACHE_TTL_MS = 60_000;

const cache = new RevisionCache<unknown>({ ttlMs: SALARY_CACHE_TTL_MS, maxEntries: 1_000 });

export function cachedByRevision<T>(organization: RevisionKey, compute: () => Promise<T>): Promise<T> {
  return cache.get(organization, 'salaries', compute) as Promise<T>;
}

export function clearSalaryCache(): void {
  cache.clear();
}
