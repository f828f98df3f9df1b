// What the board reads: only live jobs, published pages and posts, public data, always scoped to
// the board's organization. Lists are cached per organization revision (writes show at once) and
// for a few seconds at most (an expiry passing shows without a write).
import { and, asc, count, desc, eq, isNotNull, lte, ne, sql } from 'drizzle-orm';
import { authors, categories, cmsItems, jobs, locations, type Organization, pages } from '@/db/schema';
import { RevisionCache } from '@/lib/cache';
import { companiesWithLiveJobs } from '@/lib/companies';
import { type Db, executeRows } from '@/lib/core/transaction';
import { boardSalaryCurrency, getJobBySlug, listJobs, listSimilarJobs, liveJobCondition } from '@/lib/jobs';
import type { JobOut, ListJobsQuery } from '@/lib/jobs/schemas';
import { boardUrl } from '@/lib/organizations';
import { anonymousJobGate } from '@/lib/payments';

export const BOARD_PAGE_SIZE = 20;
/**
 * How the board's per-revision caches keep what they read: a few seconds at most, so an expiry passing
 * shows, and 512 KB of small lists (a board's categories, companies, links: a few KB each).
 */
export const BOARD_CACHE = { ttlMs: 5_000, maxBytes: 512 * 1024 };

export interface BoardJobList {
  jobs: JobOut[];
  total: number;
  /** The currency a minimum salary is in (lib/jobs `boardSalaryCurrency`). */
  salaryCurrency: string | null;
}

// A page of 20 jobs with their descriptions: 20–100 KB.
const jobLists = new RevisionCache<BoardJobList>({
  ...BOARD_CACHE,
  name: 'board job lists',
  maxBytes: 4 * 1024 * 1024,
});

/**
 * Live jobs, newest first (by relevance with `search`); the filters are the API's. A search reads
 * the descriptions an anonymous visitor reads, subscribers' too: the list is one cached answer for
 * everyone, and it must not tell which gated job holds a word. `perPage`: the jobs widget's count.
 */
export async function boardJobs(
  db: Db,
  org: Organization,
  filters: Omit<ListJobsQuery, 'status' | 'page' | 'per_page'>,
  page: number,
  perPage = BOARD_PAGE_SIZE,
): Promise<BoardJobList> {
  const query = { ...filters, status: 'active' as const, page, per_page: perPage };
  return jobLists.get(org, JSON.stringify(query), async () => {
    const [{ jobs, total }, salaryCurrency] = await Promise.all([
      listJobs(db, org, query, {
        newest: 'published',
        hiddenDescriptions: query.search ? await anonymousJobGate(db, [org.id]) : undefined,
        boardUrl: boardUrl(org),
      }),
      // The search form names it whether or not this search has a minimum salary (cached).
      boardSalaryCurrency(db, org),
    ]);
    return { jobs, total, salaryCurrency };
  });
}

export type BoardCompany = Awaited<ReturnType<typeof companiesWithLiveJobs>>[number];

const companyLists = new RevisionCache<BoardCompany[]>({ ...BOARD_CACHE, name: 'board company lists' });

/** The companies with live jobs, by name: the board's company index. */
export async function boardCompanies(db: Db, org: Organization): Promise<BoardCompany[]> {
  return companyLists.get(org, 'all', () => companiesWithLiveJobs(db, org.id));
}

export interface BoardJob {
  job: JobOut;
  location: typeof locations.$inferSelect | null;
}

/** A job by slug in any state; the page decides what each state shows. */
export async function boardJobBySlug(db: Db, org: Organization, slug: string): Promise<BoardJob | undefined> {
  const job = await getJobBySlug(db, org.id, slug);
  if (!job) return undefined;
  const location = job.location_id
    ? ((await db.select().from(locations).where(eq(locations.id, job.location_id)).limit(1))[0] ?? null)
    : null;
  return { job, location };
}

// One per job page visited: a few jobs, 10–25 KB.
const similarLists = new RevisionCache<JobOut[]>({
  ...BOARD_CACHE,
  name: 'board similar jobs',
  maxBytes: 2 * 1024 * 1024,
});

/** The live jobs most like `job` (listSimilarJobs), cached per job. */
export async function similarJobs(db: Db, org: Organization, job: Pick<JobOut, 'id'>, limit = 4) {
  return similarLists.get(org, `${job.id}:${limit}`, () =>
    listSimilarJobs(db, org.id, job.id, { limit, boardUrl: boardUrl(org) }),
  );
}

export interface BoardCategory {
  id: string;
  name: string;
  slug: string;
  parentId: string | null;
  jobs: number;
}

const categoryLists = new RevisionCache<BoardCategory[]>({ ...BOARD_CACHE, name: 'board category lists' });

/** Categories with their live job counts (a main category's count includes its sub-categories' jobs once). */
export async function boardCategories(db: Db, org: Organization): Promise<BoardCategory[]> {
  return categoryLists.get(org, 'all', async () => {
    const rows = await db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        parentId: categories.parentId,
        jobs: sql<number>`(select count(distinct jc.job_id)::int from job_categories jc join jobs on jobs.id = jc.job_id
          where ${liveJobCondition} and jc.category_id in (select c2.id from categories c2 where c2.id = ${categories.id} or c2.parent_id = ${categories.id}))`,
      })
      .from(categories)
      .where(eq(categories.organizationId, org.id))
      .orderBy(asc(categories.name));
    return rows;
  });
}

export interface BoardLocation {
  id: string;
  slug: string;
  name: string;
  displayName: string;
  jobs: number;
}

const locationLists = new RevisionCache<BoardLocation[]>({ ...BOARD_CACHE, name: 'board location lists' });

/** Resolved places (not remote regions) with at least one live job, busiest first. */
export async function boardLocations(db: Db, org: Organization): Promise<BoardLocation[]> {
  return locationLists.get(org, 'all', async () => {
    const rows = await db
      .select({
        id: locations.id,
        slug: locations.slug,
        name: locations.name,
        displayName: locations.displayName,
        jobs: count(jobs.id),
      })
      .from(locations)
      .innerJoin(jobs, and(eq(jobs.locationId, locations.id), liveJobCondition))
      .where(and(eq(locations.organizationId, org.id), ne(locations.locationType, 'remote')))
      .groupBy(locations.id)
      .orderBy(desc(count(jobs.id)), asc(locations.name));
    return rows;
  });
}

export type BoardPageKind = 'page' | 'blog_post';

const publishedPage = (org: Organization, kind: BoardPageKind, now: Date) =>
  and(
    eq(pages.organizationId, org.id),
    eq(pages.kind, kind),
    eq(pages.status, 'published'),
    isNotNull(pages.publishedAt),
    lte(pages.publishedAt, now),
  );

/** A published page or post (scheduled ones appear once `published_at` passes), with its author. */
export async function boardPage(
  db: Db,
  org: Organization,
  kind: BoardPageKind,
  slug: string,
  now = new Date(),
) {
  const [row] = await db
    .select({ page: pages, author: { name: authors.name, avatarUrl: authors.avatarUrl } })
    .from(pages)
    .leftJoin(authors, eq(authors.id, pages.authorId))
    .where(and(publishedPage(org, kind, now), eq(pages.slug, slug)))
    .limit(1);
  return row;
}

export const BLOG_PAGE_SIZE = 10;

export async function boardPosts(db: Db, org: Organization, page: number, now = new Date()) {
  const where = publishedPage(org, 'blog_post', now);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: pages.id,
        title: pages.title,
        slug: pages.slug,
        coverImage: pages.coverImage,
        metaDescription: pages.metaDescription,
        contentText: sql<string>`left(${pages.contentText}, 400)`,
        publishedAt: pages.publishedAt,
        updatedAt: pages.updatedAt,
        author: authors.name,
      })
      .from(pages)
      .leftJoin(authors, eq(authors.id, pages.authorId))
      .where(where)
      .orderBy(desc(pages.publishedAt), desc(pages.id))
      .limit(BLOG_PAGE_SIZE)
      .offset((page - 1) * BLOG_PAGE_SIZE),
    db.select({ total: count() }).from(pages).where(where),
  ]);
  return { posts: rows, total: total?.total ?? 0 };
}

const pageLinkLists = new RevisionCache<{ title: string; slug: string }[]>({
  ...BOARD_CACHE,
  name: 'board page links',
});

/** Custom pages for the footer of every board page, in title order. */
export async function boardPageLinks(db: Db, org: Organization) {
  return pageLinkLists.get(org, 'footer', () =>
    db
      .select({ title: pages.title, slug: pages.slug })
      .from(pages)
      .where(publishedPage(org, 'page', new Date()))
      .orderBy(asc(pages.title))
      .limit(20),
  );
}

export async function categoryBySlug(db: Db, org: Organization, slug: string) {
  const [row] = await db
    .select()
    .from(categories)
    .where(and(eq(categories.organizationId, org.id), eq(categories.slug, slug)))
    .limit(1);
  return row;
}

export async function locationBySlug(db: Db, org: Organization, slug: string) {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.organizationId, org.id), eq(locations.slug, slug)))
    .limit(1);
  return row;
}

/**
 * The first moment after `after` at which time alone changes what the board shows: a live job's
 * expiry, a scheduled page or post going out, a CMS item starting or ending. Null when none is due.
 */
export async function nextScheduledChange(db: Db, orgId: number, after: Date): Promise<Date | null> {
  const [row] = await executeRows<{ next: Date | string | null }>(
    db,
    sql`
    select least(
      (select min(${jobs.expiresAt}) from ${jobs}
        where ${jobs.organizationId} = ${orgId} and ${jobs.status} = 'active' and ${jobs.expiresAt} > ${after}),
      (select min(${pages.publishedAt}) from ${pages}
        where ${pages.organizationId} = ${orgId} and ${pages.status} = 'published' and ${pages.publishedAt} > ${after}),
      (select min(${cmsItems.startsAt}) from ${cmsItems}
        where ${cmsItems.organizationId} = ${orgId} and ${cmsItems.status} = 'published' and ${cmsItems.startsAt} > ${after}),
      (select min(${cmsItems.expiresAt}) from ${cmsItems}
        where ${cmsItems.organizationId} = ${orgId} and ${cmsItems.status} = 'published' and ${cmsItems.expiresAt} > ${after})
    ) as next`,
  );
  return row?.next ? new Date(row.next) : null;
}
