// The one rule for what a published salary is worth a year, in SQL: GET /salaries' statistics, the
// minimum-salary filter of the board's search and of GET /jobs, and job alerts all read it from here.
import { type SQL, sql } from 'drizzle-orm';
import { jobs } from '@/db/schema';
import { RevisionCache, type RevisionKey } from '@/lib/cache';
import { type Db, executeRows } from '@/lib/core/transaction';
import { PLAUSIBLE_ANNUAL_SALARY } from './schemas';
import { liveJobCondition } from './status';

/** A job's salary columns, as `jobs` names them or as another statement's alias does (alerts). */
export interface SalaryColumns {
  min: SQL;
  max: SQL;
  period: SQL;
  currency: SQL;
}

/** The `jobs` row's own columns, table-qualified (the job totals' carry reads a derived `jobs`). */
export const jobSalary: SalaryColumns = {
  min: sql`${jobs.salaryMin}`,
  max: sql`${jobs.salaryMax}`,
  period: sql`${jobs.salaryPeriod}`,
  currency: sql`${jobs.salaryCurrency}`,
};

/** A published salary's currency as a code (`eur ` is EUR); null when none or blank. */
export const currencyCode = (job: SalaryColumns): SQL => sql`nullif(upper(btrim(${job.currency})), '')`;

export const publishesSalary = (job: SalaryColumns): SQL =>
  sql`(${job.min} is not null or ${job.max} is not null)`;

export interface AnnualSalary {
  /** The effective period: hourly, daily, weekly or monthly as published, else inferred from the amount. */
  period: SQL;
  /** The lower and upper ends of the published range, in cents a year (equal when one end is published). */
  low: SQL;
  high: SQL;
}

// The annualizing rule in three steps, each written once. Amounts are whole cents (exact, and far
// cheaper than numeric); a range sent upside down is read the right way round.
const centsBounds = (job: Pick<SalaryColumns, 'min' | 'max'>) => {
  const minCents = sql`(${job.min} * 100)::int8`;
  const maxCents = sql`(${job.max} * 100)::int8`;
  return { lo: sql`least(${minCents}, ${maxCents})`, hi: sql`greatest(${minCents}, ${maxCents})` };
};

// Explicit hourly, daily, weekly and monthly periods are trusted (in any case, padded or not); a
// yearly, missing or unknown one is inferred from the midpoint (lo + hi) / 2: below 500 hourly,
// below 10,000 monthly, otherwise yearly.
const effectivePeriod = (published: SQL, lo: SQL, hi: SQL) => {
  const inferred = sql`case when ${lo} + ${hi} < 100000 then 'hourly' when ${lo} + ${hi} < 2000000 then 'monthly' else 'yearly' end`;
  return sql`case
      when ${published} in ('hourly', 'daily', 'weekly', 'monthly') then ${published}
      when ${published} = 'yearly' or ${published} is null then ${inferred}
      when lower(btrim(${published})) in ('hourly', 'daily', 'weekly', 'monthly') then lower(btrim(${published}))
      else ${inferred}
    end`;
};

const periodFactor = (period: SQL) =>
  sql`case ${period} when 'hourly' then 2080 when 'daily' then 260 when 'weekly' then 52 when 'monthly' then 12 else 1 end`;

/** The annualizing rule as expressions of one row's columns: for conditions (filters, alerts). */
export function annualSalary(job: SalaryColumns): AnnualSalary {
  const { lo, hi } = centsBounds(job);
  const period = effectivePeriod(job.period, lo, hi);
  const factor = periodFactor(period);
  return { period, low: sql`(${lo} * ${factor})`, high: sql`(${hi} * ${factor})` };
}

/**
 * The annualizing rule over a set of rows: `rows` selects at least `salary_min`, `salary_max` and
 * `salary_period`; the relation adds `period`, `low` and `high` (besides working columns). Each
 * step is a subquery the planner may not inline (`offset 0`): inlined, as annualSalary's expressions
 * are, every use of `low` and `high` would compute the steps below again (a third slower over a board's
 * jobs). Unlike a CTE, a subquery keeps the statistics of its tables for joins above it.
 */
export function annualizedRows(rows: SQL): SQL {
  const column = (name: string) => sql.raw(name);
  const period = effectivePeriod(column('salary_period'), column('lo'), column('hi'));
  const { lo, hi } = centsBounds({ min: column('salary_min'), max: column('salary_max') });
  return sql`(
    select *, lo * factor as low, hi * factor as high
    from (
      select *, ${periodFactor(column('period'))} as factor
      from (
        select *, ${period} as period
        from (select *, ${lo} as lo, ${hi} as hi from (${rows} offset 0) source offset 0) bounds
        offset 0
      ) periods
      offset 0
    ) factors
  )`;
}

/** Annual cents `low` and `high` inside PLAUSIBLE_ANNUAL_SALARY. */
export const plausibleAnnual = (low: SQL, high: SQL): SQL =>
  sql`(${low} >= ${PLAUSIBLE_ANNUAL_SALARY.min * 100} and ${high} <= ${PLAUSIBLE_ANNUAL_SALARY.max * 100})`;

/** In a published salary's currency `currency` (a code, or null for salaries without one) or in none. */
export const inSalaryCurrency = (job: SalaryColumns, currency: SQL | string | null): SQL =>
  currency === null
    ? sql`${currencyCode(job)} is null`
    : sql`(${currencyCode(job)} is null or ${currencyCode(job)} = ${currency})`;

/**
 * The minimum-salary filter: a job publishing a salary in the board's currency `currency` (or in
 * none, as GET /salaries counts it) that is plausible once annualized and whose range reaches
 * `minimum` a year (its upper end, or its only amount). Jobs without a salary, in another currency
 * or implausible never match: their yearly pay is unknown, or not comparable without exchange rates.
 * Never null, so it can be negated.
 */
export function salaryAtLeast(job: SalaryColumns, minimum: number | SQL, currency: SQL | string | null): SQL {
  const { low, high } = annualSalary(job);
  const cents = typeof minimum === 'number' ? sql`${minimum * 100}::int8` : sql`${minimum}::int8 * 100`;
  return sql`coalesce(${publishesSalary(job)} and ${inSalaryCurrency(job, currency)}
    and ${plausibleAnnual(low, high)} and ${high} >= ${cents}, false)`;
}

/**
 * The live salaried jobs of the organization per currency as written: the votes for its currency.
 * `orgId` may be a column of an outer statement (one board's currency per row of boards).
 */
export const currencySpellings = (orgId: number | SQL): SQL => sql`
  select ${jobs.salaryCurrency} as spelling, ${currencyCode(jobSalary)} as currency, count(*) as n
  from ${jobs}
  where ${jobs.organizationId} = ${orgId} and ${liveJobCondition} and ${publishesSalary(jobSalary)}
  group by ${jobs.salaryCurrency}`;

/** The board's currency from a `spellings` relation (currencySpellings): most jobs, then by code. */
export const dominantCurrency = sql.raw(
  `select currency from spellings where currency is not null
    group by currency order by sum(n) desc, currency collate "C" limit 1`,
);

/**
 * The board's salary currency as a scalar subquery. Uncorrelated, PostgreSQL computes it once, and
 * only if a row needs it (an InitPlan): a statement matching alerts without a minimum salary never does.
 */
export const boardSalaryCurrencySql = (orgId: number | SQL): SQL =>
  sql`(with spellings as (${currencySpellings(orgId)}) ${dominantCurrency})`;

const currencies = new RevisionCache<{ currency: string | null }>({
  name: 'board salary currencies',
  // As the salary statistics: expiries change which jobs are live without a write.
  ttlMs: 60_000,
  maxBytes: 256 * 1024,
});

/**
 * The board's salary currency: the one GET /salaries reports (`currency`), the currency a minimum
 * salary is in. Null when no live job publishes a salary with a currency.
 */
export async function boardSalaryCurrency(db: Db, organization: RevisionKey): Promise<string | null> {
  const { currency } = await currencies.get(organization, 'currency', async () => {
    const [row] = await executeRows<{ currency: string | null }>(
      db,
      sql`select ${boardSalaryCurrencySql(organization.id)} as currency`,
    );
    return { currency: row?.currency ?? null };
  });
  return currency;
}

export function clearSalaryCurrencyCache(): void {
  currencies.clear();
}
