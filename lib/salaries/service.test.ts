import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connect, type Database, getDb } from '@/db/client';
import { categories, type Job, jobCategories, jobs, type NewJob, organizations } from '@/db/schema';
import { AppError } from '@/lib/core/errors';
import { createTenant } from '@/test/factories';
import { salaryStatsSchema } from './schemas';
import { clearSalaryCache, computeSalaryStats, getSalaryStats, SALARY_CACHE_TTL_MS } from './service';

type JobFields = Partial<Omit<NewJob, 'organizationId'>>;

let db: Database;
let orgId: number;
let jobNumber = 0;

beforeEach(async () => {
  // Organization ids repeat across test files (each has its own database) and the cache is per process.
  clearSalaryCache();
  db = await getDb();
  orgId = (await createTenant()).organization.id;
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** Inserts jobs straight into the table: active, in USD, yearly, unless a field says otherwise. */
async function addJobs(...fields: JobFields[]): Promise<Job[]> {
  return db
    .insert(jobs)
    .values(
      fields.map((field) => ({
        organizationId: orgId,
        title: 'Engineer',
        description: 'Builds things.',
        companyName: 'Acme',
        slug: `job-${++jobNumber}`,
        status: 'active',
        salaryCurrency: 'USD',
        salaryPeriod: 'yearly',
        ...field,
      })),
    )
    .returning();
}

async function addCategory(name: string, parentId: string | null = null) {
  const slug = name.toLowerCase().replace(/\W+/g, '-');
  const [category] = await db
    .insert(categories)
    .values({ organizationId: orgId, name, slug, parentId })
    .returning();
  return category!;
}

async function file(job: Job, ...filedUnder: { id: string }[]) {
  await db.insert(jobCategories).values(
    filedUnder.map((category, position) => ({
      jobId: job.id,
      categoryId: category.id,
      organizationId: orgId,
      position,
    })),
  );
}

const stats = () => computeSalaryStats(db, orgId);
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);
const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000);
/** A job's figures when it is alone on the board: the distribution of one midpoint. */
const single = (low: number, high: number, mid = (low + high) / 2) => ({
  count: 1,
  min: low,
  max: high,
  avg: mid,
  p25: mid,
  median: mid,
  p75: mid,
});

describe('an empty board', () => {
  it('has no currency, no overall figures and all five periods at zero', async () => {
    const result = await stats();
    expect(result).toEqual({
      currency: null,
      total_active_jobs: 0,
      salaried_jobs: 0,
      excluded_other_currency: 0,
      excluded_implausible: 0,
      periods: { yearly: 0, monthly: 0, weekly: 0, daily: 0, hourly: 0 },
      overall: null,
      by_category: [],
      by_job_type: [],
      by_location: [],
    });
    expect(salaryStatsSchema.safeParse(result).success).toBe(true);
  });

  it('keeps currency and overall null when live jobs publish no salary', async () => {
    await addJobs({ salaryCurrency: 'EUR' }, { salaryCurrency: null, salaryPeriod: null });
    expect(await stats()).toMatchObject({
      currency: null,
      total_active_jobs: 2,
      salaried_jobs: 0,
      overall: null,
    });
  });
});

describe('rule 1: only live jobs with a salary count', () => {
  it.each<{ name: string; job: JobFields; total: number; salaried: number }>([
    { name: 'active, no expiry', job: { salaryMin: 50_000 }, total: 1, salaried: 1 },
    {
      name: 'active, expiring later',
      job: { salaryMin: 50_000, expiresAt: hoursAhead(1) },
      total: 1,
      salaried: 1,
    },
    { name: 'active but expired', job: { salaryMin: 50_000, expiresAt: hoursAgo(1) }, total: 0, salaried: 0 },
    { name: 'pending', job: { salaryMin: 50_000, status: 'pending' }, total: 0, salaried: 0 },
    { name: 'status expired', job: { salaryMin: 50_000, status: 'expired' }, total: 0, salaried: 0 },
    { name: 'active without salary', job: {}, total: 1, salaried: 0 },
    { name: 'active with only a maximum', job: { salaryMax: 50_000 }, total: 1, salaried: 1 },
  ])('$name', async ({ job, total, salaried }) => {
    await addJobs(job);
    const result = await stats();
    expect(result.total_active_jobs).toBe(total);
    expect(result.salaried_jobs).toBe(salaried);
  });
});

describe('rule 2: figures are annualized', () => {
  it.each([
    { period: 'hourly', min: 40, max: 60, low: 83_200, high: 124_800 },
    { period: 'daily', min: 200, max: 300, low: 52_000, high: 78_000 },
    { period: 'weekly', min: 1_000, max: 1_500, low: 52_000, high: 78_000 },
    { period: 'monthly', min: 5_000, max: 7_000, low: 60_000, high: 84_000 },
    { period: 'yearly', min: 50_000, max: 70_000, low: 50_000, high: 70_000 },
  ])('$period: $min to $max is $low to $high a year', async ({ period, min, max, low, high }) => {
    await addJobs({ salaryPeriod: period, salaryMin: min, salaryMax: max });
    const result = await stats();
    expect(result.overall).toEqual(single(low, high));
    expect(result.periods).toMatchObject({ [period]: 1 });
  });
});

describe('rule 3: a yearly or missing period is inferred from the published midpoint', () => {
  it.each<{ name: string; job: JobFields; period: string; low: number; high: number }>([
    {
      name: 'missing, midpoint 30',
      job: { salaryPeriod: null, salaryMin: 25, salaryMax: 35 },
      period: 'hourly',
      low: 52_000,
      high: 72_800,
    },
    { name: 'yearly, 499.99', job: { salaryMin: 499.99 }, period: 'hourly', low: 1_039_979, high: 1_039_979 },
    {
      name: 'yearly, midpoint 495 though max is 690',
      job: { salaryMin: 300, salaryMax: 690 },
      period: 'hourly',
      low: 624_000,
      high: 1_435_200,
    },
    {
      name: 'missing, 4,000',
      job: { salaryPeriod: null, salaryMax: 4_000 },
      period: 'monthly',
      low: 48_000,
      high: 48_000,
    },
    {
      name: 'yearly, 9,999.99',
      job: { salaryMin: 9_999.99 },
      period: 'monthly',
      low: 119_999.88,
      high: 119_999.88,
    },
    {
      name: 'yearly, midpoint 9,800 though max is 10,600',
      job: { salaryMin: 9_000, salaryMax: 10_600 },
      period: 'monthly',
      low: 108_000,
      high: 127_200,
    },
    { name: 'yearly, 10,000', job: { salaryMin: 10_000 }, period: 'yearly', low: 10_000, high: 10_000 },
    {
      name: 'unrecognized "annual", 4,000',
      job: { salaryPeriod: 'annual', salaryMin: 4_000 },
      period: 'monthly',
      low: 48_000,
      high: 48_000,
    },
    {
      name: '" Yearly " (trimmed, any case), 30',
      job: { salaryPeriod: ' Yearly ', salaryMin: 30 },
      period: 'hourly',
      low: 62_400,
      high: 62_400,
    },
    {
      name: 'explicit monthly 20,000 is trusted',
      job: { salaryPeriod: 'monthly', salaryMin: 20_000 },
      period: 'monthly',
      low: 240_000,
      high: 240_000,
    },
    {
      name: 'explicit HOURLY 1,000 is trusted',
      job: { salaryPeriod: 'HOURLY', salaryMin: 1_000 },
      period: 'hourly',
      low: 2_080_000,
      high: 2_080_000,
    },
    {
      name: 'explicit weekly 400 is trusted',
      job: { salaryPeriod: 'weekly', salaryMin: 400 },
      period: 'weekly',
      low: 20_800,
      high: 20_800,
    },
  ])('$name → $period', async ({ job, period, low, high }) => {
    await addJobs(job);
    const result = await stats();
    expect(result.periods).toEqual({ yearly: 0, monthly: 0, weekly: 0, daily: 0, hourly: 0, [period]: 1 });
    const mid = (low + high) / 2;
    expect(result.overall).toEqual(single(Math.round(low), Math.round(high), Math.round(mid)));
  });

  it('treats a published midpoint of exactly 500 as monthly (here: 6,000 a year, implausible)', async () => {
    await addJobs({ salaryPeriod: null, salaryMin: 400, salaryMax: 600 });
    expect(await stats()).toMatchObject({ salaried_jobs: 0, excluded_implausible: 1 });
  });
});

describe('rule 4: every published bound must be plausible once annualized', () => {
  it.each<{ name: string; job: JobFields; counted: boolean }>([
    { name: 'exactly 10,000', job: { salaryMin: 10_000 }, counted: true },
    { name: 'exactly 10,000,000', job: { salaryMax: 10_000_000 }, counted: true },
    { name: '10,000,000.01', job: { salaryMax: 10_000_000.01 }, counted: false },
    {
      name: 'min 5,000 with max 20,000 (midpoint 12,500: yearly)',
      job: { salaryMin: 5_000, salaryMax: 20_000 },
      counted: false,
    },
    {
      name: 'min 30,000 with max 20,000,000',
      job: { salaryMin: 30_000, salaryMax: 20_000_000 },
      counted: false,
    },
    { name: 'hourly 4.81 (10,004.80)', job: { salaryPeriod: 'hourly', salaryMin: 4.81 }, counted: true },
    { name: 'hourly 4 (8,320)', job: { salaryPeriod: 'hourly', salaryMin: 4 }, counted: false },
    { name: 'hourly 5,000 (10,400,000)', job: { salaryPeriod: 'hourly', salaryMin: 5_000 }, counted: false },
    {
      name: 'monthly 900,000 (10,800,000)',
      job: { salaryPeriod: 'monthly', salaryMax: 900_000 },
      counted: false,
    },
    { name: 'zero', job: { salaryMin: 0 }, counted: false },
    { name: 'negative', job: { salaryMin: -50_000 }, counted: false },
  ])('$name: counted? $counted', async ({ job, counted }) => {
    await addJobs(job);
    expect(await stats()).toMatchObject({
      total_active_jobs: 1,
      salaried_jobs: counted ? 1 : 0,
      excluded_implausible: counted ? 0 : 1,
      overall: counted ? expect.any(Object) : null,
    });
  });

  it('checks only dominant-currency jobs: an implausible job in another currency is an other-currency exclusion', async () => {
    await addJobs({ salaryMin: 50_000 }, { salaryMin: 60_000 }, { salaryCurrency: 'EUR', salaryMin: 1 });
    expect(await stats()).toMatchObject({
      currency: 'USD',
      salaried_jobs: 2,
      excluded_other_currency: 1,
      excluded_implausible: 0,
    });
  });
});

describe('rule 5: the dominant currency', () => {
  it.each<{
    name: string;
    currencies: (string | null)[];
    currency: string | null;
    salaried: number;
    other: number;
  }>([
    {
      name: 'the most named wins',
      currencies: ['USD', 'EUR', 'USD'],
      currency: 'USD',
      salaried: 2,
      other: 1,
    },
    {
      name: 'a tie goes to the alphabetically first',
      currencies: ['USD', 'EUR'],
      currency: 'EUR',
      salaried: 1,
      other: 1,
    },
    {
      name: 'codes are trimmed and upper-cased',
      currencies: [' usd', 'Usd ', 'EUR'],
      currency: 'USD',
      salaried: 2,
      other: 1,
    },
    {
      name: 'jobs without currency count as dominant but do not vote',
      currencies: ['USD', 'EUR', 'EUR', null, null, null],
      currency: 'EUR',
      salaried: 5,
      other: 1,
    },
    {
      name: 'a blank currency is no currency',
      currencies: ['', ' ', 'GBP'],
      currency: 'GBP',
      salaried: 3,
      other: 0,
    },
    {
      name: 'no job names one: currency null, figures from all of them',
      currencies: [null, null],
      currency: null,
      salaried: 2,
      other: 0,
    },
  ])('$name', async ({ currencies, currency, salaried, other }) => {
    await addJobs(...currencies.map((salaryCurrency) => ({ salaryCurrency, salaryMin: 50_000 })));
    const result = await stats();
    expect(result).toMatchObject({ currency, salaried_jobs: salaried, excluded_other_currency: other });
    expect(result.overall?.count).toBe(salaried);
  });

  it('counts votes among live salaried jobs, before plausibility', async () => {
    await addJobs(
      { salaryCurrency: 'EUR', salaryMin: 50_000 },
      { salaryCurrency: 'GBP' }, // no salary: no vote
      { salaryCurrency: 'GBP' },
      { salaryCurrency: 'USD', salaryMin: 50_000, status: 'pending' }, // not live: no vote
      { salaryCurrency: 'USD', salaryMin: 50_000, expiresAt: hoursAgo(1) },
      { salaryCurrency: 'CHF', salaryMin: 1 }, // implausible, but it votes
      { salaryCurrency: 'CHF', salaryMin: 2 },
    );
    expect(await stats()).toMatchObject({
      currency: 'CHF',
      total_active_jobs: 5,
      salaried_jobs: 0,
      excluded_implausible: 2,
      excluded_other_currency: 1,
      overall: null,
    });
  });
});

describe('rule 6: the distribution', () => {
  it('takes min from lows, max from highs, and avg and percentiles from midpoints', async () => {
    await addJobs(
      { salaryMin: 40_000, salaryMax: 60_000 }, // midpoint 50,000
      { salaryMin: 70_000 }, // only a minimum: low, high and midpoint 70,000
      { salaryMax: 90_000 }, // only a maximum: 90,000
      { salaryMin: 100_000, salaryMax: 140_000 }, // midpoint 120,000
    );
    expect((await stats()).overall).toEqual({
      count: 4,
      min: 40_000,
      max: 140_000,
      avg: 82_500, // (50 + 70 + 90 + 120) / 4 thousand
      p25: 65_000, // rank 0.75 of 0..3: 50,000 + 0.75 × 20,000
      median: 80_000, // rank 1.5: 70,000 + 0.5 × 20,000
      p75: 97_500, // rank 2.25: 90,000 + 0.25 × 30,000
    });
  });

  it('annualizes before combining jobs of different periods', async () => {
    await addJobs(
      { salaryPeriod: 'hourly', salaryMin: 30, salaryMax: 40 }, // 62,400..83,200, midpoint 72,800
      { salaryPeriod: 'monthly', salaryMin: 4_000 }, // 48,000
      { salaryMin: 100_000 },
    );
    expect((await stats()).overall).toEqual({
      count: 3,
      min: 48_000,
      max: 100_000,
      avg: 73_600, // (48,000 + 72,800 + 100,000) / 3
      p25: 60_400, // rank 0.5: 48,000 + 0.5 × 24,800
      median: 72_800,
      p75: 86_400, // rank 1.5: 72,800 + 0.5 × 27,200
    });
  });

  it('rounds whole numbers at the end, halves away from zero', async () => {
    await addJobs({ salaryMin: 10_000 }, { salaryMin: 10_001 }, { salaryMin: 10_002.5 });
    // Midpoints 10,000, 10,001, 10,002.5: avg 10,001.17; p25 (rank 0.5) 10,000.5; p75 (rank 1.5) 10,001.75.
    expect((await stats()).overall).toEqual({
      count: 3,
      min: 10_000,
      max: 10_003, // 10,002.5: half rounds up, not to the even 10,002
      avg: 10_001,
      p25: 10_001, // 10,000.5: half rounds up, not to the even 10,000
      median: 10_001,
      p75: 10_002,
    });
  });

  it('reads swapped bounds the right way round', async () => {
    await addJobs({ salaryMin: 80_000, salaryMax: 60_000 });
    expect((await stats()).overall).toEqual(single(60_000, 80_000));
  });
});

describe('rule 7: totals', () => {
  it('accounts for every live salaried job exactly once', async () => {
    await addJobs(
      { salaryPeriod: 'monthly', salaryMin: 5_000 },
      { salaryPeriod: 'hourly', salaryMin: 50 },
      { salaryPeriod: null, salaryMin: 60_000 },
      { salaryMin: 70_000, salaryCurrency: null },
      { salaryMin: 3 }, // hourly, 6,240: implausible
      { salaryMin: 80_000, salaryCurrency: 'EUR' },
      {}, // live, no salary
      { salaryMin: 90_000, status: 'pending' }, // not live
    );
    expect(await stats()).toMatchObject({
      currency: 'USD',
      total_active_jobs: 7,
      salaried_jobs: 4,
      excluded_other_currency: 1,
      excluded_implausible: 1,
      periods: { yearly: 2, monthly: 1, weekly: 0, daily: 0, hourly: 1 },
      overall: { count: 4 },
    });
  });
});

describe('rule 8: breakdowns', () => {
  it('groups by category; a main category also takes its sub-categories’ jobs, once each', async () => {
    const engineering = await addCategory('Engineering');
    const backend = await addCategory('Backend', engineering.id);
    const frontend = await addCategory('Frontend', engineering.id);
    const design = await addCategory('Design');
    const [j1, j2, j3, j4, j5, j6, j7, j8, j9] = await addJobs(
      { salaryMin: 50_000 },
      { salaryMin: 60_000, salaryMax: 80_000 },
      { salaryMin: 90_000 },
      { salaryMin: 100_000, salaryMax: 120_000 },
      { salaryMin: 40_000 },
      { salaryMin: 45_000 },
      { salaryMin: 50_000, salaryMax: 60_000 },
      { salaryMin: 60_000, status: 'pending' }, // not live
      { salaryMin: 60_000, salaryCurrency: 'EUR' }, // other currency
    );
    await file(j1!, backend);
    await file(j2!, backend);
    await file(j3!, backend, frontend); // two sub-categories: Engineering still counts it once
    await file(j4!, engineering, backend); // the main category and its sub-category: once
    for (const job of [j5!, j6!, j7!, j8!, j9!]) await file(job, design);

    const { by_category } = await stats();
    // Midpoints 50, 70, 90, 110 thousand in Backend and in Engineering; Frontend has 1 job: not shown.
    const engineeringFigures = {
      count: 4,
      min: 50_000,
      max: 120_000,
      avg: 80_000,
      p25: 65_000,
      median: 80_000,
      p75: 95_000,
    };
    expect(by_category).toEqual([
      { id: backend.id, name: 'Backend', slug: 'backend', ...engineeringFigures },
      { id: engineering.id, name: 'Engineering', slug: 'engineering', ...engineeringFigures },
      // Midpoints 40, 45, 55 thousand: the pending and the EUR job do not count.
      {
        id: design.id,
        name: 'Design',
        slug: 'design',
        count: 3,
        min: 40_000,
        max: 60_000,
        avg: 46_667,
        p25: 42_500,
        median: 45_000,
        p75: 50_000,
      },
    ]);
  });

  it('groups by job type and by location, trimmed, case-sensitive, blanks left out, 3 jobs at least', async () => {
    const three = (fields: JobFields) =>
      [fields, fields, fields].map((field) => ({ salaryMin: 60_000, ...field }));
    await addJobs(
      ...three({ jobType: 'full-time', location: 'Berlin' }),
      { salaryMin: 60_000, jobType: 'full-time', location: ' Berlin ' },
      ...three({ jobType: 'Contract', location: 'berlin' }),
      ...three({ jobType: 'contract', location: 'Remote' }),
      { salaryMin: 60_000, jobType: ' part-time', location: 'Paris' },
      { salaryMin: 60_000, jobType: 'part-time ', location: 'Paris' },
      ...three({ jobType: '  ', location: '' }),
      ...three({ jobType: null, location: null }),
    );
    const { by_job_type, by_location } = await stats();
    const figures = { min: 60_000, max: 60_000, avg: 60_000, p25: 60_000, median: 60_000, p75: 60_000 };
    expect(by_job_type).toEqual([
      { value: 'full-time', count: 4, ...figures },
      { value: 'Contract', count: 3, ...figures }, // ties: case-insensitive, then upper case first
      { value: 'contract', count: 3, ...figures },
    ]);
    expect(by_location).toEqual([
      { value: 'Berlin', count: 4, ...figures },
      { value: 'berlin', count: 3, ...figures },
      { value: 'Remote', count: 3, ...figures },
    ]);
  });

  it('orders rows by count, then name, and caps them at 100 categories, 20 job types, 15 locations', async () => {
    const pad = (n: number) => String(n).padStart(3, '0');
    const groups = Array.from({ length: 101 }, (_, group) => group);
    const created = await db
      .insert(categories)
      .values(
        groups.map((group) => ({
          organizationId: orgId,
          name: `Category ${pad(group)}`,
          slug: `c-${group}`,
        })),
      )
      .returning();
    // Three jobs per category; category g's jobs have job type g mod 21 and location g mod 16.
    const added = await addJobs(
      ...groups.flatMap((group) =>
        [0, 1, 2].map(() => ({
          salaryMin: 50_000,
          jobType: `type-${pad(group % 21)}`,
          location: `city-${pad(group % 16)}`,
        })),
      ),
    );
    await db.insert(jobCategories).values(
      added.map((job, index) => ({
        jobId: job.id,
        categoryId: created[Math.floor(index / 3)]!.id,
        organizationId: orgId,
      })),
    );

    const { by_category, by_job_type, by_location } = await stats();
    expect(by_category).toHaveLength(100);
    expect(by_category.map((row) => row.name)).toEqual(
      groups.slice(0, 100).map((group) => `Category ${pad(group)}`),
    );
    // 101 = 4 × 21 + 17: types 0..16 gather 5 categories (15 jobs), types 17..20 gather 4 (12 jobs).
    expect(by_job_type.map((row) => [row.value, row.count])).toEqual([
      ...Array.from({ length: 17 }, (_, type) => [`type-${pad(type)}`, 15]),
      ['type-017', 12],
      ['type-018', 12],
      ['type-019', 12],
    ]);
    // 101 = 6 × 16 + 5: locations 0..4 gather 7 categories (21 jobs), the others 6 (18 jobs).
    expect(by_location.map((row) => [row.value, row.count])).toEqual([
      ...Array.from({ length: 5 }, (_, city) => [`city-${pad(city)}`, 21]),
      ...Array.from({ length: 10 }, (_, city) => [`city-${pad(city + 5)}`, 18]),
    ]);
  });
});

describe('rule 9: database failures', () => {
  it('surfaces as db_error', async () => {
    // A real node-postgres pool pointed at a port nothing listens on.
    const unreachable = await connect({ driver: 'pg', url: 'postgres://postgres@127.0.0.1:1/none' });
    try {
      const failure = computeSalaryStats(unreachable.db, orgId);
      await expect(failure).rejects.toBeInstanceOf(AppError);
      await expect(failure).rejects.toMatchObject({ code: 'db_error', status: 500 });
    } finally {
      await unreachable.close();
    }
  });
});

describe('getSalaryStats: the cache', () => {
  const organization = async () =>
    (await db.select().from(organizations).where(eq(organizations.id, orgId)))[0]!;
  const bumpRevision = () =>
    db
      .update(organizations)
      .set({ revision: sql`${organizations.revision} + 1` })
      .where(eq(organizations.id, orgId));

  it('answers from the cache until the jobs revision changes', async () => {
    await addJobs({ salaryMin: 50_000 });
    expect((await getSalaryStats(db, await organization())).salaried_jobs).toBe(1);
    await addJobs({ salaryMin: 60_000 }); // a write that (unlike the jobs service) does not bump the revision
    expect((await getSalaryStats(db, await organization())).salaried_jobs).toBe(1);
    await bumpRevision();
    expect((await getSalaryStats(db, await organization())).salaried_jobs).toBe(2);
  });

  it('recomputes after 60 s, when an expiry may have passed without any write', async () => {
    const [job] = await addJobs({ salaryMin: 50_000, expiresAt: hoursAhead(1) });
    const org = await organization();
    expect((await getSalaryStats(db, org)).salaried_jobs).toBe(1);
    await db
      .update(jobs)
      .set({ expiresAt: hoursAgo(1) })
      .where(eq(jobs.id, job!.id)); // as if time passed
    const now = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(now + SALARY_CACHE_TTL_MS - 1_000);
    expect((await getSalaryStats(db, org)).salaried_jobs).toBe(1);
    vi.spyOn(Date, 'now').mockReturnValue(now + SALARY_CACHE_TTL_MS + 1_000);
    expect((await getSalaryStats(db, org)).salaried_jobs).toBe(0);
  });

  it('keeps boards apart and shares one computation between concurrent requests', async () => {
    await addJobs({ salaryMin: 50_000 });
    const other = (await createTenant()).organization;
    const execute = vi.spyOn(db, 'execute');
    const org = await organization();
    const [first, second, otherBoard] = await Promise.all([
      getSalaryStats(db, org),
      getSalaryStats(db, org),
      getSalaryStats(db, other),
    ]);
    expect(first).toBe(second);
    expect(first.salaried_jobs).toBe(1);
    expect(otherBoard.salaried_jobs).toBe(0);
    expect(execute).toHaveBeenCalledTimes(2);
  });

  it('answers a request that loaded an older revision from a newer entry', async () => {
    const stale = await organization();
    await addJobs({ salaryMin: 50_000 });
    await bumpRevision();
    expect((await getSalaryStats(db, await organization())).salaried_jobs).toBe(1);
    const execute = vi.spyOn(db, 'execute');
    // Computed after the newer revision committed, so at least as fresh as the older one asks for.
    expect((await getSalaryStats(db, stale)).salaried_jobs).toBe(1);
    expect(execute).not.toHaveBeenCalled();
  });

  it('does not keep a failure', async () => {
    const org = await organization();
    vi.spyOn(db, 'execute').mockRejectedValueOnce(new Error('connection reset'));
    await expect(getSalaryStats(db, org)).rejects.toMatchObject({ code: 'db_error' });
    expect((await getSalaryStats(db, org)).total_active_jobs).toBe(0);
  });
});
