import { describe, expect, it } from 'vitest';
import { POST as createPage } from '@/app/api/pages/route';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { DELETE, GET as getOne, PATCH } from './[id]/route';
import { GET, POST } from './route';

const add = (key: string, body: Record<string, unknown>) =>
  call(POST, { method: 'POST', path: '/authors', apiKey: key, body });

describe('authors', () => {
  it('creates with 201, lists by name, reads, renames', async () => {
    const { key } = await createTenant();
    const zoe = await add(key, { name: 'Zoë Writer', avatar_url: 'https://cdn.example.com/zoe.png' });
    expect(zoe.status).toBe(201);
    expect(zoe.body.data).toMatchObject({
      name: 'Zoë Writer',
      avatar_url: 'https://cdn.example.com/zoe.png',
    });
    await add(key, { name: 'Adam Editor' });
    const list = await call(GET, { path: '/authors', apiKey: key });
    expect(list.body.data.map((author: { name: string }) => author.name)).toEqual([
      'Adam Editor',
      'Zoë Writer',
    ]);

    const id = zoe.body.data.id;
    const renamed = await call(PATCH, {
      method: 'PATCH',
      path: `/authors/${id}`,
      apiKey: key,
      params: { id },
      body: { name: 'Zoë W.', avatar_url: null },
    });
    expect(renamed.body.data).toMatchObject({ name: 'Zoë W.', avatar_url: null });
    expect((await call(getOne, { path: `/authors/${id}`, apiKey: key, params: { id } })).body.data.name).toBe(
      'Zoë W.',
    );
  });

  it.each([
    [{}, 'name'],
    [{ name: '  ' }, 'name'],
    [{ name: 'A', avatar_url: 'javascript:alert(1)' }, 'avatar_url'],
    [{ name: 'A', avatar_url: 'ftp://x/y.png' }, 'avatar_url'],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const { key } = await createTenant();
    const response = await add(key, body);
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe(field);
  });

  it('refuses to delete an author in use unless the pages are reassigned', async () => {
    const { key } = await createTenant();
    const writer = (await add(key, { name: 'Writer' })).body.data.id;
    const heir = (await add(key, { name: 'Heir' })).body.data.id;
    const page = await call(createPage, {
      method: 'POST',
      path: '/pages',
      apiKey: key,
      body: { title: 'Hello', kind: 'blog_post', author_id: writer },
    });
    expect(page.status).toBe(201);
    const remove = (query = '') =>
      call(DELETE, {
        method: 'DELETE',
        path: `/authors/${writer}${query}`,
        apiKey: key,
        params: { id: writer },
      });

    expect((await remove()).status).toBe(409);
    expect((await remove(`?reassign_to=${writer}`)).status).toBe(409);
    expect((await remove('?reassign_to=0190c0de-0000-7000-8000-000000000000')).status).toBe(400);
    const removed = await remove(`?reassign_to=${heir}`);
    expect(removed.body).toEqual({ data: { id: writer, deleted: true, reassigned_pages: 1 } });
    expect((await remove()).status).toBe(404);
  });

  it('keeps organizations apart', async () => {
    const owner = await createTenant();
    const stranger = await createTenant();
    const id = (await add(owner.key, { name: 'Private' })).body.data.id;
    expect(
      (await call(getOne, { path: `/authors/${id}`, apiKey: stranger.key, params: { id } })).status,
    ).toBe(404);
    expect((await call(GET, { path: '/authors', apiKey: stranger.key })).body.data).toEqual([]);
  });
});
