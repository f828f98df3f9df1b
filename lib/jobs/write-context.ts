import { and, eq, sql } from 'drizzle-orm';
import { jobs, organizations } from '@/db/schema';
import type { CategoryRef } from '@/lib/categories/schemas';
import type { CompanyRef } from '@/lib/companies/schemas';
import { notFound } from '@/lib/core/errors';
import { isUuid } from '@/lib/core/ids';
import type { Db } from '@/lib/core/transaction';
import { boardUrlFor } from '@/lib/organizations';
import { type Subscriber, subscribersOf, type WebhookEventType } from '@/lib/webhooks';
import { categoryRefsOfJob, companyOfJob, type JobRow, jobColumns } from './serialize';

/** Everything a job write needs to know before it writes, read in one statement. */
export interface JobWriteContext {
  /** The job being updated, with its row version (`xmin`) for the conditional write. */
  job: (JobRow & { version: string; categories: CategoryRef[]; company: CompanyRef | null }) | null;
  /** The sent category references (ids or names) the board has, by reference as sent. */
  categories: Map<string, CategoryRef>;
  /** The company the write names (`company_id`, else `company_name` in any case), if the board has it. */
  company: (CompanyRef & { name: string }) | null;
  /** Slugs taken among `base` and `base-N`, for a new job. */
  takenSlugs: string[];
  boardUrl: string;
  /** Enabled webhook subscriptions wanting any of the write's event types. */
  subscribers: Subscriber[];
}

interface JobWriteQuestions {
  jobId?: string;
  categoryRefs: string[];
  companyId?: string | null;
  companyName?: string;
  slugBase?: string;
  eventTypes: WebhookEventType[];
}

const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

const textArray = (values: string[]) =>
  values.length
    ? sql`array[${sql.join(
        values.map((value) => sql`${value}`),
        sql`, `,
      )}]::text[]`
    : sql`'{}'::text[]`;

/**
 * One round trip for what a job write reads: the job and its references, the categories and
 * company it names, the slugs a new job could clash with, where its board lives and who subscribes
 * to its events. Read without a lock: the write itself checks the row version.
 */
export async function readJobWriteContext(
  db: Db,
  orgId: number,
  questions: JobWriteQuestions,
): Promise<JobWriteContext> {
  const refs = [...new Set(questions.categoryRefs)];
  const companyId = questions.companyId && isUuid(questions.companyId) ? questions.companyId : null;
  const companyName = questions.companyId === undefined ? (questions.companyName ?? null) : null;
  const base = questions.slugBase ?? null;
  const [row] = await db
    .select({
      job: jobColumns,
      version: sql<string | null>`${jobs}.xmin::text`,
      jobCategories: categoryRefsOfJob,
      jobCompany: companyOfJob,
      boardSlug: organizations.slug,
      boardDomain: sql<
        string | null
      >`case when ${organizations.customDomainVerifiedAt} is not null then ${organizations.customDomain} end`,
      categories: sql<(CategoryRef & { ref: string })[] | null>`(
        select json_agg(json_build_object('ref', r.ref, 'id', c.id, 'name', c.name, 'slug', c.slug, 'parent_id', c.parent_id))
        from unnest(${textArray(refs)}) as r(ref)
        join lateral (
          select c.* from categories c
          where c.organization_id = ${orgId}
            and case when lower(r.ref) ~ ${UUID_PATTERN} then c.id = r.ref::uuid else lower(c.name) = lower(r.ref) end
          limit 1
        ) c on true)`,
      company: sql<(CompanyRef & { name: string }) | null>`(
        select json_build_object('id', co.id, 'name', co.name, 'slug', co.slug, 'logo_url', co.logo_url, 'website', co.website)
        from companies co
        where co.organization_id = ${orgId}
          and (co.id = ${companyId}::uuid or lower(co.name) = lower(${companyName}::text))
        limit 1)`,
      takenSlugs: sql<string[] | null>`(
        select json_agg(j.slug) from jobs j
        where ${base}::text is not null and j.organization_id = ${orgId}
          and (j.slug = ${base}::text or j.slug like ${base}::text || '-%'))`,
      subscribers: subscribersOf(orgId, questions.eventTypes),
    })
    .from(organizations)
    .leftJoin(
      jobs,
      questions.jobId && isUuid(questions.jobId)
        ? and(eq(jobs.organizationId, organizations.id), eq(jobs.id, questions.jobId))
        : sql`false`,
    )
    .where(eq(organizations.id, orgId))
    .limit(1);
  if (!row) throw notFound('Organization');
  if (questions.jobId !== undefined && !row.job) throw notFound('Job');
  return {
    job: row.job
      ? { ...row.job, version: row.version!, categories: row.jobCategories, company: row.jobCompany }
      : null,
    categories: new Map((row.categories ?? []).map(({ ref, ...category }) => [ref, category])),
    company: row.company,
    takenSlugs: row.takenSlugs ?? [],
    boardUrl: boardUrlFor(row.boardSlug, row.boardDomain),
    subscribers: row.subscribers ?? [],
  };
}
