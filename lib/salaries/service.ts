import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import type { Organization } from '@/db/schema';
import { RevisionCache } from '@/lib/cache';
import { AppError } from '@/lib/core/errors';
import { logError } from '@/lib/core/logger';
import { executeRows } from '@/lib/core/transaction';
import {
  annualizedRows,
  currencySpellings,
  dominantCurrency,
  jobSalary,
  liveJobCondition,
  plausibleAnnual,
  publishesSalary as publishes,
} from '@/lib/jobs';
import { type SalaryDistribution, type SalaryPeriod, type SalaryStats, salaryPeriods } from './schemas';

/** Annualized salaries outside this window (inclusive bounds) are excluded as implausible. */
export { PLAUSIBLE_ANNUAL_SALARY } from '@/lib/jobs';
/** A breakdown group needs this many counted jobs to appear. */
export const MIN_GROUP_SIZE = 3;
export const BREAKDOWN_LIMITS = { category: 100, jobType: 20, location: 15 } as const;

/** Salary statistics stay at most this old: expiries change which jobs are live without a write. */
export const SALARY_CACHE_TTL_MS = 60_000;

const statsCache = new RevisionCache<SalaryStats>({
  name: 'salary statistics',
  ttlMs: SALARY_CACHE_TTL_MS,
  maxBytes: 1024 * 1024,
});

/** The statistics of the organization's live jobs, from the per-process cache when still valid. */
export function getSalaryStats(
  db: Database,
  organization: Pick<Organization, 'id' | 'revision'>,
): Promise<SalaryStats> {
  return statsCache.get(organization, 'salaries', () => computeSalaryStats(db, organization.id));
}

export function clearSalaryCache(): void {
  statsCache.clear();
}

/**
 * Computes the statistics in one SQL statement (the rules are in the route's description).
 * A database failure, an unreachable database included, becomes `db_error` (500): the spec's rule
 * for this endpoint, which wins over the 503 every other route answers in an outage.
 */
export async function computeSalaryStats(db: Database, orgId: number): Promise<SalaryStats> {
  let rows: { stats: unknown }[];
  try {
    rows = await executeRows<{ stats: unknown }>(db, salaryStatsQuery(orgId));
  } catch (error) {
    logError('salary_stats_failed', error, { org: orgId });
    throw new AppError('db_error', 'The database failed while computing salary statistics. Retry later.');
  }
  const stats = rows[0]?.stats;
  return toSalaryStats((typeof stats === 'string' ? JSON.parse(stats) : stats) as RawStats);
}

// Amounts are in integer cents (annualSalary): `low` and `high` are cents a year, `mid2` is twice
// the midpoint in cents a year (so it stays an integer).
const plausible = plausibleAnnual(sql.raw('low'), sql.raw('high'));

// The aggregates every group reports; percentile_cont interpolates linearly, one sort for all three.
const aggregates = sql.raw(
  'count(*) as n, min(low) as lo, max(high) as hi, avg(mid2) as mean, ' +
    'percentile_cont(array[0.25, 0.5, 0.75]) within group (order by mid2::float8) as q',
);
// Back to whole currency units. round(numeric) rounds halves away from zero (round(float8) would
// round them to even); percentiles of integers this small are exact in float8 and in numeric.
const distributionFields = sql.raw(
  "'count', n, 'min', round(lo / 100.0), 'max', round(hi / 100.0), 'avg', round(mean / 200), " +
    "'p25', round(q[1]::numeric / 200), 'median', round(q[2]::numeric / 200), 'p75', round(q[3]::numeric / 200)",
);

// The condition names "jobs"."status" and "jobs"."expires_at": every use below reads `from jobs`, unaliased.
const live = (orgId: number) => sql`organization_id = ${orgId} and ${liveJobCondition}`;
const publishesSalary = publishes(jobSalary);

/** The live jobs publishing a salary in the dominant currency (or in none), annualized, plausible or not. */
function annualizedJobs(orgId: number): SQL {
  return sql`(
    select id, job_type, location, period, low, high, low + high as mid2
    from ${annualizedRows(sql`
      select id, nullif(btrim(job_type), '') as job_type, nullif(btrim(location), '') as location,
        salary_min, salary_max, salary_period
      from jobs
      where ${live(orgId)} and ${publishesSalary}
        and (salary_currency is null or salary_currency in (select spelling from dominant_spellings))`)} annualized
  )`;
}

function valueBreakdown(column: 'job_type' | 'location', limit: number): SQL {
  const name = sql.raw(column);
  return sql`(
    select coalesce(json_agg(json_build_object('value', value, ${distributionFields}) order by rank), '[]'::json)
    from (
      select value, ${aggregates},
        row_number() over (order by count(*) desc, lower(value), value) as rank
      from (select ${name} collate "C" as value, low, high, mid2 from counted where ${name} is not null) v
      group by value
      having count(*) >= ${MIN_GROUP_SIZE}
      order by rank
      limit ${limit}
    ) grouped
  )`;
}

function salaryStatsQuery(orgId: number): SQL {
  return sql`
    with spellings as (
      -- Live salaried jobs per currency as written: the votes for the dominant currency.
      ${currencySpellings(orgId)}
    ),
    dominant as (${dominantCurrency}),
    dominant_spellings as (
      select spelling from spellings where currency is null or currency = (select currency from dominant)
    ),
    annualized as materialized (
      select *, ${plausible} as plausible from ${annualizedJobs(orgId)} k
    ),
    counted as not materialized (
      select * from annualized where plausible
    ),
    filings as materialized (
      select jc.job_id, c.id as category_id, c.parent_id, k.low, k.high, k.mid2
      from job_categories jc
      join categories c on c.id = jc.category_id and c.organization_id = ${orgId}
      join ${annualizedJobs(orgId)} k on k.id = jc.job_id
      where jc.organization_id = ${orgId} and ${plausible}
    ),
    category_rows as (
      -- A job once per group: filings under a sub-category are unique (the primary key); a main
      -- category's group takes its own filings and its sub-categories', so those are de-duplicated.
      select category_id, low, high, mid2 from filings where parent_id is not null
      union all
      select coalesce(parent_id, category_id), min(low), max(high), min(mid2)
      from filings
      group by job_id, coalesce(parent_id, category_id)
    )
    select json_build_object(
      'currency', (select currency from dominant),
      'total_active_jobs', (select count(*) from jobs where ${live(orgId)}),
      'salaried_jobs', (select count(*) from counted),
      'excluded_other_currency', (
        select coalesce(sum(n), 0) from spellings where currency <> (select currency from dominant)
      ),
      'excluded_implausible', (select count(*) from annualized where not plausible),
      'periods', (
        select coalesce(json_object_agg(period, n), '{}'::json)
        from (select period, count(*) as n from counted group by period) p
      ),
      'overall', (
        select json_build_object(${distributionFields})
        from (select ${aggregates} from counted) everything
        where n > 0
      ),
      'by_category', (
        select coalesce(
          json_agg(json_build_object('id', id, 'name', name, 'slug', slug, ${distributionFields}) order by rank),
          '[]'::json
        )
        from (
          select c.id, c.name, c.slug, g.*,
            row_number() over (order by g.n desc, lower(c.name collate "C"), c.name collate "C", c.id) as rank
          from (
            select category_id, ${aggregates}
            from category_rows
            group by category_id
            having count(*) >= ${MIN_GROUP_SIZE}
          ) g
          join categories c on c.id = g.category_id
          order by rank
          limit ${BREAKDOWN_LIMITS.category}
        ) ranked
      ),
      'by_job_type', ${valueBreakdown('job_type', BREAKDOWN_LIMITS.jobType)},
      'by_location', ${valueBreakdown('location', BREAKDOWN_LIMITS.location)}
    ) as stats
  `;
}

type RawNumber = number | string;
type RawDistribution = Record<keyof SalaryDistribution, RawNumber>;
interface RawStats {
  currency: string | null;
  total_active_jobs: RawNumber;
  salaried_jobs: RawNumber;
  excluded_other_currency: RawNumber;
  excluded_implausible: RawNumber;
  periods: Partial<Record<SalaryPeriod, RawNumber>>;
  overall: RawDistribution | null;
  by_category: (RawDistribution & { id: string; name: string; slug: string })[];
  by_job_type: (RawDistribution & { value: string })[];
  by_location: (RawDistribution & { value: string })[];
}

// Drivers may hand numeric and bigint values back as strings: convert every figure explicitly.
function toDistribution(raw: RawDistribution): SalaryDistribution {
  return {
    count: Number(raw.count),
    min: Number(raw.min),
    max: Number(raw.max),
    avg: Number(raw.avg),
    p25: Number(raw.p25),
    median: Number(raw.median),
    p75: Number(raw.p75),
  };
}

function toSalaryStats(raw: RawStats): SalaryStats {
  return {
    currency: raw.currency,
    total_active_jobs: Number(raw.total_active_jobs),
    salaried_jobs: Number(raw.salaried_jobs),
    excluded_other_currency: Number(raw.excluded_other_currency),
    excluded_implausible: Number(raw.excluded_implausible),
    periods: Object.fromEntries(
      salaryPeriods.map((period) => [period, Number(raw.periods[period] ?? 0)]),
    ) as Record<SalaryPeriod, number>,
    overall: raw.overall ? toDistribution(raw.overall) : null,
    by_category: raw.by_category.map((row) => ({
      id: row.id,
      name: row.name,
      slug: row.slug,
      ...toDistribution(row),
    })),
    by_job_type: raw.by_job_type.map((row) => ({ value: row.value, ...toDistribution(row) })),
    by_location: raw.by_location.map((row) => ({ value: row.value, ...toDistribution(row) })),
  };
}
