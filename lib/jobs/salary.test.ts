// The minimum-salary filter reads a salary as GET /salaries does: over a corpus of periods, ranges
// and spellings, each job's yearly range by the filter's expressions is the one the statistics report
// for it alone on a board, and on a board of them all a minimum keeps exactly the jobs whose yearly
// upper end reaches it, in the board's currency, inside the plausible window.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type Database, getDb } from '@/db/client';
import { jobs, type NewJob, organizations } from '@/db/schema';
import { executeRows } from '@/lib/core/transaction';
import { computeSalaryStats } from '@/lib/salaries/service';
import { createTenant } from '@/test/factories';
import { listJobs } from './queries';
import { annualSalary, boardSalaryCurrency, jobSalary } from './salary';

type Salary = Pick<NewJob, 'salaryMin' | 'salaryMax' | 'salaryPeriod' | 'salaryCurrency'>;

/** Counted jobs: published in USD (however spelled) or without a currency, plausible once annualized. */
const counted: Record<string, Salary & { yearly: [number, number]; period: string }> = {
  hourly: { salaryMin: 25, salaryPeriod: 'hourly', yearly: [52_000, 52_000], period: 'hourly' },
  'hourly range': {
    salaryMin: 20.25,
    salaryMax: 30,
    salaryPeriod: 'hourly',
    yearly: [42_120, 62_400],
    period: 'hourly',
  },
  daily: { salaryMin: 300, salaryPeriod: 'daily', yearly: [78_000, 78_000], period: 'daily' },
  weekly: { salaryMax: 1_200, salaryPeriod: 'weekly', yearly: [62_400, 62_400], period: 'weekly' },
  monthly: { salaryMin: 5_000, salaryPeriod: 'monthly', yearly: [60_000, 60_000], period: 'monthly' },
  'monthly range': {
    salaryMin: 4_000,
    salaryMax: 6_000,
    salaryPeriod: 'monthly',
    yearly: [48_000, 72_000],
    period: 'monthly',
  },
  yearly: { salaryMin: 65_000, salaryPeriod: 'yearly', yearly: [65_000, 65_000], period: 'yearly' },
  'yearly range': {
    salaryMin: 50_000,
    salaryMax: 70_000,
    salaryPeriod: 'yearly',
    yearly: [50_000, 70_000],
    period: 'yearly',
  },
  'range upside down': {
    salaryMin: 90_000,
    salaryMax: 80_000,
    salaryPeriod: 'yearly',
    yearly: [80_000, 90_000],
    period: 'yearly',
  },
  'upper end only': { salaryMax: 61_000, salaryPeriod: 'yearly', yearly: [61_000, 61_000], period: 'yearly' },
  'no period, an hourly amount': { salaryMin: 45, yearly: [93_600, 93_600], period: 'hourly' },
  'no period, a monthly amount': { salaryMin: 4_500, yearly: [54_000, 54_000], period: 'monthly' },
  'yearly, an hourly amount': {
    salaryMin: 30,
    salaryPeriod: 'yearly',
    yearly: [62_400, 62_400],
    period: 'hourly',
  },
  'padded capitalized period': {
    salaryMin: 5_100,
    salaryPeriod: ' Monthly',
    yearly: [61_200, 61_200],
    period: 'monthly',
  },
  'unknown period': {
    salaryMin: 70_000,
    salaryPeriod: 'per annum',
    yearly: [70_000, 70_000],
    period: 'yearly',
  },
  'lowercase currency': {
    salaryMin: 58_000,
    salaryCurrency: ' usd',
    salaryPeriod: 'yearly',
    yearly: [58_000, 58_000],
    period: 'yearly',
  },
  'no currency': {
    salaryMin: 57_000,
    salaryCurrency: null,
    salaryPeriod: 'yearly',
    yearly: [57_000, 57_000],
    period: 'yearly',
  },
  'blank currency': {
    salaryMin: 3_000,
    salaryCurrency: ' ',
    salaryPeriod: 'monthly',
    yearly: [36_000, 36_000],
    period: 'monthly',
  },
  'plausible edges': {
    salaryMin: 10_000,
    salaryMax: 10_000_000,
    salaryPeriod: 'yearly',
    yearly: [10_000, 10_000_000],
    period: 'yearly',
  },
};

/** Jobs no minimum keeps. */
const leftOut: Record<string, Salary> = {
  'other currency': { salaryMin: 100_000, salaryCurrency: 'EUR', salaryPeriod: 'yearly' },
  'implausibly low': { salaryMin: 30, salaryPeriod: 'daily' },
  'implausibly high': { salaryMin: 10_000, salaryPeriod: 'hourly' },
  'range reaching past the window': { salaryMin: 60_000, salaryMax: 10_000_001, salaryPeriod: 'yearly' },
  'no salary': { salaryPeriod: 'yearly' },
};

let slugs = 0;
async function addJob(db: Database, orgId: number, title: string, salary: Salary) {
  const [job] = await db
    .insert(jobs)
    .values({
      organizationId: orgId,
      title,
      description: 'Does the work.',
      companyName: 'Acme',
      slug: `salary-${++slugs}`,
      status: 'active',
      salaryCurrency: 'USD',
      ...salary,
    })
    .returning({ id: jobs.id });
  return job!.id;
}

async function board(db: Database) {
  const { organization } = await createTenant();
  const [row] = await db
    .select({ id: organizations.id, revision: organizations.revision })
    .from(organizations)
    .where(sql`${organizations.id} = ${organization.id}`);
  return row!;
}

describe('the minimum-salary filter and GET /salaries', () => {
  it('annualize every job of the corpus alike', async () => {
    const db = await getDb();
    const annual = annualSalary(jobSalary);
    for (const [title, { yearly, period, ...salary }] of Object.entries(counted)) {
      const org = await board(db);
      const id = await addJob(db, org.id, title, salary);
      const stats = await computeSalaryStats(db, org.id);
      const [filter] = await executeRows<{ low: string; high: string; period: string }>(
        db,
        sql`select ${annual.low} as low, ${annual.high} as high, ${annual.period} as period from ${jobs} where ${jobs.id} = ${id}`,
      );
      const reported = {
        range: [stats.overall?.min, stats.overall?.max],
        period: Object.entries(stats.periods).find(([, count]) => count === 1)?.[0],
      };
      const filtered = {
        range: [Number(filter!.low) / 100, Number(filter!.high) / 100],
        period: filter!.period,
      };
      expect({ title, ...filtered }).toEqual({ title, ...reported });
      expect({ title, ...filtered }).toEqual({ title, range: yearly, period });
    }
  });

  it('keeps, for a minimum, the jobs whose yearly upper end reaches it in the board’s currency', async () => {
    const db = await getDb();
    const org = await board(db);
    const ids = new Map<string, string>();
    for (const [title, { yearly: _yearly, period: _period, ...salary }] of Object.entries(counted))
      ids.set(await addJob(db, org.id, title, salary), title);
    for (const [title, salary] of Object.entries(leftOut))
      ids.set(await addJob(db, org.id, title, salary), title);
    expect(await boardSalaryCurrency(db, org)).toBe('USD');
    const stats = await computeSalaryStats(db, org.id);
    expect(stats).toMatchObject({ currency: 'USD', salaried_jobs: Object.keys(counted).length });

    const kept = async (salary_min: number) => {
      const {
        jobs: found,
        total,
        salaryCurrency,
      } = await listJobs(db, org, {
        salary_min,
        status: 'active',
        page: 1,
        per_page: 100,
      });
      expect(found).toHaveLength(total);
      expect(salaryCurrency).toBe('USD');
      return found.map((job) => ids.get(job.id)).sort();
    };
    const reaching = (minimum: number) =>
      Object.entries(counted)
        .filter(([, { yearly }]) => yearly[1] >= minimum)
        .map(([title]) => title)
        .sort();
    // Every job's own upper end is an edge: kept at it, gone one above it.
    const edges = [...new Set(Object.values(counted).flatMap(({ yearly }) => [yearly[1], yearly[1] + 1]))];
    for (const minimum of [0, 10_000, ...edges, 9_999_999, 10_000_000]) {
      expect({ minimum, kept: await kept(minimum) }).toEqual({ minimum, kept: reaching(minimum) });
    }
    expect(await kept(0)).toHaveLength(Object.keys(counted).length);
  });

  it('reads minimums in the board’s most used currency, and keeps nothing without one', async () => {
    const db = await getDb();
    const org = await board(db);
    await addJob(db, org.id, 'Lisbon', { salaryMin: 50_000, salaryCurrency: 'EUR', salaryPeriod: 'yearly' });
    await addJob(db, org.id, 'Porto', { salaryMin: 40_000, salaryCurrency: 'eur', salaryPeriod: 'yearly' });
    await addJob(db, org.id, 'Boston', { salaryMin: 90_000, salaryPeriod: 'yearly' });
    await addJob(db, org.id, 'Unpaid', { salaryPeriod: 'yearly' });
    const titles = async (salary_min: number) => {
      const { jobs: found, salaryCurrency } = await listJobs(db, org, { salary_min, page: 1, per_page: 100 });
      return { currency: salaryCurrency, titles: found.map((job) => job.title).sort() };
    };
    expect(await titles(45_000)).toEqual({ currency: 'EUR', titles: ['Lisbon'] });
    expect((await computeSalaryStats(db, org.id)).currency).toBe('EUR');

    const empty = await board(db);
    await addJob(db, empty.id, 'Unpaid', { salaryPeriod: 'yearly' });
    const { jobs: none, salaryCurrency } = await listJobs(db, empty, {
      salary_min: 0,
      page: 1,
      per_page: 100,
    });
    expect({ salaryCurrency, none }).toEqual({ salaryCurrency: null, none: [] });
  });
});
