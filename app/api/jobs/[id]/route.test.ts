import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { applications, jobs, organizations } from '@/db/schema';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { POST as createJobRoute } from '../route';
import { DELETE, GET, PATCH } from './route';

const DAY = 24 * 60 * 60 * 1000;

async function newJob(key: string, body: Record<string, unknown> = {}) {
  const response = await call(createJobRoute, {
    method: 'POST',
    path: '/jobs',
    apiKey: key,
    body: { title: 'Support Lead', description: 'Help customers.', company_name: 'Acme', ...body },
  });
  expect(response.status).toBe(200);
  return response.body.data;
}

const patch = (key: string, id: string, body: unknown) =>
  call(PATCH, { method: 'PATCH', path: `/jobs/${id}`, apiKey: key, params: { id }, body });
const read = (key: string, id: string) => call(GET, { path: `/jobs/${id}`, apiKey: key, params: { id } });
const remove = (key: string, id: string) =>
  call(DELETE, { method: 'DELETE', path: `/jobs/${id}`, apiKey: key, params: { id } });

describe('GET /api/jobs/{id}', () => {
  it('reads a job', async () => {
    const { key } = await createTenant();
    const job = await newJob(key);
    const response = await read(key, job.id);
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual(job);
  });

  it('answers 404 for a job of another organization, 400 for a malformed id', async () => {
    const a = await createTenant();
    const b = await createTenant();
    const job = await newJob(a.key);
    const foreign = await read(b.key, job.id);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ code: 'not_found', message: 'Job not found.' });
    expect((await patch(b.key, job.id, { title: 'Hijack' })).status).toBe(404);
    expect((await remove(b.key, job.id)).status).toBe(404);
    expect((await read(a.key, job.id)).body.data.title).toBe('Support Lead');
    const malformed = await read(a.key, 'not-a-uuid');
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.details[0]).toMatchObject({ location: 'path', field: 'id' });
  });

  it('reads an active job past its expiry as expired', async () => {
    const { key } = await createTenant();
    const job = await newJob(key, { expires_at: new Date(Date.now() - DAY).toISOString() });
    expect((await read(key, job.id)).body.data.status).toBe('expired');
  });
});

describe('workplace_type and is_remote, one fact', () => {
  it('sets each from the other, keeps a hybrid job hybrid on is_remote false, and refuses a contradiction', async () => {
    const { key } = await createTenant();
    const hybrid = await newJob(key, { workplace_type: 'HYBRID', location: 'Berlin' });
    expect(hybrid).toMatchObject({ workplace_type: 'hybrid', is_remote: false });
    const id = hybrid.id;
    expect((await patch(key, id, { is_remote: false })).body.data).toMatchObject({
      workplace_type: 'hybrid',
    });
    expect((await patch(key, id, { is_remote: true })).body.data).toMatchObject({
      workplace_type: 'remote',
      is_remote: true,
    });
    expect((await patch(key, id, { is_remote: false })).body.data).toMatchObject({
      workplace_type: 'on_site',
      is_remote: false,
    });
    expect((await patch(key, id, { workplace_type: 'remote' })).body.data).toMatchObject({ is_remote: true });
    const contradiction = await patch(key, id, { workplace_type: 'hybrid', is_remote: true });
    expect(contradiction.status).toBe(400);
    expect(contradiction.body.error.code).toBe('validation_error');
    expect(contradiction.body.error.details[0]).toMatchObject({ field: 'is_remote' });
    expect((await read(key, id)).body.data).toMatchObject({ workplace_type: 'remote', is_remote: true });
    const post = (body: Record<string, unknown>) =>
      call(createJobRoute, {
        method: 'POST',
        path: '/jobs',
        apiKey: key,
        body: { title: 'Support Lead', description: 'Help customers.', company_name: 'Acme', ...body },
      });
    expect((await post({ workplace_type: 'remote', is_remote: false })).status).toBe(400);
    expect((await post({ workplace_type: 'office' })).status).toBe(400);
    expect(await newJob(key)).toMatchObject({ workplace_type: 'on_site', is_remote: false });
    expect(await newJob(key, { is_remote: true })).toMatchObject({ workplace_type: 'remote' });
  });
});

describe('PATCH /api/jobs/{id}', () => {
  it('changes only the fields sent and keeps the slug', async () => {
    const { key } = await createTenant();
    const job = await newJob(key, { location: 'Paris', salary_min: 40000 });
    const response = await patch(key, job.id, {
      title: 'Head of Support',
      location: null,
      salary_max: 50000,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      title: 'Head of Support',
      slug: job.slug,
      location: null,
      salary_min: 40000,
      salary_max: 50000,
      description: job.description,
    });
    expect(new Date(response.body.data.updated_at).getTime()).toBeGreaterThanOrEqual(
      new Date(job.updated_at).getTime(),
    );
  });

  it('checks salary consistency against the stored values', async () => {
    const { key } = await createTenant();
    const job = await newJob(key, { salary_min: 40000, salary_max: 50000 });
    const response = await patch(key, job.id, { salary_min: 60000 });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe('salary_max');
  });

  it('rejects an empty body', async () => {
    const { key } = await createTenant();
    const job = await newJob(key);
    const response = await patch(key, job.id, {});
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
  });

  it('approves a pending job: published now, expiring after 30 days', async () => {
    const { key } = await createTenant();
    const job = await newJob(key, { status: 'pending' });
    const response = await patch(key, job.id, { status: 'active' });
    expect(response.status).toBe(200);
    const approved = response.body.data;
    expect(approved.status).toBe('active');
    expect(Math.abs(new Date(approved.published_at).getTime() - Date.now())).toBeLessThan(10_000);
    expect(new Date(approved.expires_at).getTime() - new Date(approved.published_at).getTime()).toBe(
      30 * DAY,
    );
  });

  it('honours an expiry sent with the approval', async () => {
    const { key } = await createTenant();
    const job = await newJob(key, { status: 'pending' });
    const expires = new Date(Date.now() + 7 * DAY).toISOString();
    const response = await patch(key, job.id, { status: 'active', expires_at: expires });
    expect(response.body.data.expires_at).toBe(expires);
  });

  it('takes any job offline with expired, and relists with a fresh expiry', async () => {
    const { key } = await createTenant();
    for (const status of ['draft', 'pending', 'active']) {
      const job = await newJob(key, { status });
      const expired = await patch(key, job.id, { status: 'expired' });
      expect(expired.status).toBe(200);
      expect(expired.body.data.status).toBe('expired');
      expect(new Date(expired.body.data.expires_at).getTime()).toBeLessThanOrEqual(Date.now());
    }
    const job = await newJob(key);
    await patch(key, job.id, { status: 'expired' });
    const relisted = await patch(key, job.id, { status: 'active' });
    expect(relisted.body.data.status).toBe('active');
    expect(relisted.body.data.published_at).toBe(job.published_at);
    expect(new Date(relisted.body.data.expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * DAY);
  });

  it.each([
    ['active', 'pending'],
    ['active', 'draft'],
    ['expired', 'pending'],
    ['expired', 'draft'],
  ])('refuses %s → %s with a clear message', async (from, to) => {
    const { key } = await createTenant();
    const job = await newJob(key, { status: from });
    const response = await patch(key, job.id, { status: to });
    expect(response.status).toBe(400);
    expect(response.body.error.message).toContain(`A ${from} job cannot become ${to}`);
    expect((await read(key, job.id)).body.data.status).toBe(from);
  });

  it('treats setting the current status again as a no-op', async () => {
    const { key } = await createTenant();
    const job = await newJob(key);
    const response = await patch(key, job.id, { status: 'active' });
    expect(response.status).toBe(200);
    expect(response.body.data.expires_at).toBe(job.expires_at);
  });

  it('replaces the category list, keeping the main category', async () => {
    const { key } = await createTenant();
    const job = await newJob(key, { category: 'Support', categories: ['Remote', 'Customer'] });
    expect(job.categories.map((c: { name: string }) => c.name)).toEqual(['Support', 'Remote', 'Customer']);
    const replaced = await patch(key, job.id, { categories: ['Operations'] });
    expect(replaced.body.data.category).toBe('Support');
    expect(replaced.body.data.categories.map((c: { name: string }) => c.name)).toEqual([
      'Support',
      'Operations',
    ]);
    const emptied = await patch(key, job.id, { categories: [] });
    expect(emptied.body.data.categories.map((c: { name: string }) => c.name)).toEqual(['Support']);
    const moved = await patch(key, job.id, { category: 'Success' });
    expect(moved.body.data.category).toBe('Success');
    expect(moved.body.data.categories.map((c: { name: string }) => c.name)).toEqual(['Success', 'Support']);
  });

  it('bumps the organization jobs revision on every write', async () => {
    const { key, organization } = await createTenant();
    const db = await getDb();
    const revision = async () =>
      (await db.select().from(organizations).where(eq(organizations.id, organization.id)))[0]!.revision;
    const start = await revision();
    const job = await newJob(key);
    await patch(key, job.id, { title: 'New title' });
    await remove(key, job.id);
    expect(await revision()).toBe(start + 3);
  });
});

describe('DELETE /api/jobs/{id}', () => {
  it('deletes permanently, with its applications', async () => {
    const { key, organization } = await createTenant();
    const job = await newJob(key);
    const db = await getDb();
    await db.insert(applications).values({
      organizationId: organization.id,
      jobId: job.id,
      name: 'A',
      email: 'a@x.example',
      source: 'api',
    });
    const response = await remove(key, job.id);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { id: job.id, deleted: true } });
    expect((await read(key, job.id)).status).toBe(404);
    expect((await remove(key, job.id)).status).toBe(404);
    expect(await db.select().from(jobs).where(eq(jobs.id, job.id))).toHaveLength(0);
    expect(await db.select().from(applications).where(eq(applications.jobId, job.id))).toHaveLength(0);
  });
});
