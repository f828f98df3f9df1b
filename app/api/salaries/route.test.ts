import { eq, sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { jobs, type NewJob, organizations } from '@/db/schema';
import { clearSalaryCache } from '@/lib/salaries/service';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { GET, OPTIONS, POST } from './route';

let jobNumber = 0;

async function addJobs(organizationId: number, ...fields: Partial<NewJob>[]) {
  const db = await getDb();
  await db.insert(jobs).values(
    fields.map((field) => ({
      organizationId,
      title: 'Engineer',
      description: 'Builds things.',
      companyName: 'Acme',
      slug: `job-${++jobNumber}`,
      status: 'active',
      ...field,
    })),
  );
}

/** What the jobs service does in the transaction of every job write. */
async function bumpRevision(organizationId: number) {
  const db = await getDb();
  await db
    .update(organizations)
    .set({ revision: sql`${organizations.revision} + 1` })
    .where(eq(organizations.id, organizationId));
}

beforeEach(() => {
  // Organization ids repeat across test files (each has its own database) and the cache is per process.
  clearSalaryCache();
});

describe('GET /api/salaries', () => {
  it('answers 401 without a key', async () => {
    const response = await call(GET, { path: '/salaries' });
    expect(response.status).toBe(401);
    expect(response.body.error).toMatchObject({ code: 'unauthorized', request_id: expect.any(String) });
  });

  it('answers an empty board with null currency and null overall', async () => {
    const tenant = await createTenant();
    const response = await call(GET, { path: '/salaries', apiKey: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      data: {
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
      },
    });
  });

  it("counts only the key's own organization's jobs", async () => {
    const acme = await createTenant();
    const globex = await createTenant();
    await addJobs(
      acme.organization.id,
      { salaryMin: 50_000, salaryCurrency: 'usd', jobType: 'full-time', location: 'Berlin' },
      {
        salaryMin: 60_000,
        salaryMax: 80_000,
        salaryCurrency: 'USD',
        jobType: 'full-time',
        location: 'Berlin',
      },
      {
        salaryPeriod: 'hourly',
        salaryMin: 40,
        salaryCurrency: 'USD',
        jobType: 'full-time',
        location: 'Berlin',
      },
    );
    await addJobs(
      globex.organization.id,
      ...Array.from({ length: 5 }, () => ({
        salaryMin: 900_000,
        salaryCurrency: 'EUR',
        jobType: 'full-time',
      })),
    );

    const response = await call(GET, { path: '/salaries', apiKey: acme.key });
    expect(response.status).toBe(200);
    // Midpoints 50,000, 70,000 and 83,200 (40 an hour).
    const figures = {
      count: 3,
      min: 50_000,
      max: 83_200,
      avg: 67_733,
      p25: 60_000,
      median: 70_000,
      p75: 76_600,
    };
    expect(response.body).toEqual({
      data: {
        currency: 'USD',
        total_active_jobs: 3,
        salaried_jobs: 3,
        excluded_other_currency: 0,
        excluded_implausible: 0,
        periods: { yearly: 2, monthly: 0, weekly: 0, daily: 0, hourly: 1 },
        overall: figures,
        by_category: [],
        by_job_type: [{ value: 'full-time', ...figures }],
        by_location: [{ value: 'Berlin', ...figures }],
      },
    });

    const other = await call(GET, { path: '/salaries', apiKey: globex.key });
    expect(other.body.data).toMatchObject({ currency: 'EUR', salaried_jobs: 5, total_active_jobs: 5 });
  });

  it('shows a job write once the jobs revision moves', async () => {
    const tenant = await createTenant();
    await addJobs(tenant.organization.id, { salaryMin: 50_000 });
    const first = await call(GET, { path: '/salaries', apiKey: tenant.key });
    expect(first.body.data.salaried_jobs).toBe(1);

    await addJobs(tenant.organization.id, { salaryMin: 70_000 });
    const cached = await call(GET, { path: '/salaries', apiKey: tenant.key });
    expect(cached.body.data.salaried_jobs).toBe(1);

    // A write from elsewhere reaches this process as a change notification, within milliseconds.
    await bumpRevision(tenant.organization.id);
    await vi.waitFor(async () => {
      const fresh = await call(GET, { path: '/salaries', apiKey: tenant.key });
      expect(fresh.body.data).toMatchObject({ salaried_jobs: 2, overall: { avg: 60_000 } });
    });
  });

  it('answers 500 db_error when the database fails', async () => {
    const tenant = await createTenant();
    const db = await getDb();
    // The key still authenticates; the statistics query then finds no jobs table.
    await db.execute(sql`alter table jobs rename to jobs_unavailable`);
    try {
      const response = await call(GET, { path: '/salaries', apiKey: tenant.key });
      expect(response.status).toBe(500);
      expect(response.body.error).toMatchObject({
        code: 'db_error',
        message: expect.stringContaining('salary statistics'),
        url: 'http://localhost:3000/docs/errors#db_error',
        request_id: response.headers.get('x-request-id'),
      });
    } finally {
      await db.execute(sql`alter table jobs_unavailable rename to jobs`);
    }
  });

  it('answers 405 for other methods, with Allow', async () => {
    const tenant = await createTenant();
    const response = await call(POST, { method: 'POST', path: '/salaries', apiKey: tenant.key });
    expect(response.status).toBe(405);
    expect(response.body.error.code).toBe('method_not_allowed');
    expect((await OPTIONS()).headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});
