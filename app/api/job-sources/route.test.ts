// The job sources API: shape, validation, tenancy and "Sync now" answering the open run.
import { describe, expect, it } from 'vitest';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { DELETE, GET as getOne, PATCH } from './[id]/route';
import { POST as sync } from './[id]/sync/route';
import { GET, POST } from './route';

const url = 'https://boards-api.greenhouse.io/v1/boards/vaulttec/jobs?content=true';

describe('/api/job-sources', () => {
  it('creates with defaults, reads, lists, changes and deletes', async () => {
    const { key } = await createTenant();
    const created = await call(POST, {
      method: 'POST',
      path: '/job-sources',
      apiKey: key,
      body: { kind: 'greenhouse', url },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      kind: 'greenhouse',
      url,
      company_name: null,
      category: null,
      status_for_new_jobs: 'active',
      is_enabled: true,
      sync_interval_minutes: 60,
      jobs: 0,
      last_run: null,
    });
    const id = created.body.data.id;
    const list = await call(GET, { path: '/job-sources', apiKey: key });
    expect(list.body.data.map((source: { id: string }) => source.id)).toEqual([id]);
    expect(list.body.meta.pagination).toMatchObject({ total_items: 1, has_more: false });

    const patched = await call(PATCH, {
      method: 'PATCH',
      path: `/job-sources/${id}`,
      apiKey: key,
      params: { id },
      body: { company_name: 'Vault-Tec', sync_interval_minutes: 15, is_enabled: false },
    });
    expect(patched.body.data).toMatchObject({
      company_name: 'Vault-Tec',
      sync_interval_minutes: 15,
      is_enabled: false,
    });

    const first = await call(sync, {
      method: 'POST',
      path: `/job-sources/${id}/sync`,
      apiKey: key,
      params: { id },
    });
    expect(first.status).toBe(202);
    expect(first.body.data).toMatchObject({ status: 'running', finished_at: null, created: 0, error: null });
    const second = await call(sync, {
      method: 'POST',
      path: `/job-sources/${id}/sync`,
      apiKey: key,
      params: { id },
    });
    expect(second.status).toBe(202);
    expect(second.body.data.id).toBe(first.body.data.id);
    const read = await call(getOne, { path: `/job-sources/${id}`, apiKey: key, params: { id } });
    expect(read.body.data.last_run).toEqual(first.body.data);

    const removed = await call(DELETE, {
      method: 'DELETE',
      path: `/job-sources/${id}`,
      apiKey: key,
      params: { id },
    });
    expect(removed.body).toEqual({ data: { id, deleted: true } });
    const gone = await call(getOne, { path: `/job-sources/${id}`, apiKey: key, params: { id } });
    expect(gone.status).toBe(404);
  });

  it.each([
    [{ kind: 'workday', url }, 'kind'],
    [{ kind: 'lever' }, 'url'],
    [{ kind: 'lever', url: 'not a url' }, 'url'],
    [{ kind: 'lever', url: 'https://169.254.169.254/latest' }, 'url'],
    [{ kind: 'lever', url: 'http://example.com/feed' }, 'url'],
    [{ kind: 'xml', url, status_for_new_jobs: 'expired' }, 'status_for_new_jobs'],
    [{ kind: 'xml', url, sync_interval_minutes: 1 }, 'sync_interval_minutes'],
    [{ kind: 'xml', url, sync_interval_minutes: 7.5 }, 'sync_interval_minutes'],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const { key } = await createTenant();
    const response = await call(POST, { method: 'POST', path: '/job-sources', apiKey: key, body });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it('answers 404 for another organization’s source and 400 for a malformed id', async () => {
    const owner = await createTenant();
    const other = await createTenant();
    const { body } = await call(POST, {
      method: 'POST',
      path: '/job-sources',
      apiKey: owner.key,
      body: { kind: 'lever', url },
    });
    const id = body.data.id;
    for (const handler of [getOne, PATCH, DELETE]) {
      const response = await call(handler, {
        method: handler === getOne ? 'GET' : handler === PATCH ? 'PATCH' : 'DELETE',
        path: `/job-sources/${id}`,
        apiKey: other.key,
        params: { id },
        body: handler === PATCH ? { is_enabled: false } : undefined,
      });
      expect(response.status).toBe(404);
    }
    expect(
      (
        await call(sync, {
          method: 'POST',
          path: `/job-sources/${id}/sync`,
          apiKey: other.key,
          params: { id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(getOne, { path: '/job-sources/nope', apiKey: owner.key, params: { id: 'nope' } })).status,
    ).toBe(400);
    const empty = await call(PATCH, {
      method: 'PATCH',
      path: `/job-sources/${id}`,
      apiKey: owner.key,
      params: { id },
      body: {},
    });
    expect(empty.status).toBe(400);
  });
});
