import { describe, expect, it } from 'vitest';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { POST as createJob } from '../jobs/route';
import { GET, POST } from './route';

const upsert = (key: string, body: unknown) =>
  call(POST, { method: 'POST', path: '/categories', apiKey: key, body });
const list = async (key: string) =>
  (await call(GET, { path: '/categories', apiKey: key })).body.data as Array<Record<string, any>>;

describe('POST /api/categories', () => {
  it('creates a main category with 201, then returns the same one with 200 for any casing', async () => {
    const { key } = await createTenant();
    const created = await upsert(key, { name: 'Engineering' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      data: {
        id: expect.any(String),
        name: 'Engineering',
        slug: 'engineering',
        parent_id: null,
        job_count: 0,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
      meta: { created: true },
    });
    const again = await upsert(key, { name: '  engineering ' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(created.body.data.id);
    expect(again.body.meta.created).toBe(false);
    expect(await list(key)).toHaveLength(1);
  });

  it('nests under a parent by name or id, un-nests with null, and leaves it when parent is omitted', async () => {
    const { key } = await createTenant();
    const engineering = (await upsert(key, { name: 'Engineering' })).body.data;
    const backend = (await upsert(key, { name: 'Backend', parent: 'engineering' })).body.data;
    expect(backend.parent_id).toBe(engineering.id);
    expect((await upsert(key, { name: 'Backend' })).body.data.parent_id).toBe(engineering.id);
    expect((await upsert(key, { name: 'Backend', parent: null })).body.data.parent_id).toBeNull();
    expect((await upsert(key, { name: 'Backend', parent: engineering.id })).body.data.parent_id).toBe(
      engineering.id,
    );
  });

  it.each([
    [
      'nesting under a sub-category',
      [{ name: 'A' }, { name: 'B', parent: 'A' }],
      { name: 'C', parent: 'B' },
      'categories nest one level deep',
    ],
    [
      'a main category with sub-categories becoming a sub-category',
      [{ name: 'A' }, { name: 'B', parent: 'A' }, { name: 'C' }],
      { name: 'A', parent: 'C' },
      'has sub-categories',
    ],
    ['its own parent', [{ name: 'A' }], { name: 'A', parent: 'A' }, 'cannot be its own parent'],
    ['an unknown parent', [], { name: 'A', parent: 'Nope' }, "No category 'Nope'"],
    ['a blank name', [], { name: '  ' }, 'Category name is required'],
  ])('answers 400 for %s', async (_case, setup, body, message) => {
    const { key } = await createTenant();
    for (const step of setup) await upsert(key, step);
    const before = await list(key);
    const response = await upsert(key, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.message).toContain(message);
    expect(await list(key)).toEqual(before);
  });

  it('gives distinct names with the same slug distinct slugs', async () => {
    const { key } = await createTenant();
    expect((await upsert(key, { name: 'C++' })).body.data.slug).toBe('c');
    expect((await upsert(key, { name: 'C#' })).body.data.slug).toBe('c-2');
  });

  it('yields one category for concurrent creates of the same name', async () => {
    const { key } = await createTenant();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => upsert(key, { name: i % 2 ? 'Marketing' : 'marketing' })),
    );
    expect(responses.every((response) => response.status === 200 || response.status === 201)).toBe(true);
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(new Set(responses.map((response) => response.body.data.id)).size).toBe(1);
    expect((await list(key)).filter((category) => category.name.toLowerCase() === 'marketing')).toHaveLength(
      1,
    );
  });
});

describe('GET /api/categories', () => {
  it('counts jobs, a main category including its sub-categories, per organization', async () => {
    const a = await createTenant();
    const b = await createTenant();
    await upsert(a.key, { name: 'Engineering' });
    await upsert(a.key, { name: 'Backend', parent: 'Engineering' });
    const job = (body: Record<string, unknown>, key = a.key) =>
      call(createJob, {
        method: 'POST',
        path: '/jobs',
        apiKey: key,
        body: { title: 'T', description: 'D', company_name: 'C', ...body },
      });
    await job({ category: 'Engineering' });
    await job({ category: 'Backend' });
    await job({ categories: ['Engineering', 'Backend'] });
    await job({ category: 'Sales' });
    await job({ category: 'Engineering' }, b.key);
    const counts = Object.fromEntries(
      (await list(a.key)).map((category) => [category.name, category.job_count]),
    );
    expect(counts).toEqual({ Backend: 2, Engineering: 3, Sales: 1 });
    expect((await list(b.key)).map((category) => [category.name, category.job_count])).toEqual([
      ['Engineering', 1],
    ]);
  });
});
