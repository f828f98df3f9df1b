// How an alert matches a job, in SQL: the job's facts computed once (alias `j`), compared with each
// alert's columns (alias `a`), so one statement matches a job against every alert of a board. The
// facts are a MATERIALIZED CTE: inlined, their category subqueries would run again for every alert.
import { type SQL, sql } from 'drizzle-orm';
import {
  boardSalaryCurrencySql,
  liveJobCondition,
  locationMatch,
  type SalaryColumns,
  type SearchedJob,
  type SearchTerms,
  salaryAtLeast,
  textMatch,
} from '@/lib/jobs';

/**
 * One job's facts as the alerts compare them: category slugs with their parents', location names,
 * its full-text document, and whether it is `gated` (the paywall's anonymous decision: a mail is
 * read by whoever holds the inbox), in which case a search matches its title and company alone
 * (`public_vector`, filtered once per job rather than once per alert).
 */
export const jobFacts = (
  gated: SQL,
) => sql`jobs.id, jobs.organization_id, jobs.title, jobs.company_name, jobs.slug,
  jobs.location, jobs.is_remote, jobs.job_type, jobs.search_vector, (${gated}) as gated,
  jobs.salary_min, jobs.salary_max, jobs.salary_period, jobs.salary_currency,
  case when ${gated} then ts_filter(jobs.search_vector, '{a,b}') end as public_vector,
  l.name as location_name, l.city as location_city,
  array(select c.slug from job_categories jc join categories c on c.id = jc.category_id where jc.job_id = jobs.id
    union select p.slug from job_categories jc join categories c on c.id = jc.category_id
      join categories p on p.id = c.parent_id where jc.job_id = jobs.id) as category_slugs`;

/** Job `j` (the facts above) as the board's search rules read a job. */
const factsOfJob: SearchedJob = {
  vector: sql`j.search_vector`,
  title: sql`j.title`,
  company: sql`j.company_name`,
  hidden: sql`j.gated`,
  publicVector: sql`j.public_vector`,
  location: sql`j.location`,
  placeName: sql`j.location_name`,
  placeCity: sql`j.location_city`,
};

/** Job `j`'s salary, as the salary filter reads it. */
const salaryOfJob: SalaryColumns = {
  min: sql`j.salary_min`,
  max: sql`j.salary_max`,
  period: sql`j.salary_period`,
  currency: sql`j.salary_currency`,
};

/** Alert `a`'s search, parsed once into generated columns (db/schema/alerts.ts). */
const termsOfAlert: SearchTerms = { tsQuery: sql`a.search_query`, pattern: sql`a.search_pattern` };

/**
 * Alert `a` follows job `j`: the board's search from the alert's side, its text and location
 * through the search's own rules (`textMatch`, `locationMatch` in lib/jobs/search.ts), then a
 * category with its sub-categories, the type, remote, and the minimum salary through the board's
 * salary filter (`salaryAtLeast`, lib/jobs/salary.ts) in `salaryCurrency`, the board's salary
 * currency (boardSalaryCurrencySql) as the statement has it. matching.test.ts holds the two to the
 * same answers.
 */
export const alertMatchesJob = (
  salaryCurrency: SQL,
): SQL => sql`(a.job_type is null or a.job_type = j.job_type)
  and (not a.remote or j.is_remote)
  and (a.category is null or a.category = any(j.category_slugs))
  and (a.location_pattern is null or ${locationMatch(factsOfJob, sql`a.location_pattern`)})
  and (a.search_query is null or ${textMatch(factsOfJob, termsOfAlert)})
  and (a.salary_min is null or ${salaryAtLeast(salaryOfJob, sql`a.salary_min`, salaryCurrency)})`;

/**
 * The salary currencies of the boards of alerts `a` (a CTE named `board_currencies`), one per board;
 * an alert reads its board's through `boardCurrencyOfAlert`. Only computed if an alert has a minimum salary.
 */
export const boardCurrencies = sql`board_currencies as materialized (
  select b.organization_id, ${boardSalaryCurrencySql(sql`b.organization_id`)} as currency
  from (select distinct organization_id from a) b)`;

export const boardCurrencyOfAlert = sql`(select c.currency from board_currencies c where c.organization_id = a.organization_id)`;

/** Every alert of the board that a live job matches, whatever its status and frequency (benchmarks, diagnostics). */
export function alertsMatchingJob(orgId: number, jobId: string, gated: SQL): SQL {
  return sql`with j as materialized (select ${jobFacts(gated)} from jobs left join locations l on l.id = jobs.location_id
      where jobs.id = ${jobId} and ${liveJobCondition})
    select a.id, a.frequency from job_alerts a cross join j
    where a.organization_id = ${orgId} and ${alertMatchesJob(boardSalaryCurrencySql(orgId))}`;
}
