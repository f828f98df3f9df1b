// How an alert matches a job, in SQL: the job's facts computed once (alias `j`), compared with each
// alert's columns (alias `a`), so one statement matches a job against every alert of a board. The
// facts are a MATERIALIZED CTE: inlined, their category subqueries would run again for every alert.
import { type SQL, sql } from 'drizzle-orm';
import { liveJobCondition } from '@/lib/jobs';

/**
 * One job's facts as the alerts compare them: category slugs with their parents', location names,
 * and the words an alert's search may match. Those of a job `gated` (the paywall's anonymous
 * decision: a mail is read by whoever holds the inbox) are its title and company alone, weights A
 * and B of `search_vector` (db/schema/jobs.ts).
 */
export const jobFacts = (
  gated: SQL,
) => sql`jobs.id, jobs.organization_id, jobs.title, jobs.company_name, jobs.slug,
  jobs.location, jobs.is_remote, jobs.job_type,
  case when ${gated} then ts_filter(jobs.search_vector, '{a,b}') else jobs.search_vector end as search_vector,
  l.name as location_name, l.city as location_city,
  array(select c.slug from job_categories jc join categories c on c.id = jc.category_id where jc.job_id = jobs.id
    union select p.slug from job_categories jc join categories c on c.id = jc.category_id
      join categories p on p.id = c.parent_id where jc.job_id = jobs.id) as category_slugs`;

/**
 * Alert `a` follows job `j` (the facts above): the board's search rules (lib/jobs/queries.ts) from
 * the alert's side: full text or a 3+ character substring of title or company, a category with its
 * sub-categories, the type, remote, and the location's free text, name or city.
 */
export const alertMatchesJob = sql`(a.job_type is null or a.job_type = j.job_type)
  and (not a.remote or j.is_remote)
  and (a.category is null or a.category = any(j.category_slugs))
  and (a.location_pattern is null or j.location ilike a.location_pattern
    or j.location_name ilike a.location_pattern or j.location_city ilike a.location_pattern)
  and (a.search_query is null or j.search_vector @@ a.search_query
    or j.title ilike a.search_pattern or j.company_name ilike a.search_pattern)`;

/** Every alert of the board that a live job matches, whatever its status and frequency (benchmarks, diagnostics). */
export function alertsMatchingJob(orgId: number, jobId: string, gated: SQL): SQL {
  return sql`with j as materialized (select ${jobFacts(gated)} from jobs left join locations l on l.id = jobs.location_id
      where jobs.id = ${jobId} and ${liveJobCondition})
    select a.id, a.frequency from job_alerts a cross join j where a.organization_id = ${orgId} and ${alertMatchesJob}`;
}
