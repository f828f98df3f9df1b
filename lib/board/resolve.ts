import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { prepared } from '@/db/prepared';
import { jobs, type Organization, organizations } from '@/db/schema';
import { BoundedMap } from '@/lib/cache';
import type { Db } from '@/lib/core/transaction';
import { isLive } from '@/lib/jobs';
import { cachedOrganizationBySlug } from '@/lib/organizations';

const CUSTOM_DOMAIN_TTL_MS = 30_000;
const customDomains = new BoundedMap<{ slug: string | null; expiresAt: number }>(
  'custom domain hosts',
  2 * 1024 * 1024,
);

/**
 * The slug of the board a verified custom domain serves, or null. Cached briefly (unknown hosts
 * too, so a flood of made-up hosts costs one query each per 30 s): a domain verified or removed
 * takes effect within that time.
 */
export async function slugForCustomDomain(db: Db, host: string, now = Date.now()): Promise<string | null> {
  const hit = customDomains.get(host);
  if (hit && hit.expiresAt > now) return hit.slug;
  const [row] = await db
    .select({ slug: organizations.slug })
    .from(organizations)
    .where(and(eq(organizations.customDomain, host), isNotNull(organizations.customDomainVerifiedAt)))
    .limit(1);
  customDomains.set(host, { slug: row?.slug ?? null, expiresAt: now + CUSTOM_DOMAIN_TTL_MS });
  return row?.slug ?? null;
}

/** Test hook. */
export function forgetCustomDomains(): void {
  customDomains.clear();
}

/**
 * The organization of a board's slug as it appears in an address (encoded, any case), or undefined:
 * the one way every board request finds its board, from memory while the change feed is live.
 */
export async function boardBySlug(db: Database, slug: string): Promise<Organization | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(slug).toLowerCase();
  } catch {
    return undefined;
  }
  return cachedOrganizationBySlug(db, decoded);
}

export type JobPageState = 'live' | 'expired' | 'missing';

/**
 * What a job page answers: live (200), expired (410, once published and now past its expiry or
 * taken offline), or missing (404: unknown, deleted, draft or pending).
 */
export async function jobPageState(db: Db, boardSlug: string, jobSlug: string): Promise<JobPageState> {
  const query = prepared(db, 'job_page_state', () =>
    db
      .select({ status: jobs.status, expiresAt: jobs.expiresAt, publishedAt: jobs.publishedAt })
      .from(jobs)
      .where(
        and(
          eq(
            jobs.organizationId,
            sql`(select id from organizations where slug = ${sql.placeholder('boardSlug')})`,
          ),
          eq(jobs.slug, sql.placeholder('jobSlug')),
        ),
      )
      .limit(1)
      .prepare('job_page_state'),
  );
  const [job] = await query.execute({ boardSlug, jobSlug });
  if (!job) return 'missing';
  if (isLive(job)) return 'live';
  return job.status === 'active' || job.status === 'expired' ? 'expired' : 'missing';
}
