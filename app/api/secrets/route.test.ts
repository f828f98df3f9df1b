import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { idempotencyRecords, secrets } from '@/db/schema';
import { createTenant } from '@/test/factories';
import { type CallOptions, type CallResult, call } from '@/test/http';
import { DELETE } from './[name]/route';
import { GET, POST } from './route';

/** Every answer of a test, so it can check no value ever came back. */
function recorder() {
  const bodies: string[] = [];
  const record = async (result: Promise<CallResult>) => {
    const response = await result;
    bodies.push(JSON.stringify(response.body));
    return response;
  };
  return {
    set: (key: string, body: unknown, options: CallOptions = {}) =>
      record(call(POST, { method: 'POST', path: '/secrets', apiKey: key, body, ...options })),
    list: (key: string) => record(call(GET, { path: '/secrets', apiKey: key })),
    remove: (key: string, name: string) =>
      record(call(DELETE, { method: 'DELETE', path: `/secrets/${name}`, apiKey: key, params: { name } })),
    expectNoneContains(value: string) {
      for (const body of bodies) expect(body).not.toContain(value);
    },
  };
}

const names = async (key: string) =>
  (await call(GET, { path: '/secrets', apiKey: key })).body.data.map(
    (secret: { name: string }) => secret.name,
  );

describe('POST /api/secrets', () => {
  it('creates a secret with 201, replaces its value with 200, and never returns the value', async () => {
    const api = recorder();
    const { key } = await createTenant();
    const created = await api.set(key, { name: 'stripe_key', value: 'sk_live_first-value' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      data: { name: 'stripe_key', reference: 'vault:stripe_key' },
      meta: { created: true },
    });
    const listed = await api.list(key);
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [{ name: 'stripe_key', created_at: expect.any(String), updated_at: expect.any(String) }],
    });
    const [before] = listed.body.data;

    const rotated = await api.set(key, { name: 'stripe_key', value: 'sk_live_second-value' });
    expect(rotated.status).toBe(200);
    expect(rotated.body).toEqual({
      data: { name: 'stripe_key', reference: 'vault:stripe_key' },
      meta: { created: false },
    });
    const [after] = (await api.list(key)).body.data;
    expect(after.created_at).toBe(before.created_at);
    expect(Date.parse(after.updated_at)).toBeGreaterThan(Date.parse(before.updated_at));
    api.expectNoneContains('first-value');
    api.expectNoneContains('second-value');
  });

  it('stores the value sealed: the row holds a v1 envelope, not the plaintext', async () => {
    const { key, organization } = await createTenant();
    await recorder().set(key, { name: 'db-password', value: 'correct horse battery staple' });
    const db = await getDb();
    const [row] = await db.select().from(secrets).where(eq(secrets.organizationId, organization.id));
    expect(row!.sealedValue).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
    expect(row!.sealedValue).not.toContain('horse');
    expect(JSON.stringify(row)).not.toContain('correct horse');
  });

  it.each([
    ['a 64-character name', 'a'.repeat(64), 201],
    ['digits, _ and -', '0_a-b_9', 201],
    ['a name starting with - or _', '-_x', 201],
    ['a 65-character name', 'a'.repeat(65), 400],
    ['uppercase letters', 'Stripe_Key', 400],
    ['a space', 'stripe key', 400],
    ['a leading space', ' stripe', 400],
    ['a vault: prefix', 'vault:stripe', 400],
    ['a dot', 'stripe.key', 400],
    ['a non-ASCII letter', 'clé', 400],
    ['an empty name', '', 400],
  ])('answers %s with %i', async (_case, name, status) => {
    const api = recorder();
    const { key } = await createTenant();
    const response = await api.set(key, { name, value: 'the-secret-value' });
    expect(response.status).toBe(status);
    if (status === 400) {
      expect(response.body.error).toMatchObject({
        code: 'validation_error',
        details: [expect.objectContaining({ location: 'body', field: 'name' })],
      });
      expect(await names(key)).toEqual([]);
    } else {
      expect(await names(key)).toEqual([name]);
    }
    api.expectNoneContains('the-secret-value');
  });

  it.each([
    ['a missing value', { name: 'x' }, 'value', 'The value is required and must be a string'],
    [
      'a numeric value',
      { name: 'x', value: 123456789 },
      'value',
      'The value is required and must be a string',
    ],
    ['an empty value', { name: 'x', value: '' }, 'value', 'The value cannot be empty'],
    ['a missing name', { value: 'the-secret-value' }, 'name', 'expected string'],
  ])('answers 400 for %s without echoing the value', async (_case, body, field, message) => {
    const api = recorder();
    const { key } = await createTenant();
    const response = await api.set(key, body);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details).toEqual([expect.objectContaining({ field })]);
    expect(response.body.error.message).toContain(message);
    api.expectNoneContains('123456789');
    api.expectNoneContains('the-secret-value');
  });

  it('yields one row for concurrent writes of one name, exactly one of them creating it', async () => {
    const { key, organization } = await createTenant();
    const api = recorder();
    const responses = await Promise.all(
      Array.from({ length: 8 }, (_, i) => api.set(key, { name: 'race', value: `value-${i}` })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([
      200, 200, 200, 200, 200, 200, 200, 201,
    ]);
    expect(responses.filter((response) => response.body.meta.created)).toHaveLength(1);
    const rows = await (await getDb())
      .select()
      .from(secrets)
      .where(eq(secrets.organizationId, organization.id));
    expect(rows).toHaveLength(1);
  });

  it('replays under an Idempotency-Key without storing the value in the idempotency record', async () => {
    const { key, organization } = await createTenant();
    const api = recorder();
    const headers = { 'Idempotency-Key': 'set-webhook-secret-1' };
    const first = await api.set(key, { name: 'hook', value: 'plaintext-in-body' }, { headers });
    const replay = await api.set(key, { name: 'hook', value: 'plaintext-in-body' }, { headers });
    expect(first.status).toBe(201);
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    const other = await api.set(key, { name: 'hook', value: 'another-plaintext' }, { headers });
    expect(other.status).toBe(422);
    const records = await (await getDb())
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.organizationId, organization.id));
    expect(records).toHaveLength(1);
    expect(JSON.stringify(records)).not.toContain('plaintext');
    api.expectNoneContains('plaintext');
  });

  it('refuses writes with a read-only key but lists names', async () => {
    const readOnly = await createTenant({ scope: 'read_only' });
    const api = recorder();
    const refused = await api.set(readOnly.key, { name: 'x', value: 'v' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await api.remove(readOnly.key, 'x')).status).toBe(403);
    expect((await api.list(readOnly.key)).body).toEqual({ data: [] });
  });

  it('answers 401 without a key', async () => {
    const response = await call(POST, { method: 'POST', path: '/secrets', body: { name: 'x', value: 'v' } });
    expect(response.status).toBe(401);
    expect((await call(GET, { path: '/secrets' })).status).toBe(401);
  });
});

describe('GET /api/secrets', () => {
  it('lists names and dates ordered by name, byte by byte', async () => {
    const { key } = await createTenant();
    const api = recorder();
    for (const name of ['b', 'a_1', 'a-1', 'a', '0x', 'a1'])
      await api.set(key, { name, value: `value-of-${name}` });
    const listed = await api.list(key);
    expect(listed.body.data.map((secret: { name: string }) => secret.name)).toEqual([
      '0x',
      'a',
      'a-1',
      'a1',
      'a_1',
      'b',
    ]);
    for (const secret of listed.body.data)
      expect(Object.keys(secret).sort()).toEqual(['created_at', 'name', 'updated_at']);
    api.expectNoneContains('value-of');
  });

  it('lists an empty vault as an empty array', async () => {
    const { key } = await createTenant();
    expect((await recorder().list(key)).body).toEqual({ data: [] });
  });
});

describe('DELETE /api/secrets/{name}', () => {
  it('deletes a secret once, then answers 404', async () => {
    const { key } = await createTenant();
    const api = recorder();
    await api.set(key, { name: 'old-token', value: 'v' });
    await api.set(key, { name: 'kept', value: 'v' });
    const deleted = await api.remove(key, 'old-token');
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ data: { name: 'old-token', deleted: true } });
    expect(await names(key)).toEqual(['kept']);
    const again = await api.remove(key, 'old-token');
    expect(again.status).toBe(404);
    expect(again.body.error).toMatchObject({ code: 'not_found', message: "Secret 'old-token' not found." });
  });

  it('answers 400 for a name that breaks the name rule', async () => {
    const { key } = await createTenant();
    const response = await recorder().remove(key, 'Not_Valid');
    expect(response.status).toBe(400);
    expect(response.body.error.details).toEqual([
      expect.objectContaining({ location: 'path', field: 'name' }),
    ]);
  });
});

describe('tenancy', () => {
  it("keeps each organization's secrets to itself", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const api = recorder();
    await api.set(a.key, { name: 'shared', value: 'a-value' });
    expect(await names(b.key)).toEqual([]);
    const deleted = await api.remove(b.key, 'shared');
    expect(deleted.status).toBe(404);
    expect(deleted.body.error.code).toBe('not_found');
    const own = await api.set(b.key, { name: 'shared', value: 'b-value' });
    expect(own.status).toBe(201);
    expect(await names(a.key)).toEqual(['shared']);
    expect((await api.remove(b.key, 'shared')).status).toBe(200);
    expect(await names(a.key)).toEqual(['shared']);
  });
});
