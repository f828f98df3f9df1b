import { and, asc, desc, eq, gte, ilike, inArray, lt, lte, not, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { prepared } from '@/db/prepared';
import { type Category, type Job, jobCategories, jobs, type Location, locations } from '@/db/schema';
import { RevisionCache, type RevisionKey } from '@/lib/cache/revision-cache';
import type { CategoryRef } from '@/lib/categories/schemas';
import { expandCategoryRefs, findCategoryByRef, findOrCreateCategory } from '@/lib/categories/service';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { AppError, notFound } from '@/lib/core/errors';
import { isUuid } from '@/lib/core/ids';
import { type PageRequest, pageOffset } from '@/lib/core/pagination';
import { firstFreeSlug, slugify } from '@/lib/core/slug';
import { escapeLike } from '@/lib/core/sql-like';
import { type Db, transaction } from '@/lib/core/transaction';
import { invalid } from '@/lib/core/validation';
import { jobPin } from '@/lib/geo/service';
import { bumpJobsRevision } from '@/lib/organizations/service';
import { emitEvent } from '@/lib/webhooks/outbox';
import {
  type CreateJobInput,
  DEFAULT_JOB_LIFETIME_DAYS,
  type JobOut,
  type JobStatus,
  type JobType,
  jobConsistencyIssues,
  jobTypeEmployment,
  type ListJobsQuery,
  type UpdateJobInput,
} from './schemas';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Which status moves PATCH accepts. Setting the current status again is a no-op. */
export const allowedStatusMoves: Record<JobStatus, JobStatus[]> = {
  draft: ['pending', 'active', 'expired'],
  pending: ['active', 'draft', 'expired'],
  active: ['expired'],
  expired: ['active'],
};

/** An active job whose expiry has passed reads as expired everywhere. */
export function effectiveStatus(job: Pick<Job, 'status' | 'expiresAt'>, now = new Date()): JobStatus {
  if (job.status === 'active' && job.expiresAt && job.expiresAt <= now) return 'expired';
  return job.status as JobStatus;
}

const effectiveStatusSql = sql`(case when ${jobs.status} = 'active' and ${jobs.expiresAt} <= now() then 'expired' else ${jobs.status} end)`;

/** Live: active and not past its expiry. Public listings and salary statistics count only these. */
export const liveJobCondition = sql`(${jobs.status} = 'active' and (${jobs.expiresAt} is null or ${jobs.expiresAt} > now()))`;

export function toJobOut(job: Job, jobCategoryRefs: CategoryRef[], now = new Date()): JobOut {
  const main = jobCategoryRefs.find((category) => category.id === job.categoryId);
  return {
    id: job.id,
    title: job.title,
    description: job.description,
    company_name: job.companyName,
    slug: job.slug,
    location: job.location,
    location_id: job.locationId,
    coordinates:
      job.latitude !== null && job.longitude !== null
        ? {
            latitude: job.latitude,
            longitude: job.longitude,
            precision: job.coordinatesPrecision as 'address' | 'location',
          }
        : null,
    job_type: job.jobType as JobOut['job_type'],
    employment_type: job.jobType ? jobTypeEmployment[job.jobType as JobType] : null,
    status: effectiveStatus(job, now),
    is_remote: job.isRemote,
    salary_min: job.salaryMin === null ? null : Number(job.salaryMin),
    salary_max: job.salaryMax === null ? null : Number(job.salaryMax),
    salary_currency: job.salaryCurrency,
    salary_period: job.salaryPeriod as JobOut['salary_period'],
    contact_email: job.contactEmail,
    how_to_apply: job.howToApply,
    how_to_apply_method: job.howToApplyMethod as JobOut['how_to_apply_method'],
    company_website: job.companyWebsite,
    category: main?.name ?? null,
    category_id: job.categoryId,
    categories: [
      ...(main ? [main] : []),
      ...jobCategoryRefs.filter((category) => category.id !== job.categoryId),
    ],
    published_at: job.publishedAt?.toISOString() ?? null,
    expires_at: job.expiresAt?.toISOString() ?? null,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
  };
}

/**
 * A job's categories as CategoryRef objects in filing order, for a select from `jobs`. The column is
 * written qualified by hand: drizzle leaves it bare in single-table selects, and a bare `id` would
 * bind inside the subquery.
 */
const categoryRefsOfJob = sql<CategoryRef[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'parent_id', c.parent_id) order by jc.position)
  from job_categories jc join categories c on c.id = jc.category_id
  where jc.job_id = "jobs"."id"), '[]'::json)`;

async function findJob(db: Db, orgId: number, id: string, forUpdate = false): Promise<Job> {
  const query = db
    .select()
    .from(jobs)
    .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, id)))
    .limit(1);
  const [job] = forUpdate ? await query.for('update') : await query;
  if (!job) throw notFound('Job');
  return job;
}

export async function getJob(db: Db, orgId: number, id: string): Promise<JobOut> {
  const query = prepared(db, 'get_job', () =>
    db
      .select({ job: jobs, categories: categoryRefsOfJob })
      .from(jobs)
      .where(and(eq(jobs.organizationId, sql.placeholder('orgId')), eq(jobs.id, sql.placeholder('id'))))
      .limit(1)
      .prepare('get_job'),
  );
  const [row] = await query.execute({ orgId, id });
  if (!row) throw notFound('Job');
  return toJobOut(row.job, row.categories);
}

function assertConsistent(job: Parameters<typeof jobConsistencyIssues>[0]): void {
  const issues = jobConsistencyIssues(job);
  if (issues.length === 0) return;
  throw new AppError(
    'validation_error',
    issues[0]!.message,
    issues.map((issue) => ({
      location: 'body',
      field: issue.path,
      path: [issue.path],
      code: 'custom',
      message: issue.message,
    })),
  );
}

async function assertLocation(
  db: Db,
  orgId: number,
  locationId: string | null | undefined,
): Promise<Location | null> {
  if (!locationId) return null;
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.organizationId, orgId), eq(locations.id, locationId)))
    .limit(1);
  if (!row)
    throw invalid(
      'location_id',
      `No location ${locationId} in this organization (resolve one with POST /locations).`,
    );
  return row;
}

/** The map pin columns for a job at `location` whose location text is `text`. */
async function pinColumns(db: Db, location: Location | null, text: string | null | undefined) {
  const pin = location ? await jobPin(db, location, text) : null;
  return {
    latitude: pin?.latitude ?? null,
    longitude: pin?.longitude ?? null,
    coordinatesPrecision: pin?.precision ?? null,
  };
}

async function categoryByRef(db: Db, orgId: number, ref: string, field: string): Promise<Category> {
  if (isUuid(ref)) {
    const category = await findCategoryByRef(db, orgId, ref);
    if (!category) throw invalid(field, `No category ${ref} in this organization.`);
    return category;
  }
  return (await findOrCreateCategory(db, orgId, ref)).category;
}

interface CategoryInput {
  category?: string;
  category_id?: string;
  categories?: string[];
}

/**
 * The spec's category rules: `category_id` beats `category` (a name, matched case-insensitively
 * or created); `categories` (names or ids) lists every category, the first being the main one
 * unless `category`/`category_id` is sent. On update a sent list replaces the old one and an
 * empty list keeps only the main category.
 */
async function resolveCategories(
  db: Db,
  orgId: number,
  input: CategoryInput,
  current: { mainId: string | null; ids: string[] } = { mainId: null, ids: [] },
): Promise<{ mainId: string | null; ids: string[] }> {
  let mainId = current.mainId;
  if (input.category_id) mainId = (await categoryByRef(db, orgId, input.category_id, 'category_id')).id;
  else if (input.category) mainId = (await categoryByRef(db, orgId, input.category, 'category')).id;

  let listed = current.ids;
  if (input.categories) {
    listed = [];
    for (const [index, ref] of input.categories.entries()) {
      listed.push((await categoryByRef(db, orgId, ref, `categories.${index}`)).id);
    }
    if (!input.category_id && !input.category && !current.mainId && listed.length > 0) mainId = listed[0]!;
  }
  return { mainId, ids: [...new Set([...(mainId ? [mainId] : []), ...listed])] };
}

async function replaceJobCategories(db: Db, orgId: number, jobId: string, ids: string[]): Promise<void> {
  await db.delete(jobCategories).where(eq(jobCategories.jobId, jobId));
  if (ids.length === 0) return;
  await db
    .insert(jobCategories)
    .values(ids.map((categoryId, position) => ({ jobId, categoryId, organizationId: orgId, position })));
}

/** A slug from title and company, unique in the organization (`-2`, `-3`, ... on clashes). */
async function freeJobSlug(db: Db, orgId: number, title: string, company: string): Promise<string> {
  const base = slugify(`${title} ${company}`, 80) || 'job';
  const taken = await db
    .select({ slug: jobs.slug })
    .from(jobs)
    .where(
      and(eq(jobs.organizationId, orgId), or(eq(jobs.slug, base), sql`${jobs.slug} like ${`${base}-%`}`)),
    );
  return firstFreeSlug(
    base,
    taken.map((row) => row.slug),
  );
}

const addDays = (date: Date, days: number) => new Date(date.getTime() + days * DAY_MS);

interface Lifecycle {
  status: JobStatus;
  publishedAt: Date | null;
  expiresAt: Date | null;
}

/** Stamps publication and expiry for a job entering `status`. */
function enterStatus(
  status: JobStatus,
  current: { publishedAt: Date | null; expiresAt: Date | null },
  requested: { published_at?: Date; expires_at?: Date | null },
  now: Date,
): Lifecycle {
  if (status === 'active') {
    const publishedAt = requested.published_at ?? current.publishedAt ?? now;
    const stillOpen = current.expiresAt === null ? current.publishedAt !== null : current.expiresAt > now;
    const expiresAt =
      requested.expires_at !== undefined
        ? requested.expires_at
        : stillOpen
          ? current.expiresAt
          : addDays(now, DEFAULT_JOB_LIFETIME_DAYS);
    return { status, publishedAt, expiresAt };
  }
  if (status === 'expired') {
    const expiresAt =
      requested.expires_at ?? (current.expiresAt && current.expiresAt <= now ? current.expiresAt : now);
    return { status, publishedAt: requested.published_at ?? current.publishedAt ?? now, expiresAt };
  }
  return {
    status,
    publishedAt: requested.published_at ?? current.publishedAt,
    expiresAt: requested.expires_at !== undefined ? requested.expires_at : current.expiresAt,
  };
}

type JobColumns = Omit<
  typeof jobs.$inferInsert,
  'id' | 'organizationId' | 'slug' | 'createdAt' | 'updatedAt' | 'searchVector'
>;

function fieldColumns(input: UpdateJobInput): Partial<JobColumns> {
  const columns: Partial<JobColumns> = {};
  const map: [keyof UpdateJobInput, keyof JobColumns][] = [
    ['title', 'title'],
    ['description', 'description'],
    ['company_name', 'companyName'],
    ['location', 'location'],
    ['location_id', 'locationId'],
    ['is_remote', 'isRemote'],
    ['job_type', 'jobType'],
    ['salary_min', 'salaryMin'],
    ['salary_max', 'salaryMax'],
    ['salary_currency', 'salaryCurrency'],
    ['salary_period', 'salaryPeriod'],
    ['contact_email', 'contactEmail'],
    ['how_to_apply', 'howToApply'],
    ['how_to_apply_method', 'howToApplyMethod'],
    ['company_website', 'companyWebsite'],
  ];
  for (const [field, column] of map) {
    if (input[field] !== undefined) (columns as Record<string, unknown>)[column] = input[field];
  }
  return columns;
}

/** POST /jobs. New jobs are active unless a status is sent. */
export async function createJob(
  db: Database,
  orgId: number,
  input: CreateJobInput,
  now = new Date(),
): Promise<JobOut> {
  const id = await transaction(db, async (tx) => {
    const location = await assertLocation(tx, orgId, input.location_id);
    const pin = await pinColumns(tx, location, input.location);
    const { mainId, ids } = await resolveCategories(tx, orgId, input);
    const lifecycle = enterStatus(
      input.status ?? 'active',
      { publishedAt: null, expiresAt: null },
      input,
      now,
    );
    const values = {
      ...fieldColumns(input),
      title: input.title,
      description: input.description,
      companyName: input.company_name,
      ...pin,
    };
    for (let attempt = 0; ; attempt++) {
      const slug = await freeJobSlug(tx, orgId, input.title, input.company_name);
      try {
        const [job] = await transaction(tx, (savepoint) =>
          savepoint
            .insert(jobs)
            .values({ ...values, organizationId: orgId, slug, categoryId: mainId, ...lifecycle })
            .returning({ id: jobs.id }),
        );
        await replaceJobCategories(tx, orgId, job!.id, ids);
        await bumpJobsRevision(tx, orgId);
        await emitEvent(tx, orgId, 'job.created', () => getJob(tx, orgId, job!.id));
        return job!.id;
      } catch (error) {
        // Another request took the same slug between our read and insert: pick again.
        if (!isUniqueViolation(error) || attempt >= 5) throw error;
      }
    }
  });
  return getJob(db, orgId, id);
}

/** PATCH /jobs/{id}: send only what changes; `status` follows allowedStatusMoves. */
export async function updateJob(
  db: Database,
  orgId: number,
  id: string,
  input: UpdateJobInput,
  now = new Date(),
): Promise<JobOut> {
  await transaction(db, async (tx) => {
    const job = await findJob(tx, orgId, id, true);
    const current = effectiveStatus(job, now);
    const target = input.status ?? current;
    if (target !== current && !allowedStatusMoves[current].includes(target)) {
      const allowed = allowedStatusMoves[current];
      throw invalid(
        'status',
        `A ${current} job cannot become ${target}; from ${current} it can become ${allowed.join(' or ')}.`,
      );
    }
    const lifecycle =
      target !== current
        ? enterStatus(target, job, input, now)
        : {
            status: job.status as JobStatus,
            publishedAt: input.published_at ?? job.publishedAt,
            expiresAt: input.expires_at !== undefined ? input.expires_at : job.expiresAt,
          };
    const columns = fieldColumns(input);
    assertConsistent({
      salary_min: columns.salaryMin !== undefined ? columns.salaryMin : job.salaryMin,
      salary_max: columns.salaryMax !== undefined ? columns.salaryMax : job.salaryMax,
      how_to_apply: columns.howToApply !== undefined ? columns.howToApply : job.howToApply,
      how_to_apply_method:
        columns.howToApplyMethod !== undefined ? columns.howToApplyMethod : job.howToApplyMethod,
    });
    const location = await assertLocation(tx, orgId, input.location_id);
    // The pin follows the location and its text; a job keeps its pin while neither changes.
    if (input.location_id !== undefined || (input.location !== undefined && job.locationId)) {
      const at =
        input.location_id !== undefined
          ? location
          : ((await assertLocation(tx, orgId, job.locationId)) ?? null);
      Object.assign(
        columns,
        await pinColumns(tx, at, input.location !== undefined ? input.location : job.location),
      );
    }

    let categoryId = job.categoryId;
    if (input.category !== undefined || input.category_id !== undefined || input.categories !== undefined) {
      const existing = await tx
        .select({ categoryId: jobCategories.categoryId })
        .from(jobCategories)
        .where(eq(jobCategories.jobId, id))
        .orderBy(asc(jobCategories.position));
      const resolved = await resolveCategories(tx, orgId, input, {
        mainId: job.categoryId,
        ids: existing.map((row) => row.categoryId),
      });
      categoryId = resolved.mainId;
      await replaceJobCategories(tx, orgId, id, resolved.ids);
    }
    await tx
      .update(jobs)
      .set({ ...columns, ...lifecycle, categoryId, updatedAt: now })
      .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, id)));
    await bumpJobsRevision(tx, orgId);
    const updated = () => getJob(tx, orgId, id);
    await emitEvent(tx, orgId, 'job.updated', updated);
    if (current === 'pending' && target === 'active') await emitEvent(tx, orgId, 'job.approved', updated);
    if (current !== 'expired' && target === 'expired') await emitEvent(tx, orgId, 'job.expired', updated);
  });
  return getJob(db, orgId, id);
}

/** DELETE /jobs/{id}: permanent; its applications go with it. */
export async function deleteJob(
  db: Database,
  orgId: number,
  id: string,
): Promise<{ id: string; deleted: true }> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .delete(jobs)
      .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, id)))
      .returning({ id: jobs.id });
    if (!row) throw notFound('Job');
    await bumpJobsRevision(tx, orgId);
    await emitEvent(tx, orgId, 'job.deleted', () => ({ id: row.id }));
    return { id: row.id, deleted: true as const };
  });
}

const postedWithinDays: Record<NonNullable<ListJobsQuery['posted_within']>, number> = {
  '24h': 1,
  '7d': 7,
  '14d': 14,
  '30d': 30,
  '90d': 90,
};

interface SearchMatch {
  /** Any match: the whole document (title, company, description) or a title/company substring. */
  any: SQL;
  title: SQL;
  company: SQL;
  document: SQL;
}

function searchMatch(search: string): SearchMatch {
  const tsQuery = sql`websearch_to_tsquery('english', ${search})`;
  const pattern = `%${escapeLike(search)}%`;
  const title = sql`(to_tsvector('english', ${jobs.title}) @@ ${tsQuery} or ${jobs.title} ilike ${pattern})`;
  const company = sql`(to_tsvector('english', ${jobs.companyName}) @@ ${tsQuery} or ${jobs.companyName} ilike ${pattern})`;
  const document = sql`${jobs.searchVector} @@ ${tsQuery}`;
  return {
    any: sql`(${document} or ${jobs.title} ilike ${pattern} or ${jobs.companyName} ilike ${pattern})`,
    title,
    company,
    document,
  };
}

/**
 * A page of search results in relevance tiers: title matches, then company matches, then matches in
 * the description only; newest first within a tier. Each tier is its own newest-first query with a
 * LIMIT, so PostgreSQL either walks the newest-first index (a common word) or the tier's GIN index
 * (a rare one); it never ranks every match, which for a word in half the descriptions meant reading
 * (and decompressing) tens of thousands of documents per page.
 */
function searchPage(db: Db, filters: SQL, match: SearchMatch, limit: number, offset: number) {
  const tier = (rank: number, condition: SQL | undefined) =>
    db
      .select({ id: jobs.id, createdAt: jobs.createdAt, tier: sql.raw(String(rank)).as('tier') })
      .from(jobs)
      .where(and(filters, condition))
      .orderBy(desc(jobs.createdAt), desc(jobs.id))
      .limit(offset + limit);
  const ranked = sql`((${tier(3, match.title)}) union all (${tier(2, and(match.company, not(match.title)))}) union all (${tier(1, and(match.document, not(match.title), not(match.company)))})) as ranked`;
  return db
    .select({ job: jobs, categories: categoryRefsOfJob })
    .from(jobs)
    .innerJoin(ranked, sql`ranked.id = ${jobs.id}`)
    .orderBy(sql`ranked.tier desc`, desc(jobs.createdAt), desc(jobs.id))
    .limit(limit)
    .offset(offset);
}

/** GET /jobs: every filter combines with AND; search ranks by relevance, otherwise newest first. */
export async function listJobs(
  db: Db,
  organization: RevisionKey,
  query: ListJobsQuery & PageRequest,
  now = new Date(),
): Promise<{ jobs: JobOut[]; total: number }> {
  const orgId = organization.id;
  const conditions: (SQL | undefined)[] = [eq(jobs.organizationId, orgId)];
  if (query.job_types?.length) conditions.push(inArray(jobs.jobType, query.job_types));
  if (query.locations?.length) {
    // The free text, or the name or city of the job's normalized location.
    conditions.push(
      or(
        ...query.locations.map((location) => {
          const pattern = `%${escapeLike(location)}%`;
          return or(
            ilike(jobs.location, pattern),
            sql`exists (select 1 from locations l where l.id = "jobs"."location_id" and (l.name ilike ${pattern} or l.city ilike ${pattern}))`,
          );
        }),
      ),
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

  const filters = and(...conditions)!;
  const search = query.search ? searchMatch(query.search) : undefined;
  const where = search ? and(filters, search.any) : filters;
  const { limit, offset } = pageOffset(query);
  const rows = search
    ? await searchPage(db, filters, search, limit, offset)
    : await db
        .select({ job: jobs, categories: categoryRefsOfJob })
        .from(jobs)
        .where(where)
        .orderBy(desc(jobs.createdAt), desc(jobs.id))
        .limit(limit)
        .offset(offset);
  // A short first page is the whole result; otherwise count (cached, see jobTotals).
  const filtersKey = JSON.stringify({ ...query, page: undefined, per_page: undefined });
  const total =
    offset === 0 && rows.length < limit
      ? rows.length
      : await jobTotals.get(organization, filtersKey, async () => {
          const [count] = await db.select({ total: sql<number>`count(*)::int` }).from(jobs).where(where);
          return Number(count?.total ?? 0);
        });
  return { jobs: rows.map((row) => toJobOut(row.job, row.categories, now)), total };
}

/**
 * API reads of jobs are answered from a cache of serialized responses per jobs revision (see
 * `cache` in lib/http/handler.ts). The TTL bounds how long a job whose expiry passes (no write)
 * still reads as active.
 */
export const JOB_READ_CACHE = { ttlMs: 30_000, maxEntries: 200 };

/**
 * Exact totals for pagination scan every match, so they are cached per organization, jobs revision
 * and filter set. Only expiry (the `status` filter) and `posted_within` move without a write: a
 * total may lag those by up to the TTL.
 */
const jobTotals = new RevisionCache<number>({ ttlMs: 30_000, maxEntries: 5_000 });
