import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs } from '@/db/schema';
import { setGeocoder } from '@/lib/geo/geocoder';
import { NominatimGeocoder } from '@/lib/geo/nominatim';
import { createTenant } from '@/test/factories';
import { FakeNominatim } from '@/test/fixtures/nominatim';
import { call } from '@/test/http';
import { POST as POST_LOCATION } from '../locations/route';
import { GET as getJob, PATCH as PATCH_JOB } from './[id]/route';
import { GET, POST } from './route';

const base = {
  title: 'Senior Backend Engineer',
  description: 'Build APIs in TypeScript.',
  company_name: 'Acme',
};

async function create(key: string, body: Record<string, unknown>) {
  return call(POST, { method: 'POST', path: '/jobs', apiKey: key, body: { ...base, ...body } });
}

async function list(key: string, query = '') {
  return call(GET, { path: `/jobs${query}`, apiKey: key });
}

describe('POST /api/jobs', () => {
  it('creates a job with 200 and every field', async () => {
    const { key } = await createTenant();
    const response = await create(key, {
      location: 'Berlin, Germany',
      is_remote: true,
      job_type: 'FULL_TIME',
      salary_min: 60000,
      salary_max: 80000,
      salary_currency: 'eur',
      salary_period: 'yearly',
      contact_email: 'jobs@acme.example',
      how_to_apply: 'https://acme.example/apply',
      how_to_apply_method: 'form-external',
      company_website: 'https://acme.example',
      category: 'Engineering',
    });
    expect(response.status).toBe(200);
    const job = response.body.data;
    expect(job).toMatchObject({
      title: 'Senior Backend Engineer',
      description: 'Build APIs in TypeScript.',
      company_name: 'Acme',
      slug: 'senior-backend-engineer-acme',
      location: 'Berlin, Germany',
      location_id: null,
      job_type: 'full-time',
      employment_type: 'FULL_TIME',
      status: 'active',
      is_remote: true,
      salary_min: 60000,
      salary_max: 80000,
      salary_currency: 'EUR',
      salary_period: 'yearly',
      contact_email: 'jobs@acme.example',
      how_to_apply: 'https://acme.example/apply',
      how_to_apply_method: 'form-external',
      company_website: 'https://acme.example',
      category: 'Engineering',
      category_id: expect.any(String),
      categories: [{ id: job.category_id, name: 'Engineering', slug: 'engineering', parent_id: null }],
    });
    expect(job.id).toMatch(/^[0-9a-f-]{36}$/);
    const published = new Date(job.published_at).getTime();
    expect(Math.abs(published - Date.now())).toBeLessThan(10_000);
    expect(new Date(job.expires_at).getTime() - published).toBe(30 * 24 * 60 * 60 * 1000);
    expect(job.created_at).toBe(job.updated_at);
  });

  it('defaults optional fields', async () => {
    const { key } = await createTenant();
    const { body } = await create(key, {});
    expect(body.data).toMatchObject({
      location: null,
      job_type: null,
      is_remote: false,
      salary_min: null,
      status: 'active',
      category: null,
      category_id: null,
      categories: [],
    });
  });

  it('creates pending jobs unpublished', async () => {
    const { key } = await createTenant();
    const { body } = await create(key, { status: 'pending' });
    expect(body.data).toMatchObject({ status: 'pending', published_at: null, expires_at: null });
  });

  it('makes slugs unique per organization', async () => {
    const a = await createTenant();
    const b = await createTenant();
    const slugs = [];
    for (let i = 0; i < 3; i++) slugs.push((await create(a.key, {})).body.data.slug);
    expect(slugs).toEqual([
      'senior-backend-engineer-acme',
      'senior-backend-engineer-acme-2',
      'senior-backend-engineer-acme-3',
    ]);
    expect((await create(b.key, {})).body.data.slug).toBe('senior-backend-engineer-acme');
  });

  it.each([
    ['missing title', { title: undefined }, 'title'],
    ['blank description', { description: '  ' }, 'description'],
    ['unknown job type', { job_type: 'gig' }, 'job_type'],
    ['unknown salary period', { salary_period: 'fortnightly' }, 'salary_period'],
    ['unknown apply method', { how_to_apply_method: 'fax' }, 'how_to_apply_method'],
    ['unknown status', { status: 'live' }, 'status'],
    ['negative salary', { salary_min: -1 }, 'salary_min'],
    ['salary too large for its column', { salary_max: 999_999_999_999.998 }, 'salary_max'],
    ['min above max', { salary_min: 90, salary_max: 80 }, 'salary_max'],
    ['unknown currency', { salary_currency: 'XYZ' }, 'salary_currency'],
    ['bad email', { contact_email: 'nope' }, 'contact_email'],
    ['bad website', { company_website: 'javascript:alert(1)' }, 'company_website'],
    [
      'external form without URL',
      { how_to_apply_method: 'form-external', how_to_apply: 'send a letter' },
      'how_to_apply',
    ],
    [
      'email method without address',
      { how_to_apply_method: 'email', how_to_apply: 'https://x.example' },
      'how_to_apply',
    ],
    ['non-boolean is_remote', { is_remote: 'yes' }, 'is_remote'],
    ['malformed category_id', { category_id: 'abc' }, 'category_id'],
    ['malformed location_id', { location_id: 'abc' }, 'location_id'],
    ['unknown location_id', { location_id: '0190b5a0-0000-7000-8000-000000000000' }, 'location_id'],
    ['unknown category_id', { category_id: '0190b5a0-0000-7000-8000-000000000000' }, 'category_id'],
    ['malformed expires_at', { expires_at: 'tomorrow' }, 'expires_at'],
  ])('answers 400 for %s', async (_case, body, field) => {
    const { key } = await createTenant();
    const response = await create(key, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('keeps the largest salary the columns hold', async () => {
    const { key } = await createTenant();
    const response = await create(key, { salary_min: 999_999_999_999.99, salary_max: 999_999_999_999.99 });
    expect(response.status).toBe(200);
    expect(response.body.data.salary_max).toBe(999_999_999_999.99);
  });

  it('answers 401 without a key and writes nothing', async () => {
    const response = await call(POST, { method: 'POST', path: '/jobs', body: base });
    expect(response.status).toBe(401);
  });

  it('accepts the job type spellings and stores the canonical form', async () => {
    const { key } = await createTenant();
    for (const [given, stored] of [
      ['full_time', 'full-time'],
      ['Part Time', 'part-time'],
      ['PER_DIEM', 'per-diem'],
      ['contract', 'contract'],
    ]) {
      expect((await create(key, { job_type: given })).body.data.job_type).toBe(stored);
    }
  });
});

describe('POST /api/jobs category rules', () => {
  it('matches `category` case-insensitively or creates it', async () => {
    const { key } = await createTenant();
    const first = await create(key, { category: 'Design' });
    const second = await create(key, { category: 'design' });
    expect(second.body.data.category_id).toBe(first.body.data.category_id);
    expect(second.body.data.category).toBe('Design');
  });

  it('lets category_id take precedence over category', async () => {
    const { key } = await createTenant();
    const design = (await create(key, { category: 'Design' })).body.data.category_id;
    const response = await create(key, { category_id: design, category: 'Sales' });
    expect(response.body.data.category).toBe('Design');
    expect(response.body.data.categories.map((c: { name: string }) => c.name)).toEqual(['Design']);
  });

  it('files the job under every listed category, the first being the main one', async () => {
    const { key } = await createTenant();
    const response = await create(key, { categories: ['Engineering', 'Remote-first', 'engineering'] });
    expect(response.body.data.category).toBe('Engineering');
    expect(response.body.data.categories.map((c: { name: string }) => c.name)).toEqual([
      'Engineering',
      'Remote-first',
    ]);
  });

  it('keeps `category` as main when `categories` is also sent', async () => {
    const { key } = await createTenant();
    const response = await create(key, { category: 'Data', categories: ['Engineering', 'Analytics'] });
    expect(response.body.data.category).toBe('Data');
    expect(response.body.data.categories.map((c: { name: string }) => c.name)).toEqual([
      'Data',
      'Engineering',
      'Analytics',
    ]);
  });

  it('accepts ids in `categories` and refuses ids of other organizations', async () => {
    const a = await createTenant();
    const b = await createTenant();
    const foreign = (await create(b.key, { category: 'Secret' })).body.data.category_id;
    const response = await create(a.key, { categories: [foreign] });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0]).toMatchObject({ field: 'categories.0' });
  });
});

describe('GET /api/jobs', () => {
  let key: string;
  let otherKey: string;

  beforeAll(async () => {
    ({ key } = await createTenant());
    ({ key: otherKey } = await createTenant());
    const db = await getDb();
    const day = 24 * 60 * 60 * 1000;
    const fixtures = [
      {
        title: 'Frontend Developer',
        company_name: 'Globex',
        description: 'React and CSS',
        location: 'Berlin, Germany',
        job_type: 'full-time',
        is_remote: false,
        category: 'Engineering',
        ageDays: 1,
      },
      {
        title: 'Backend Engineer',
        company_name: 'Initech',
        description: 'Go services and Postgres',
        location: 'Remote',
        job_type: 'contract',
        is_remote: true,
        categories: ['Engineering', 'Backend'],
        ageDays: 3,
      },
      {
        title: 'Product Designer',
        company_name: 'Umbrella',
        description: 'Design systems',
        location: 'London, UK',
        job_type: 'part-time',
        is_remote: true,
        category: 'Design',
        ageDays: 10,
      },
      {
        title: 'Account Executive',
        company_name: 'Globex',
        description: 'Sell our engineering tools',
        location: 'New York, USA',
        job_type: 'full-time',
        is_remote: false,
        category: 'Sales',
        ageDays: 40,
      },
      {
        title: 'Data Engineer',
        company_name: 'Hooli',
        description: 'Pipelines',
        location: 'berlin',
        job_type: 'full-time',
        is_remote: true,
        category: 'Data',
        ageDays: 100,
      },
    ];
    for (const { ageDays, ...fixture } of fixtures) {
      const { body } = await create(key, fixture);
      const publishedAt = new Date(Date.now() - ageDays * day);
      await db.update(jobs).set({ publishedAt, createdAt: publishedAt }).where(eq(jobs.id, body.data.id));
    }
    // Backend is a sub-category of Engineering from here on.
    const { POST: postCategory } = await import('../categories/route');
    await call(postCategory, {
      method: 'POST',
      path: '/categories',
      apiKey: key,
      body: { name: 'Backend', parent: 'Engineering' },
    });
    await create(key, { title: 'Pending role', status: 'pending' });
    await create(otherKey, { title: 'Frontend Developer', company_name: 'Other Org' });
  });

  const titles = (body: { data: { title: string }[] }) => body.data.map((job) => job.title);

  it('lists newest first with pagination and echoed filters', async () => {
    const { status, body } = await list(key, '?per_page=2');
    expect(status).toBe(200);
    expect(titles(body)).toEqual(['Pending role', 'Frontend Developer']);
    expect(body.meta.pagination).toEqual({
      current_page: 1,
      per_page: 2,
      total_items: 6,
      total_pages: 3,
      has_more: true,
    });
    expect(body.meta.filters).toEqual({
      search: null,
      categories: [],
      job_types: [],
      locations: [],
      location_id: null,
      company_id: null,
      is_remote: null,
      posted_within: null,
      date_from: null,
      date_to: null,
      status: null,
      salary_min: null,
      salary_currency: null,
    });
    expect(body.data[0]).toHaveProperty('contact_email');
  });

  it('never shows another organization’s jobs', async () => {
    const { body } = await list(otherKey);
    expect(titles(body)).toEqual(['Frontend Developer']);
    expect(body.data[0].company_name).toBe('Other Org');
  });

  it.each([
    ['?search=engineer', ['Backend Engineer', 'Data Engineer', 'Account Executive']],
    ['?search=globex', ['Frontend Developer', 'Account Executive']],
    ['?search=postgres', ['Backend Engineer']],
    ['?search=front', ['Frontend Developer']],
    ['?search=100%25', []],
    ['?job_types=full-time', ['Frontend Developer', 'Account Executive', 'Data Engineer']],
    ['?job_types=CONTRACT,part_time', ['Backend Engineer', 'Product Designer']],
    ['?locations=berlin', ['Frontend Developer', 'Data Engineer']],
    ['?locations=london,remote', ['Backend Engineer', 'Product Designer']],
    ['?categories=engineering', ['Frontend Developer', 'Backend Engineer']],
    ['?categories=Backend', ['Backend Engineer']],
    ['?categories=Design,Sales', ['Product Designer', 'Account Executive']],
    ['?categories=Nope', []],
    ['?is_remote=true', ['Backend Engineer', 'Product Designer', 'Data Engineer']],
    ['?is_remote=false', ['Pending role', 'Frontend Developer', 'Account Executive']],
    ['?posted_within=24h', []],
    ['?posted_within=7d', ['Frontend Developer', 'Backend Engineer']],
    [
      '?posted_within=90d',
      ['Frontend Developer', 'Backend Engineer', 'Product Designer', 'Account Executive'],
    ],
    ['?status=pending', ['Pending role']],
    ['?categories=engineering&is_remote=true&job_types=contract', ['Backend Engineer']],
    ['?search=engineer&locations=berlin', ['Data Engineer']],
  ])('filters %s', async (query, expected) => {
    const { status, body } = await list(key, query);
    expect(status).toBe(200);
    expect(titles(body).sort()).toEqual([...expected].sort());
  });

  it('ranks title matches first when searching', async () => {
    const { body } = await list(key, '?search=engineer');
    expect(titles(body).slice(0, 2).sort()).toEqual(['Backend Engineer', 'Data Engineer']);
    expect(titles(body)[2]).toBe('Account Executive');
  });

  it('orders search results in tiers, newest first within each, across pages', async () => {
    const tenant = await createTenant();
    // Created oldest first: each tier below has an older and a newer member.
    for (const [title, company, description] of [
      ['Kotlin Lead', 'Acme', 'Lead a team.'],
      ['Office Manager', 'Kotlin Labs', 'Run the office.'],
      ['Backend Developer', 'Acme', 'Services in Kotlin.'],
      ['Kotlin Engineer', 'Acme', 'Write code.'],
      ['Accountant', 'Kotlinworks', 'Keep the books.'],
      ['Data Analyst', 'Acme', 'Some Kotlin scripts.'],
      ['Designer', 'Acme', 'No match here.'],
      // Matches in every tier: listed once, in the highest.
      ['Kotlin Architect', 'Kotlin Labs', 'Kotlin everywhere.'],
    ]) {
      await create(tenant.key, { title, company_name: company, description });
    }
    const expected = [
      'Kotlin Architect',
      'Kotlin Engineer',
      'Kotlin Lead',
      'Accountant',
      'Office Manager',
      'Data Analyst',
      'Backend Developer',
    ];
    expect(titles((await list(tenant.key, '?search=kotlin')).body)).toEqual(expected);
    const pages = await Promise.all(
      [1, 2, 3, 4].map((page) => list(tenant.key, `?search=kotlin&per_page=2&page=${page}`)),
    );
    expect(pages.flatMap((page) => titles(page.body))).toEqual(expected);
    expect(pages[0]!.body.meta.pagination.total_items).toBe(7);
  });

  it('matches searches under three characters as words, not as parts of words', async () => {
    const tenant = await createTenant();
    for (const title of ['Go Engineer', 'Google Ads Specialist', 'Category Lead']) {
      await create(tenant.key, { title, company_name: 'Acme', description: 'A job.' });
    }
    const { body } = await list(tenant.key, '?search=go');
    expect(titles(body)).toEqual(['Go Engineer']);
    expect(titles((await list(tenant.key, '?search=goo')).body)).toEqual(['Google Ads Specialist']);
  });

  it('filters by posting dates, inclusive', async () => {
    const day = (offset: number) => new Date(Date.now() - offset * 86_400_000).toISOString().slice(0, 10);
    const { body } = await list(key, `?date_from=${day(10)}&date_to=${day(3)}`);
    expect(titles(body).sort()).toEqual(['Backend Engineer', 'Product Designer']);
    expect(body.meta.filters.date_from).toBe(`${day(10)}T00:00:00.000Z`);
  });

  it('echoes applied filters', async () => {
    const { body } = await list(
      key,
      '?search=engineer&categories=Engineering,Design&job_types=FULL_TIME&locations=Berlin&is_remote=true',
    );
    expect(body.meta.filters).toMatchObject({
      search: 'engineer',
      categories: ['Engineering', 'Design'],
      job_types: ['full-time'],
      locations: ['Berlin'],
      is_remote: true,
    });
  });

  it('filters by a minimum yearly salary, annualized as GET /salaries does, in the board’s currency', async () => {
    const tenant = await createTenant();
    const jobs = [
      { title: 'Night Nurse', salary_min: 40, salary_period: 'hourly', salary_currency: 'USD' },
      {
        title: 'Clerk',
        salary_min: 3_000,
        salary_max: 4_500,
        salary_period: 'monthly',
        salary_currency: 'USD',
      },
      { title: 'Engineer', salary_min: 45_000, salary_max: 55_000, salary_currency: 'USD' },
      { title: 'Lisbon Engineer', salary_min: 90_000, salary_currency: 'EUR' },
      { title: 'Volunteer' },
    ];
    for (const job of jobs) expect((await create(tenant.key, job)).status).toBe(200);
    const { status, body } = await list(tenant.key, '?salary_min=54000');
    expect(status).toBe(200);
    expect(titles(body).sort()).toEqual(['Clerk', 'Engineer', 'Night Nurse']);
    expect(body.meta.filters).toMatchObject({ salary_min: 54_000, salary_currency: 'USD' });
    expect(titles((await list(tenant.key, '?salary_min=55001')).body)).toEqual(['Night Nurse']);
    expect(titles((await list(tenant.key, '?salary_min=0')).body).sort()).toEqual([
      'Clerk',
      'Engineer',
      'Night Nurse',
    ]);
  });

  it.each([
    ['?salary_min=abc', 'salary_min'],
    ['?salary_min=-1', 'salary_min'],
    ['?salary_min=60000.5', 'salary_min'],
    ['?salary_min=10000001', 'salary_min'],
    ['?salary_min=99999999999999999999999', 'salary_min'],
    ['?posted_within=2d', 'posted_within'],
    ['?date_from=2026-02-30', 'date_from'],
    ['?date_to=yesterday', 'date_to'],
    ['?is_remote=maybe', 'is_remote'],
    ['?job_types=full-time,gig', 'job_types.1'],
    ['?per_page=101', 'per_page'],
    ['?page=0', 'page'],
    ['?status=live', 'status'],
  ])('answers 400 for %s', async (query, field) => {
    const { status, body } = await list(key, query);
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_error');
    expect(body.error.details[0].field).toBe(field);
  });

  it('returns the same job shape from the list and the single read', async () => {
    const { body } = await list(key, '?search=backend');
    const single = await call(getJob, {
      path: `/jobs/${body.data[0].id}`,
      apiKey: key,
      params: { id: body.data[0].id },
    });
    expect(single.body.data).toEqual(body.data[0]);
    expect(
      single.body.data.categories.map((c: { name: string; parent_id: string | null }) => [
        c.name,
        c.parent_id !== null,
      ]),
    ).toEqual([
      ['Engineering', false],
      ['Backend', true],
    ]);
  });
});

describe('GET /api/jobs totals', () => {
  it('stay exact across writes although they are cached', async () => {
    const { key } = await createTenant();
    for (let i = 0; i < 12; i++) await create(key, { title: `Role ${i}` });
    expect((await list(key, '?per_page=5')).body.meta.pagination.total_items).toBe(12);
    await create(key, { title: 'One more' });
    expect((await list(key, '?per_page=5')).body.meta.pagination.total_items).toBe(13);
    const first = (await list(key, '?per_page=5')).body.data[0];
    const { DELETE } = await import('./[id]/route');
    await call(DELETE, {
      method: 'DELETE',
      path: `/jobs/${first.id}`,
      apiKey: key,
      params: { id: first.id },
    });
    const after = (await list(key, '?per_page=5&page=3')).body;
    expect(after.meta.pagination).toMatchObject({ total_items: 12, total_pages: 3, has_more: false });
    expect(after.data).toHaveLength(2);
  });

  it('follow a category moving under a main category, and a PATCH read back at once', async () => {
    const { key } = await createTenant();
    const { POST: postCategory } = await import('@/app/api/categories/route');
    const { PATCH } = await import('./[id]/route');
    const job = (await create(key, { category: 'Frontend' })).body.data;
    await create(key, { category: 'Engineering' });
    expect((await list(key, '?categories=Engineering')).body.meta.pagination.total_items).toBe(1);
    const read = () => call(getJob, { path: `/jobs/${job.id}`, apiKey: key, params: { id: job.id } });
    expect((await read()).body.data.categories[0].parent_id).toBeNull();

    const nested = await call(postCategory, {
      method: 'POST',
      path: '/categories',
      apiKey: key,
      body: { name: 'Frontend', parent: 'Engineering' },
    });
    expect(nested.status).toBe(200);
    expect((await list(key, '?categories=Engineering')).body.meta.pagination.total_items).toBe(2);
    expect((await read()).body.data.categories[0].parent_id).toBe(nested.body.data.parent_id);

    await call(PATCH, {
      method: 'PATCH',
      path: `/jobs/${job.id}`,
      apiKey: key,
      params: { id: job.id },
      body: { title: 'Renamed' },
    });
    expect((await read()).body.data.title).toBe('Renamed');
    expect(
      (await list(key, '?categories=Engineering')).body.data.map((j: { title: string }) => j.title),
    ).toContain('Renamed');
  });
});

describe('jobs and normalized locations', () => {
  const commit = async (key: string, query: string) =>
    (
      await call(POST_LOCATION, {
        method: 'POST',
        path: '/locations',
        apiKey: key,
        body: { query, create: true },
      })
    ).body.data.id as string;

  it('filters `locations` by the normalized location’s name and city too', async () => {
    const { key } = await createTenant();
    const munich = await commit(key, 'Munich');
    await create(key, { title: 'Pinned', location: 'HQ', location_id: munich });
    await create(key, { title: 'Text only', location: 'Munich office' });
    await create(key, { title: 'Elsewhere', location: 'Hamburg' });
    const titles = async (query: string) =>
      (await list(key, query)).body.data.map((job: { title: string }) => job.title).sort();
    expect(await titles('?locations=munich')).toEqual(['Pinned', 'Text only']);
    expect(await titles('?locations=hq,hamburg')).toEqual(['Elsewhere', 'Pinned']);
  });

  it('pins a job at its location, or at its street address when the geocoder knew it', async () => {
    const fake = await new FakeNominatim().start();
    setGeocoder(
      new NominatimGeocoder({ url: fake.url, userAgent: 'Boardkit/1.0 (+test)', timeoutMs: 2_000 }),
    );
    try {
      const { key } = await createTenant();
      const address = '1600 Pennsylvania Avenue NW, Washington';
      const washington = await commit(key, address);
      const atAddress = await create(key, { location: address, location_id: washington });
      expect(atAddress.body.data.coordinates).toEqual({
        latitude: 38.8976633,
        longitude: -77.0365739,
        precision: 'address',
      });
      const plain = await create(key, { location: 'Washington DC', location_id: washington });
      expect(plain.body.data.coordinates).toMatchObject({ precision: 'location' });
      expect(plain.body.data.coordinates.latitude).not.toBe(38.8976633);
      const id = plain.body.data.id;
      const moved = await call(PATCH_JOB, {
        method: 'PATCH',
        path: `/jobs/${id}`,
        apiKey: key,
        params: { id },
        body: { location: address },
      });
      expect(moved.body.data.coordinates.precision).toBe('address');
      const cleared = await call(PATCH_JOB, {
        method: 'PATCH',
        path: `/jobs/${id}`,
        apiKey: key,
        params: { id },
        body: { location_id: null },
      });
      expect(cleared.body.data.coordinates).toBeNull();
      const remote = await commit(key, 'Remote');
      expect(
        (await create(key, { location: 'Remote', location_id: remote })).body.data.coordinates,
      ).toBeNull();
      expect((await create(key, { location: 'Nowhere' })).body.data.coordinates).toBeNull();
    } finally {
      setGeocoder(undefined);
      await fake.stop();
    }
  });
});

describe('rich-text job descriptions', () => {
  const base = { title: 'Editor', company_name: 'Acme' };

  it('keeps plain text as sent and renders it as paragraphs and lists', async () => {
    const { key } = await createTenant();
    const text = 'We ship weekly.\n\n- Kotlin\n- SQL';
    const response = await create(key, { ...base, description: text });
    expect(response.body.data.description).toBe(text);
    expect(response.body.data.description_html).toBe(
      '<p>We ship weekly.</p><ul><li>Kotlin</li><li>SQL</li></ul>',
    );
  });

  it('stores HTML sanitized, and a Tiptap document as its HTML', async () => {
    const { key } = await createTenant();
    const html = await create(key, {
      ...base,
      description: '<h2>Role</h2><p onclick="steal()">Hi<script>x()</script></p>',
    });
    expect(html.status).toBe(200);
    expect(html.body.data.description).toBe('<h2>Role</h2><p>Hi</p>');
    expect(html.body.data.description_html).toBe('<h2>Role</h2><p>Hi</p>');
    const doc = {
      type: 'doc',
      content: [
        { type: 'paragraph', content: [{ type: 'text', text: 'Bold move', marks: [{ type: 'bold' }] }] },
      ],
    };
    const json = await create(key, { ...base, description: doc });
    expect(json.status).toBe(200);
    expect(json.body.data.description_html).toBe('<p><strong>Bold move</strong></p>');
    const patched = await call(PATCH_JOB, {
      method: 'PATCH',
      path: `/jobs/${json.body.data.id}`,
      apiKey: key,
      params: { id: json.body.data.id },
      body: { description: 'Plain again' },
    });
    expect(patched.body.data).toMatchObject({
      description: 'Plain again',
      description_html: '<p>Plain again</p>',
    });
  });

  it('answers 400 for HTML with nothing left after sanitizing, and for a document that is not one', async () => {
    const { key } = await createTenant();
    const empty = await create(key, { ...base, description: '<script>alert(1)</script><p> </p>' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details[0]).toMatchObject({ field: 'description' });
    const bad = await create(key, { ...base, description: { type: 'not-a-doc' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ field: 'description' });
  });
});
