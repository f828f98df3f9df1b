import { describe, expect, it } from 'vitest';
import { GET as getJob, PATCH as patchJob } from '@/app/api/jobs/[id]/route';
import { POST as createJob, GET as listJobs } from '@/app/api/jobs/route';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { DELETE, GET as getOne, PATCH } from './[id]/route';
import { GET, POST } from './route';

const add = (key: string, body: Record<string, unknown>) =>
  call(POST, { method: 'POST', path: '/companies', apiKey: key, body });
const change = (key: string, id: string, body: unknown) =>
  call(PATCH, { method: 'PATCH', path: `/companies/${id}`, apiKey: key, params: { id }, body });
const read = (key: string, id: string) =>
  call(getOne, { path: `/companies/${id}`, apiKey: key, params: { id } });
const job = (key: string, body: Record<string, unknown>) =>
  call(createJob, {
    method: 'POST',
    path: '/jobs',
    apiKey: key,
    body: { title: 'Payments Engineer', description: 'Move money.', ...body },
  });
const readJob = async (key: string, id: string) =>
  (await call(getJob, { path: `/jobs/${id}`, apiKey: key, params: { id } })).body.data;
const changeJob = (key: string, id: string, body: unknown) =>
  call(patchJob, { method: 'PATCH', path: `/jobs/${id}`, apiKey: key, params: { id }, body });

describe('companies', () => {
  it('creates with 201 and a page, takes over the jobs under its name, and lists by name', async () => {
    const { key } = await createTenant();
    const before = (await job(key, { company_name: 'acme corp' })).body.data;
    expect(before.company).toBeNull();

    const acme = await add(key, {
      name: 'Acme Corp',
      logo_url: 'https://cdn.example.com/acme.png',
      website: 'https://acme.example',
      description: 'Rockets and anvils.',
    });
    expect(acme.status).toBe(201);
    expect(acme.body.data).toMatchObject({
      name: 'Acme Corp',
      slug: 'acme-corp',
      logo_url: 'https://cdn.example.com/acme.png',
      website: 'https://acme.example',
      job_count: 1,
      live_job_count: 1,
    });
    expect(acme.body.data.url).toMatch(/\/companies\/acme-corp$/);

    const adopted = await readJob(key, before.id);
    expect(adopted).toMatchObject({ company_id: acme.body.data.id, company_name: 'Acme Corp' });
    expect(adopted.company).toEqual({
      id: acme.body.data.id,
      name: 'Acme Corp',
      slug: 'acme-corp',
      logo_url: 'https://cdn.example.com/acme.png',
      website: 'https://acme.example',
    });

    await add(key, { name: 'Beta Labs' });
    const list = await call(GET, { path: '/companies?search=labs', apiKey: key });
    expect(list.body.data.map((company: { name: string }) => company.name)).toEqual(['Beta Labs']);
    expect(list.body.meta.pagination).toMatchObject({ total_items: 1, current_page: 1 });
    const all = await call(GET, { path: '/companies?per_page=1&page=2', apiKey: key });
    expect(all.body.data.map((company: { name: string }) => company.name)).toEqual(['Beta Labs']);
    expect(all.body.meta.pagination).toMatchObject({ total_items: 2, total_pages: 2, has_more: false });
  });

  it('refuses a second company of one name (any case) or slug with 409, and bad fields with 400', async () => {
    const { key } = await createTenant();
    expect((await add(key, { name: 'Acme' })).status).toBe(201);
    const clash = await add(key, { name: 'ACME' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toContain("'Acme'");
    expect((await add(key, { name: 'Other', slug: 'acme' })).status).toBe(409);
    for (const [body, field] of [
      [{}, 'name'],
      [{ name: 'X', logo_url: 'javascript:alert(1)' }, 'logo_url'],
      [{ name: 'X', slug: 'Not A Slug' }, 'slug'],
      [{ name: 'X', description: 'x'.repeat(2001) }, 'description'],
    ] as const) {
      const response = await add(key, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error.details[0].field).toBe(field);
    }
  });

  it('links jobs by id or by name; a job names its company', async () => {
    const { key } = await createTenant();
    const acme = (await add(key, { name: 'Acme' })).body.data;

    const byId = await job(key, { company_id: acme.id });
    expect(byId.status).toBe(200);
    expect(byId.body.data).toMatchObject({ company_id: acme.id, company_name: 'Acme' });
    const byName = (await job(key, { company_name: 'ACME' })).body.data;
    expect(byName).toMatchObject({ company_id: acme.id, company_name: 'Acme' });
    const unlinked = (await job(key, { company_name: 'Solo Ltd' })).body.data;
    expect(unlinked.company_id).toBeNull();

    const filtered = await call(listJobs, { path: `/jobs?company_id=${acme.id}`, apiKey: key });
    expect(filtered.body.data.map((row: { id: string }) => row.id).sort()).toEqual(
      [byId.body.data.id, byName.id].sort(),
    );
    expect(filtered.body.meta.filters.company_id).toBe(acme.id);

    const missing = await job(key, {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.details[0].field).toBe('company_name');
    const unknown = await job(key, { company_id: '0190a5a8-0000-7000-8000-000000000000' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0].field).toBe('company_id');
    const contradicting = await job(key, { company_id: acme.id, company_name: 'Beta' });
    expect(contradicting.status).toBe(400);
    expect(contradicting.body.error.details[0].field).toBe('company_name');

    const detached = await changeJob(key, byId.body.data.id, { company_id: null });
    expect(detached.body.data).toMatchObject({ company_id: null, company: null, company_name: 'Acme' });
    const relinked = await changeJob(key, unlinked.id, { company_name: 'acme' });
    expect(relinked.body.data).toMatchObject({ company_id: acme.id, company_name: 'Acme' });
    const moved = await changeJob(key, relinked.body.data.id, { company_name: 'Someone Else' });
    expect(moved.body.data).toMatchObject({ company_id: null, company_name: 'Someone Else' });
  });

  it('renames its jobs with it, and deleting it leaves them unlinked under their name', async () => {
    const { key } = await createTenant();
    const acme = (await add(key, { name: 'Acme' })).body.data;
    const posted = (await job(key, { company_id: acme.id })).body.data;
    const waiting = (await job(key, { company_name: 'Acme Group' })).body.data;

    const renamed = await change(key, acme.id, { name: 'Acme Group', logo_url: null });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ name: 'Acme Group', slug: 'acme', job_count: 2 });
    expect(await readJob(key, posted.id)).toMatchObject({ company_name: 'Acme Group', company_id: acme.id });
    expect((await readJob(key, waiting.id)).company_id).toBe(acme.id);
    const searched = await call(listJobs, { path: '/jobs?search=Group', apiKey: key });
    expect(searched.body.meta.pagination.total_items).toBe(2);

    const other = (await add(key, { name: 'Other' })).body.data;
    expect((await change(key, other.id, { name: 'acme group' })).status).toBe(409);
    expect((await change(key, other.id, { slug: 'acme' })).status).toBe(409);
    expect((await change(key, other.id, {})).status).toBe(400);

    const removed = await call(DELETE, {
      method: 'DELETE',
      path: `/companies/${acme.id}`,
      apiKey: key,
      params: { id: acme.id },
    });
    expect(removed.body.data).toEqual({ id: acme.id, deleted: true });
    expect(await readJob(key, posted.id)).toMatchObject({ company_id: null, company_name: 'Acme Group' });
    expect((await read(key, acme.id)).status).toBe(404);
  });

  it('keeps companies to their organization', async () => {
    const a = await createTenant();
    const b = await createTenant();
    const acme = (await add(a.key, { name: 'Acme' })).body.data;
    expect((await read(b.key, acme.id)).status).toBe(404);
    expect((await change(b.key, acme.id, { name: 'Mine' })).status).toBe(404);
    const foreign = await job(b.key, { company_id: acme.id });
    expect(foreign.status).toBe(400);
    expect((await job(b.key, { company_name: 'Acme' })).body.data.company_id).toBeNull();
  });
});
