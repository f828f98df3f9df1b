import { getTableColumns, sql } from 'drizzle-orm';
import { type Job, jobs } from '@/db/schema';
import type { CategoryRef } from '@/lib/categories/schemas';
import type { CompanyRef } from '@/lib/companies/schemas';
import { descriptionHtml } from './description';
import { type JobOut, type JobType, jobTypeEmployment, type WorkplaceType } from './schemas';
import { effectiveStatus, isLive } from './status';

/**
 * A job's categories as CategoryRef objects in filing order, for a select from `jobs`. The column is
 * written qualified by hand: drizzle leaves it bare in single-table selects, and a bare `id` would
 * bind inside the subquery.
 */
export const categoryRefsOfJob = sql<CategoryRef[]>`coalesce((
  select json_agg(json_build_object('id', c.id, 'name', c.name, 'slug', c.slug, 'parent_id', c.parent_id) order by jc.position)
  from job_categories jc join categories c on c.id = jc.category_id
  where jc.job_id = "jobs"."id"), '[]'::json)`;

/** A job's company as a CompanyRef (or null), for a select from `jobs`; qualified as above. */
export const companyOfJob = sql<CompanyRef | null>`(
  select json_build_object('id', co.id, 'name', co.name, 'slug', co.slug, 'logo_url', co.logo_url, 'website', co.website)
  from companies co where co.id = "jobs"."company_id")`;

/**
 * Where the job's board lives (its organization's slug and verified custom domain), read with the job
 * rather than in a second query: single-job reads run on every write and webhook payload.
 */
export const boardOfJob = sql<{ slug: string; domain: string | null }>`(
  select json_build_object('slug', o.slug, 'domain', case when o.custom_domain_verified_at is not null then o.custom_domain end)
  from organizations o where o.id = "jobs"."organization_id")`;

/**
 * The columns a job answer reads: every one but the search document, which only the indexes need and
 * which would add a detoasted ~2 KB to every row sent to the server.
 */
export const jobColumns = (({ searchVector: _searchVector, ...columns }) => columns)(getTableColumns(jobs));

/** A job as read with `jobColumns`. */
export type JobRow = Omit<Job, 'searchVector'>;

/** What a job answer reads from `jobs`: the row, its categories and its company. */
export const jobWithRefs = { job: jobColumns, categories: categoryRefsOfJob, company: companyOfJob };

export interface JobWithRefs {
  job: JobRow;
  categories: CategoryRef[];
  company: CompanyRef | null;
}

/** A live job's public page on its board; `boardUrl` is the organization's `board_url`. */
export function jobPageUrl(boardUrl: string, slug: string): string {
  return `${boardUrl}/jobs/${encodeURIComponent(slug)}`;
}

export function toJobOut(
  { job, categories: jobCategoryRefs, company }: JobWithRefs,
  boardUrl: string,
  now = new Date(),
): JobOut {
  const main = jobCategoryRefs.find((category) => category.id === job.categoryId);
  return {
    id: job.id,
    title: job.title,
    description: job.description,
    description_html: job.descriptionHtml ?? descriptionHtml(job.description),
    company_name: job.companyName,
    company_id: job.companyId,
    company,
    slug: job.slug,
    url: isLive(job, now) ? jobPageUrl(boardUrl, job.slug) : null,
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
    workplace_type: job.workplaceType as WorkplaceType,
    featured: job.featured,
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
    source_id: job.sourceId,
    external_id: job.externalId,
    published_at: job.publishedAt?.toISOString() ?? null,
    expires_at: job.expiresAt?.toISOString() ?? null,
    created_at: job.createdAt.toISOString(),
    updated_at: job.updatedAt.toISOString(),
  };
}
