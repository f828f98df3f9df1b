/**
 * Per-process cache of salary statistics, one entry per organization, keyed on the organization's
 * `jobsRevision` (bumped in the same transaction as every job write) and kept at most 60 s, because
 * a job's expiry passing changes which jobs are live without any write.
 */

export const SALARY_CACHE_TTL_MS = 60_000;
/** Enough for every busy board; the least recently stored entry goes first. */
const MAX_ENTRIES = 1_000;

interface Entry<T> {
  revision: number;
  expiresAt: number;
  /** A promise, so concurrent requests for one board share a single computation. */
  value: Promise<T>;
}

const entries = new Map<number, Entry<unknown>>();

export interface CacheKey {
  id: number;
  jobsRevision: number;
}

/**
 * The cached value for this organization, or `compute()`'s result, stored. An entry computed at a
 * newer revision also answers an older one: it was computed after that revision was committed.
 * A failed computation is not kept.
 */
export function cachedByRevision<T>(organization: CacheKey, compute: () => Promise<T>): Promise<T> {
  const now = Date.now();
  const hit = entries.get(organization.id) as Entry<T> | undefined;
  if (hit && hit.revision >= organization.jobsRevision && hit.expiresAt > now) return hit.value;

  const entry: Entry<T> = {
    revision: organization.jobsRevision,
    expiresAt: now + SALARY_CACHE_TTL_MS,
    value: compute(),
  };
  entries.delete(organization.id);
  entries.set(organization.id, entry);
  if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entry.value.catch(() => {
    if (entries.get(organization.id) === entry) entries.delete(organization.id);
  });
  return entry.value;
}

/** Forgets every entry (tests: organization ids repeat across per-file test databases). */
export function clearSalaryCache(): void {
  entries.clear();
}
