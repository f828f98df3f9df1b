import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { idempotencyRecords, webhookSubscriptions } from '@/db/schema';
import { resetEnvCache } from '@/lib/core/env';
import { openSealed } from '@/lib/secrets/crypto';
import { webhookEventTypes } from '@/lib/webhooks/events';
import { webhookSecretContext } from '@/lib/webhooks/secrets';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { POST as rotate } from './[id]/rotate-secret/route';
import { DELETE, GET as getOne, PATCH } from './[id]/route';
import { GET as listEvents } from './events/route';
import { GET, POST } from './route';

const target = 'https://hooks.example.com/boardkit';

function create(key: string, body: Record<string, unknown>) {
  return call(POST, { method: 'POST', path: '/webhooks', apiKey: key, body });
}

describe('webhook subscriptions', () => {
  it('creates with 201 and a generated secret shown once, then returns the match with 200', async () => {
    const { key } = await createTenant();
    const first = await create(key, { event: 'job.created', target_type: 'webhook', target_url: target });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({
      event: 'job.created',
      events: ['job.created'],
      target_type: 'webhook',
      target_url: target,
      is_enabled: true,
      disabled_reason: null,
      secret_ref: null,
    });
    expect(first.body.data.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    expect(first.body.meta).toEqual({ created: true });

    const again = await create(key, { event: 'job.created', target_url: target, secret: 'another-secret' });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(again.body.data.secret).toBeUndefined();
    expect(again.body.meta).toEqual({ created: false });

    const read = await call(getOne, {
      path: `/webhooks/${first.body.data.id}`,
      apiKey: key,
      params: { id: first.body.data.id },
    });
    expect(read.body.data).not.toHaveProperty('secret');
    const list = await call(GET, { path: '/webhooks', apiKey: key });
    expect(list.body.data.map((hook: { id: string }) => hook.id)).toEqual([first.body.data.id]);
    expect(list.body.meta.pagination).toMatchObject({ total_items: 1 });
  });

  it('stores a given secret sealed, never in plain text', async () => {
    const { key } = await createTenant();
    const secret = 'a-sixteen-chars!';
    const { body } = await create(key, { event: '*', target_url: target, secret });
    expect(body.data.secret).toBeUndefined();
    const [row] = await (await getDb())
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, body.data.id));
    expect(row!.sealedSecret).not.toContain(secret);
    expect(openSealed(row!.sealedSecret!, webhookSecretContext(body.data.id))).toBe(secret);
  });

  it('keeps no secret in the clear in idempotency records, and replays it from the sealed answer', async () => {
    const { key, organization } = await createTenant();
    const headers = { 'Idempotency-Key': 'create-hook-1' };
    const body = { event: 'job.created', target_url: target };
    const first = await call(POST, { method: 'POST', path: '/webhooks', apiKey: key, body, headers });
    const id = first.body.data.id;
    const rotateHeaders = { 'Idempotency-Key': 'rotate-hook-1' };
    const rotateCall = () =>
      call(rotate, {
        method: 'POST',
        path: `/webhooks/${id}/rotate-secret`,
        apiKey: key,
        params: { id },
        headers: rotateHeaders,
      });
    const rotated = await rotateCall();
    const stored = await (await getDb())
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.organizationId, organization.id));
    expect(stored).toHaveLength(2);
    const atRest = JSON.stringify(stored);
    for (const secret of [first.body.data.secret, rotated.body.data.secret]) {
      expect(secret).toMatch(/^whsec_/);
      expect(atRest).not.toContain(secret);
      expect(atRest).not.toContain(secret.slice('whsec_'.length));
    }
    expect(atRest).not.toContain('whsec_');
    const replayed = await call(POST, { method: 'POST', path: '/webhooks', apiKey: key, body, headers });
    expect(replayed.headers.get('idempotent-replayed')).toBe('true');
    expect(replayed.body).toEqual(first.body);
    expect((await rotateCall()).body).toEqual(rotated.body);
  });

  it('rotates a secret named by its id in capitals, and the rotated secret still opens (it was sealed under the capitalised id, and every later rotate answered 500)', async () => {
    const { key } = await createTenant();
    const created = await create(key, { event: 'job.created', target_url: target });
    const id: string = created.body.data.id;
    const upper = id.toUpperCase();
    const rotate1 = await call(rotate, {
      method: 'POST',
      path: `/webhooks/${upper}/rotate-secret`,
      apiKey: key,
      params: { id: upper },
    });
    expect(rotate1.status).toBe(200);
    expect(rotate1.body.data.id).toBe(id);
    const [row] = await (await getDb())
      .select()
      .from(webhookSubscriptions)
      .where(eq(webhookSubscriptions.id, id));
    expect(openSealed(row!.sealedSecret!, webhookSecretContext(id))).toBe(rotate1.body.data.secret);
    const rotate2 = await call(rotate, {
      method: 'POST',
      path: `/webhooks/${upper}/rotate-secret`,
      apiKey: key,
      params: { id: upper },
    });
    expect(rotate2.status).toBe(200);
  });

  it('accepts an events list and treats `*` as everything', async () => {
    const { key } = await createTenant();
    const several = await create(key, {
      events: ['job.updated', 'job.created', 'job.created'],
      target_url: target,
    });
    expect(several.body.data.events).toEqual(['job.created', 'job.updated']);
    const same = await create(key, { events: ['job.created', 'job.updated'], target_url: target });
    expect(same.status).toBe(200);
    const all = await create(key, { events: ['*', 'job.created'], target_url: target });
    expect(all.body.data.events).toEqual(['*']);
  });

  it('yields one subscription from concurrent identical creates', async () => {
    const { key } = await createTenant();
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => create(key, { event: 'job.deleted', target_url: target })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(responses.map((response) => response.body.data.id)).size).toBe(1);
  });

  it.each([
    [{ event: 'job.exploded', target_url: target }, 'event'],
    [{ event: 'job.created', events: ['job.updated'], target_url: target }, 'event'],
    [{ target_url: target }, 'event'],
    [{ event: 'job.created', target_type: 'email', target_url: target }, 'target_type'],
    [{ event: 'job.created', target_url: 'not a url' }, 'target_url'],
    [{ event: 'job.created', target_url: 'http://hooks.example.com/x' }, 'target_url'],
    [{ event: 'job.created', target_url: 'https://user:pass@hooks.example.com/x' }, 'target_url'],
    [{ event: 'job.created', target_url: 'https://127.0.0.1/x' }, 'target_url'],
    [{ event: 'job.created', target_url: 'https://10.0.0.1/x' }, 'target_url'],
    [{ event: 'job.created', target_url: 'https://169.254.169.254/latest/meta-data' }, 'target_url'],
    [{ event: 'job.created', target_url: 'https://[::1]/x' }, 'target_url'],
    [{ event: 'job.created', target_url: 'https://localhost/x' }, 'target_url'],
    [{ event: 'job.created', target_url: target, secret: 'whsec_not*base64' }, 'secret'],
    [{ event: 'job.created', target_url: target, secret: 'vault:Not A Name' }, 'secret'],
    [{ event: 'job.created', target_url: target, secret: '' }, 'secret'],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const { key } = await createTenant();
    const response = await create(key, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details[0].field).toBe(field);
  });

  it('toggles, retargets and deletes; other organizations see 404', async () => {
    const owner = await createTenant();
    const stranger = await createTenant();
    const { body } = await create(owner.key, { event: 'job.created', target_url: target });
    const id = body.data.id;
    const patch = (key: string, changes: Record<string, unknown>) =>
      call(PATCH, { method: 'PATCH', path: `/webhooks/${id}`, apiKey: key, params: { id }, body: changes });

    const disabled = await patch(owner.key, { is_enabled: false });
    expect(disabled.status).toBe(200);
    expect(disabled.body.data).toMatchObject({ id, is_enabled: false, target_url: target });
    expect(Object.keys(disabled.body.data)).toEqual(
      expect.arrayContaining(['id', 'target_url', 'is_enabled', 'created_at', 'updated_at']),
    );
    expect((await patch(owner.key, { target_url: 'https://other.example.com/h' })).body.data.target_url).toBe(
      'https://other.example.com/h',
    );
    expect((await patch(owner.key, {})).status).toBe(400);
    expect((await patch(owner.key, { is_enabled: 'yes' })).status).toBe(400);
    expect((await patch(stranger.key, { is_enabled: true })).status).toBe(404);
    expect(
      (await call(getOne, { path: '/webhooks/nope', apiKey: owner.key, params: { id: 'nope' } })).status,
    ).toBe(400);

    const removed = await call(DELETE, {
      method: 'DELETE',
      path: `/webhooks/${id}`,
      apiKey: owner.key,
      params: { id },
    });
    expect(removed.body).toEqual({ data: { id, deleted: true } });
    expect((await patch(owner.key, { is_enabled: true })).status).toBe(404);
  });

  it('answers 409 when a change would duplicate another subscription', async () => {
    const { key } = await createTenant();
    await create(key, { event: 'job.created', target_url: target });
    const other = await create(key, { event: 'job.created', target_url: 'https://other.example.com/h' });
    const id = other.body.data.id;
    const response = await call(PATCH, {
      method: 'PATCH',
      path: `/webhooks/${id}`,
      apiKey: key,
      params: { id },
      body: { target_url: target },
    });
    expect(response.status).toBe(409);
  });

  it('rotates a secret, showing the new one once; refuses vault-backed subscriptions', async () => {
    const { key } = await createTenant();
    const { body } = await create(key, { event: 'job.created', target_url: target });
    const id = body.data.id;
    const rotated = await call(rotate, {
      method: 'POST',
      path: `/webhooks/${id}/rotate-secret`,
      apiKey: key,
      params: { id },
    });
    expect(rotated.status).toBe(200);
    expect(rotated.body.data.secret).toMatch(/^whsec_/);
    expect(rotated.body.data.secret).not.toBe(body.data.secret);

    const vault = await create(key, { event: 'job.updated', target_url: target, secret: 'vault:hook-key' });
    expect(vault.body.data.secret_ref).toBe('vault:hook-key');
    const refused = await call(rotate, {
      method: 'POST',
      path: `/webhooks/${vault.body.data.id}/rotate-secret`,
      apiKey: key,
      params: { id: vault.body.data.id },
    });
    expect(refused.status).toBe(409);
  });

  it('publishes the closed list of events', async () => {
    const { key } = await createTenant();
    const { body } = await call(listEvents, { path: '/webhooks/events', apiKey: key });
    expect(body.data.map((event: { type: string }) => event.type)).toEqual(webhookEventTypes);
  });
});

describe('webhook targets on a private network', () => {
  beforeAll(() => {
    vi.stubEnv('ALLOW_PRIVATE_NETWORK_TARGETS', '1');
    resetEnvCache();
  });
  afterAll(() => {
    vi.unstubAllEnvs();
    resetEnvCache();
  });

  it('are accepted, over http too, when ALLOW_PRIVATE_NETWORK_TARGETS=1', async () => {
    const { key } = await createTenant();
    const response = await create(key, { event: 'job.created', target_url: 'http://127.0.0.1:9/hook' });
    expect(response.status).toBe(201);
  });
});
