import { and, count, desc, eq, gte, inArray, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { prepared } from '@/db/prepared';
import { jobs } from '@/db/schema';
import { RevisionCache, type RevisionKey } from '@/lib/cache';
import { expandCategoryRefs } from '@/lib/categories';
import { notFound } from '@/lib/core/errors';
import { type PageRequest, pageOffset } from '@/lib/core/pagination';
import { containsPattern } from '@/lib/core/sql-like';
import { DAY_MS } from '@/lib/core/time';
import type { Db } from '@/lib/core/transaction';
import { boardUrlFor, boardUrlOf } from '@/lib/organizations';
import { boardSalaryCurrency, jobSalary, salaryAtLeast } from './salary';
import type { JobOut, JobStatus, ListJobsQuery } from './schemas';
import { locationMatch, searchedJobs, searchMatch, searchPage } from './search';
import { boardOfJob, type JobRow, type JobWithRefs, jobColumns, jobWithRefs, toJobOut } from './serialize';
import { effectiveStatus, effectiveStatusSql } from './status';
import { type CountedTotal, carryTotal, countJobs } from './totals';

/** The job row, locked for the caller's transaction when `forUpdate`; 404 when missing. */
export async function findJob(db: Db, orgId: number, id: string, forUpdate = false): Promise<JobRow> {
  const query = db
    .select(jobColumns)
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, id)))
    .limit(1);
  const [job] = forUpdate ? await query.for('update') : await query;
  if (!job) throw notFound('Job');
  return job;
}

/** A job answer's columns, with its categories and its board's address, read in one statement. */
const jobAnswer = { ...jobWithRefs, board: boardOfJob };

const toAnswer = (row: JobWithRefs & { board: { slug: string; domain: string | null } }) =>
  toJobOut(row, boardUrlFor(row.board.slug, row.board.domain));

export async function getJob(db: Db, orgId: number, id: string): Promise<JobOut> {
  const query = prepared(db, 'get_job', () =>
    db
      .select(jobAnswer)
      .from(jobs)
      .where(and(eq(jobs.organizationId, sql.placeholder('orgId')), eq(jobs.id, sql.placeholder('id'))))
      .limit(1)
      .prepare('get_job'),
  );
  const [row] = await query.execute({ orgId, id });
  if (!row) throw notFound('Job');
  return toAnswer(row);
}

/** A job by its slug, in any state, or undefined: the board's job pages read it on every render. */
export async function getJobBySlug(db: Db, orgId: number, slug: string): Promise<JobOut | undefined> {
  const query = prepared(db, 'get_job_by_slug', () =>
    db
      .select(jobAnswer)
      .from(jobs)
      .where(and(eq(jobs.organizationId, sql.placeholder('orgId')), eq(jobs.slug, sql.placeholder('slug'))))
      .limit(1)
      .prepare('get_job_by_slug'),
  );
  const [row] = await query.execute({ orgId, slug });
  return row && toAnswer(row);
}

const postedWithinDays: Record<NonNullable<ListJobsQuery['posted_within']>, number> = {
  '24h': 1,
  '7d': 7,
  '14d': 14,
  '30d': 30,
  '90d': 90,
};

/**
 * GET /jobs: every filter combines with AND; search ranks by relevance, otherwise newest first: by
 * creation for the API (what integrators page through), by publication on the board (a job
 * approved today is new to visitors whenever it was drafted), featured jobs first there. The board
 * passes `hiddenDescriptions`, the jobs whose description its visitors may not read (searchMatch),
 * and `boardUrl`, which it has from the organization row it already read (else it is read here).
 * `salary_min` is in the board's salary currency (`boardSalaryCurrency`), answered as `salaryCurrency`.
 */
export async function listJobs(
  db: Db,
  organization: RevisionKey,
  query: ListJobsQuery & PageRequest,
  {
    now = new Date(),
    newest = 'created',
    hiddenDescriptions,
    boardUrl,
  }: { now?: Date; newest?: 'created' | 'published'; hiddenDescriptions?: SQL; boardUrl?: string } = {},
): Promise<{ jobs: JobOut[]; total: number; salaryCurrency?: string | null }> {
  const orgId = organization.id;
  const conditions: (SQL | undefined)[] = [eq(jobs.organizationId, orgId)];
  if (query.job_types?.length) conditions.push(inArray(jobs.jobType, query.job_types));
  if (query.locations?.length) {
    const job = searchedJobs();
    conditions.push(
      or(...query.locations.map((location) => locationMatch(job, sql`${containsPattern(location)}`))),
    );
  }
  if (query.categories?.length) {
    const ids = await expandCategoryRefs(db, orgId, query.categories);
    conditions.push(
      ids.length
        ? sql`exists (select 1 from job_categories jc where jc.job_id = "jobs"."id" and jc.category_id in ${ids})`
        : sql`false`,
    );
  }
  if (query.location_id) conditions.push(eq(jobs.locationId, query.location_id));
  if (query.company_id) conditions.push(eq(jobs.companyId, query.company_id));
  if (query.is_remote !== undefined) conditions.push(eq(jobs.isRemote, query.is_remote));
  if (query.posted_within) {
    conditions.push(
      gte(jobs.publishedAt, new Date(now.getTime() - postedWithinDays[query.posted_within] * DAY_MS)),
    );
  }
  if (query.date_from) conditions.push(gte(jobs.publishedAt, query.date_from));
  if (query.date_to) {
    // A bare date includes that whole day.
    const isMidnight = query.date_to.getTime() % DAY_MS === 0;
    conditions.push(
      isMidnight
        ? lt(jobs.publishedAt, new Date(query.date_to.getTime() + DAY_MS))
        : lte(jobs.publishedAt, query.date_to),
    );
  }
  if (query.status) conditions.push(sql`${effectiveStatusSql} = ${query.status}`);
  // The currency is a value, not a subquery: which currency is the board's depends on other jobs,
  // and a total carried across job writes (carryTotal) may only depend on each job's own row.
  let salaryCurrency: string | null | undefined;
  if (query.salary_min !== undefined) {
    salaryCurrency = await boardSalaryCurrency(db, organization);
    conditions.push(salaryAtLeast(jobSalary, query.salary_min, salaryCurrency));
  }

  const filters = and(...conditions)!;
  const search = query.search ? searchMatch(query.search, hiddenDescriptions) : undefined;
  const { limit, offset } = pageOffset(query);
  const rows = search
    ? await searchPage(db, filters, search, limit, offset)
    : await db
        .select(jobWithRefs)
        .from(jobs)
        .where(filters)
        .orderBy(
          ...(newest === 'published'
            ? [desc(jobs.featured), sql`${jobs.publishedAt} desc nulls last`]
            : [desc(jobs.createdAt)]),
          desc(jobs.id),
        )
        .limit(limit)
        .offset(offset);
  // A short first page is the whole result; otherwise count (cached, see jobTotals).
  const filtersKey = JSON.stringify({
    ...query,
    page: undefined,
    per_page: undefined,
    hidden: search && hiddenDescriptions ? true : undefined,
    salary_currency: salaryCurrency,
  });
  const total =
    offset === 0 && rows.length < limit
      ? rows.length
      : (
          await jobTotals.get(
            organization,
            filtersKey,
            () => countJobs(db, orgId, filters, search),
            (counted) =>
              carryTotal(
                db,
                orgId,
                counted,
                search
                  ? and(filters, search.substring ? or(search.document, search.substring) : search.document)!
                  : filters,
                Boolean(query.categories?.length),
              ),
          )
        ).total;
  const board = boardUrl ?? (await boardUrlOf(db, orgId));
  return { jobs: rows.map((row) => toJobOut(row, board, now)), total, salaryCurrency };
}

/**
 * API reads of jobs are answered from a cache of serialized responses per jobs revision (see
 * `cache` in lib/http/handler.ts). The TTL bounds how long a job whose expiry passes (no write)
 * still reads as active.
 */
export const JOB_READ_CACHE = { ttlMs: 30_000, maxBytes: 4 * 1024 * 1024 };

/**
 * Exact totals for pagination, per organization and filter set: counted once, then carried across
 * job writes (lib/jobs/totals.ts). Only expiry (the `status` filter) and `posted_within` move
 * without a write: a total may lag those by up to the TTL, after which it is counted again.
 */
const jobTotals = new RevisionCache<CountedTotal>({
  name: 'job list totals',
  ttlMs: 30_000,
  maxBytes: 1024 * 1024,
});

/** A job an employer member posted on the board, as their account and its status page show it. */
export interface MemberJob {
  id: string;
  title: string;
  slug: string;
  companyName: string;
  /** Effective: an active job past its expiry reads as expired. */
  status: JobStatus;
  featured: boolean;
  publishedAt: Date | null;
  expiresAt: Date | null;
  createdAt: Date;
  applications: number;
  /** The provider's page of a checkout for this job that is still open, to pay for it. */
  checkoutUrl: string | null;
}

/**
 * The jobs a member posted on the board (or the one `id`, if theirs), newest first. The counts and
 * the open checkout are read from the applications and checkout tables here: both domains build on
 * jobs, so importing either would turn the layers around.
 */
export async function jobsOfMember(
  db: Db,
  orgId: number,
  memberId: string,
  { id, now = new Date(), limit = 100 }: { id?: string; now?: Date; limit?: number } = {},
): Promise<MemberJob[]> {
  const rows = await db
    .select({
      id: jobs.id,
      title: jobs.title,
      slug: jobs.slug,
      companyName: jobs.companyName,
      status: jobs.status,
      featured: jobs.featured,
      publishedAt: jobs.publishedAt,
      expiresAt: jobs.expiresAt,
      createdAt: jobs.createdAt,
      // Spelled out: drizzle leaves a single-table select's own columns unqualified, which the
      // subqueries' tables would capture.
      applications: sql<number>`(select count(*)::int from applications a where a.job_id = "jobs"."id")`,
      checkoutUrl: sql<
        string | null
      >`(select cs.url from checkout_sessions cs where cs.job_id = "jobs"."id" and cs.status = 'open' order by cs.created_at desc limit 1)`,
    })
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.memberId, memberId), id ? eq(jobs.id, id) : undefined))
    .orderBy(desc(jobs.createdAt), desc(jobs.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, status: effectiveStatus(row, now) }));
}

/** How many of the organization's jobs are stored with `status` (the overview's pending review). */
export async function countJobsWithStatus(db: Db, orgId: number, status: JobStatus): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.status, status)));
  return row?.value ?? 0;
}
