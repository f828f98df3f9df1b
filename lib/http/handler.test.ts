import { eq, sql } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { apiKeys, organizations } from '@/db/schema';
import { revokeApiKey } from '@/lib/auth/api-keys';
import { resetSharedStores } from '@/lib/cache';
import { clearRevisionCaches } from '@/lib/cache/revision-cache';
import { resetEnvCache } from '@/lib/core/env';
import { AppError } from '@/lib/core/errors';
import { paginationMeta, paginationMetaSchema, paginationQuery } from '@/lib/core/pagination';
import { queryBoolean } from '@/lib/core/query';
import { closeRedisConnections } from '@/lib/core/redis';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { testDatabaseTarget } from '@/test/database';
import { createTenant } from '@/test/factories';
import { testRedisUrl, upstashTestsCanRun } from '@/test/fixtures/upstash-rest';
import { call } from '@/test/http';
import { apiRoute, reply } from './handler';

const redisAvailable = await upstashTestsCanRun();

// A small resource defined only for these tests, exercising every step of the wrapper.
let created = 0;
const thingSchema = z.object({ id: z.number(), name: z.string(), org: z.number() });

const createThing = apiRoute(
  {
    method: 'POST',
    path: '/things',
    operationId: 'createThing',
    summary: 'Create a thing',
    description: 'Create a thing, for the wrapper tests.',
    tags: ['Test'],
    body: z.object({
      name: z.string().min(1),
      count: z.number().int().max(10).optional(),
      tags: z.array(z.string().max(5)).optional(),
    }),
    response: z.object({ data: thingSchema }),
    successStatus: 201,
  },
  async ({ body, organization, db }) => {
    if (body.name === 'missing') throw new AppError('not_found', 'Thing not found.');
    if (body.name.startsWith('query:')) await db.execute(sql`SELECT ${body.name}::uuid`);
    if (body.name === 'crash') throw new Error('connection string postgres://secret@db');
    if (body.name === 'slow') await new Promise((resolve) => setTimeout(resolve, 200));
    created += 1;
    return { data: { id: created, name: body.name, org: organization.id } };
  },
);

const listThings = apiRoute(
  {
    method: 'GET',
    path: '/things',
    operationId: 'listThings',
    summary: 'List things',
    description: 'List things, for the wrapper tests.',
    tags: ['Test'],
    query: z.object({
      ...paginationQuery(20),
      is_cool: queryBoolean().optional(),
      kind: z.enum(['a', 'b']).optional(),
    }),
    response: z.object({ data: z.array(thingSchema), meta: z.object({ pagination: paginationMetaSchema }) }),
  },
  async ({ query, organization }) => {
    const all = Array.from({ length: 45 }, (_, i) => ({
      id: i + 1,
      name: `thing ${i + 1}`,
      org: organization.id,
    }));
    const start = (query.page - 1) * query.per_page;
    return {
      data: all.slice(start, start + query.per_page),
      meta: { pagination: paginationMeta(query, all.length) },
    };
  },
);

const getThing = apiRoute(
  {
    method: 'GET',
    path: '/things/{id}',
    operationId: 'getThing',
    summary: 'Get a thing',
    description: 'Get a thing, for the wrapper tests.',
    tags: ['Test'],
    params: z.object({ id: z.uuid() }),
    response: z.object({ data: thingSchema }),
  },
  // Deliberately returns a body that violates its own schema.
  async () => reply(200, { data: { id: 'not-a-number', name: 1, org: 1 } } as never),
);

beforeEach(() => setRateLimiter(new MemoryRateLimiter()));

describe('authentication', () => {
  it.each([
    ['no header', undefined, 'Missing API key'],
    ['an empty header', '   ', 'Missing API key'],
    ['an unknown key', 'bk_thisKeyDoesNotExistAnywhere000000000000', 'Invalid or revoked'],
    ['a key of another format', 'sk_live_123', 'Invalid or revoked'],
  ])('answers 401 unauthorized for %s', async (_case, apiKey, message) => {
    const response = await call(listThings, {
      path: '/things',
      headers: apiKey === undefined ? {} : { 'x-api-key': apiKey },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      error: {
        code: 'unauthorized',
        message: expect.stringContaining(message),
        details: null,
        url: 'http://localhost:3000/docs/errors#unauthorized',
        request_id: response.headers.get('x-request-id'),
      },
    });
    expect(response.headers.get('ratelimit-limit')).toBeNull();
  });

  it('answers 401 for a revoked key', async () => {
    const tenant = await createTenant();
    expect((await call(listThings, { path: '/things', apiKey: tenant.key })).status).toBe(200);
    await revokeApiKey(await getDb(), tenant.organization.id, tenant.apiKey.id);
    const response = await call(listThings, { path: '/things', apiKey: tenant.key });
    expect(response.status).toBe(401);
    expect(response.body.error.code).toBe('unauthorized');
  });

  it('stores keys only as SHA-256 hashes with a short display prefix', async () => {
    const tenant = await createTenant();
    const db = await getDb();
    const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, tenant.apiKey.id));
    expect(JSON.stringify(row)).not.toContain(tenant.key);
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tenant.key.startsWith(row!.prefix)).toBe(true);
    expect(row!.prefix.length).toBeLessThan(tenant.key.length / 3);
  });

  it('records when a key was last used', async () => {
    const tenant = await createTenant();
    expect(tenant.apiKey.lastUsedAt).toBeNull();
    await call(listThings, { path: '/things', apiKey: tenant.key });
    const [row] = await (await getDb()).select().from(apiKeys).where(eq(apiKeys.id, tenant.apiKey.id));
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
  });

  it('forbids writes with a read-only key but allows reads', async () => {
    const tenant = await createTenant({ scope: 'read_only' });
    expect((await call(listThings, { path: '/things', apiKey: tenant.key })).status).toBe(200);
    const response = await call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: tenant.key,
      body: { name: 'x' },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('forbidden');
  });
});

describe('request ids', () => {
  it('echoes a sane incoming x-request-id', async () => {
    const tenant = await createTenant();
    const response = await call(listThings, {
      path: '/things',
      apiKey: tenant.key,
      headers: { 'x-request-id': 'trace-1234.abcd' },
    });
    expect(response.headers.get('x-request-id')).toBe('trace-1234.abcd');
  });

  it('replaces an unsafe incoming id and puts the id in error bodies', async () => {
    const response = await call(listThings, {
      path: '/things',
      headers: { 'x-request-id': 'bad id <script>' },
    });
    const id = response.headers.get('x-request-id');
    expect(id).toMatch(/^req_[0-9a-f]{32}$/);
    expect(response.body.error.request_id).toBe(id);
  });
});

describe('validation', () => {
  it('lists every body problem with its path', async () => {
    const tenant = await createTenant();
    const response = await call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: tenant.key,
      body: { name: '', count: 11, tags: ['ok', 'too long'] },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.message).toContain("'name'");
    expect(response.body.error.details).toEqual([
      expect.objectContaining({ location: 'body', field: 'name', path: ['name'], code: 'too_small' }),
      expect.objectContaining({ location: 'body', field: 'count', path: ['count'], code: 'too_big' }),
      expect.objectContaining({ location: 'body', field: 'tags.1', path: ['tags', 1], code: 'too_big' }),
    ]);
  });

  it.each([
    ['per_page=0', 'per_page', 'Must be at least 1'],
    ['per_page=101', 'per_page', 'Must be at most 100'],
    ['page=0', 'page', 'Must be at least 1'],
    ['page=abc', 'page', 'Expected an integer'],
    ['page=1.5', 'page', 'Expected an integer'],
    ['page=', 'page', 'Expected an integer'],
    ['is_cool=maybe', 'is_cool', 'Expected true or false'],
    ['kind=c', 'kind', ''],
  ])('rejects the query %s', async (query, field, message) => {
    const tenant = await createTenant();
    const response = await call(listThings, { path: `/things?${query}`, apiKey: tenant.key });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details[0]).toMatchObject({
      location: 'query',
      field,
      message: expect.stringContaining(message),
    });
  });

  it('rejects a malformed path parameter', async () => {
    const tenant = await createTenant();
    const response = await call(getThing, {
      path: '/things/nope',
      apiKey: tenant.key,
      params: { id: 'nope' },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0]).toMatchObject({ location: 'path', field: 'id' });
  });

  it('answers invalid_json for a malformed body', async () => {
    const tenant = await createTenant();
    const response = await call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: tenant.key,
      body: '{"name": "x",',
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_json');
  });

  it('never quotes the malformed body back', async () => {
    const tenant = await createTenant();
    const response = await call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: tenant.key,
      body: '{"name": s3cret-value}',
    });
    expect(response.body.error.code).toBe('invalid_json');
    expect(JSON.stringify(response.body)).not.toContain('s3cret');
  });

  it('answers 400 when the body is missing', async () => {
    const tenant = await createTenant();
    const response = await call(createThing, { method: 'POST', path: '/things', apiKey: tenant.key });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      code: 'validation_error',
      message: 'A JSON request body is required.',
    });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const tenant = await createTenant();
    const response = await call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: tenant.key,
      body: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.body.error.code).toBe('unsupported_media_type');
  });

  it('answers 413 for a body over 1 MB', async () => {
    const tenant = await createTenant();
    const response = await call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: tenant.key,
      body: { name: 'x'.repeat(1_100_000) },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
    expect(response.headers.get('connection')).toBe('close');
  });

  it('stops reading a streamed body without a length at the limit', async () => {
    const tenant = await createTenant();
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(32));
      },
    });
    const request = new Request('http://localhost:3000/api/things', {
      method: 'POST',
      headers: { 'x-api-key': tenant.key, 'content-type': 'application/json' },
      body: endless,
      duplex: 'half',
    } as RequestInit);
    const response = await createThing(request, { params: Promise.resolve({}) });
    expect(response.status).toBe(413);
    expect(sent).toBeLessThan(2_000_000);
  });
});

describe('envelope and errors', () => {
  it('wraps results in data and answers with the route status', async () => {
    const tenant = await createTenant();
    const response = await call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: tenant.key,
      body: { name: 'a' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      data: { id: expect.any(Number), name: 'a', org: tenant.organization.id },
    });
  });

  it('maps a thrown AppError to its status and code', async () => {
    const tenant = await createTenant();
    const response = await call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: tenant.key,
      body: { name: 'missing' },
    });
    expect(response.status).toBe(404);
    expect(response.body.error).toMatchObject({ code: 'not_found', message: 'Thing not found.' });
  });

  it('answers 500 internal_error without leaking internals', async () => {
    const tenant = await createTenant();
    const response = await call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: tenant.key,
      body: { name: 'crash' },
    });
    expect(response.status).toBe(500);
    expect(response.body.error).toMatchObject({
      code: 'internal_error',
      message: 'An unexpected error occurred.',
      details: null,
    });
    expect(JSON.stringify(response.body)).not.toContain('postgres');
    expect(response.body.error.request_id).toBe(response.headers.get('x-request-id'));
  });

  it('logs a failed query of a request without the values it carried', async () => {
    vi.stubEnv('LOG_LEVEL', 'error');
    resetEnvCache();
    const logged: string[] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((line: string) => logged.push(line));
    try {
      const tenant = await createTenant();
      const response = await call(createThing, {
        method: 'POST',
        path: '/things',
        apiKey: tenant.key,
        body: { name: 'query:grace.hopper@example.com' },
      });
      expect(response.status).toBe(500);
      expect(logged.join('\n')).toContain(response.body.error.request_id);
      expect(logged.join('\n')).not.toContain('grace.hopper');
    } finally {
      spy.mockRestore();
      vi.unstubAllEnvs();
      resetEnvCache();
    }
  });

  it('answers 500 when a handler breaks its own response schema', async () => {
    const tenant = await createTenant();
    const id = '0190b5a0-0000-7000-8000-000000000000';
    const response = await call(getThing, { path: `/things/${id}`, apiKey: tenant.key, params: { id } });
    expect(response.status).toBe(500);
    expect(response.body.error.code).toBe('internal_error');
  });
});

describe('pagination', () => {
  it.each([
    ['', 1, 20, 20, true],
    ['?page=2', 2, 20, 20, true],
    ['?page=3', 3, 20, 5, false],
    ['?per_page=100', 1, 100, 45, false],
    ['?page=9', 9, 20, 0, false],
  ])('reports meta.pagination for %s', async (query, page, perPage, count, hasMore) => {
    const tenant = await createTenant();
    const response = await call(listThings, { path: `/things${query}`, apiKey: tenant.key });
    expect(response.status).toBe(200);
    expect(response.body.data).toHaveLength(count);
    expect(response.body.meta.pagination).toEqual({
      current_page: page,
      per_page: perPage,
      total_items: 45,
      total_pages: Math.ceil(45 / perPage),
      has_more: hasMore,
    });
  });
});

describe('rate limits', () => {
  // The clock stops at the test's start: on a slow machine the first requests of a loop could
  // otherwise leave the minute and free a slot.
  beforeEach(() => {
    const start = Date.now();
    setRateLimiter(new MemoryRateLimiter(() => start));
  });

  it('sends RateLimit headers and answers 429 with Retry-After past the GET limit', async () => {
    const tenant = await createTenant();
    const first = await call(listThings, { path: '/things', apiKey: tenant.key });
    expect(first.headers.get('ratelimit-limit')).toBe('100');
    expect(first.headers.get('ratelimit-remaining')).toBe('99');
    expect(Number(first.headers.get('ratelimit-reset'))).toBeGreaterThanOrEqual(1);
    expect(Number(first.headers.get('ratelimit-reset'))).toBeLessThanOrEqual(60);
    for (let i = 1; i < 100; i++) await call(listThings, { path: '/things', apiKey: tenant.key });
    const limited = await call(listThings, { path: '/things', apiKey: tenant.key });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.headers.get('ratelimit-remaining')).toBe('0');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('limits POST at 30 per minute, separately from GET', async () => {
    const tenant = await createTenant();
    for (let i = 0; i < 30; i++) {
      const response = await call(createThing, {
        method: 'POST',
        path: '/things',
        apiKey: tenant.key,
        body: { name: `n${i}` },
      });
      expect(response.status).toBe(201);
    }
    const limited = await call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: tenant.key,
      body: { name: 'x' },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-limit')).toBe('30');
    expect((await call(listThings, { path: '/things', apiKey: tenant.key })).status).toBe(200);
  });

  it('counts per key, so another key of the same organization is not limited', async () => {
    const tenant = await createTenant();
    const { createApiKey } = await import('@/lib/auth/api-keys');
    const other = await createApiKey(await getDb(), tenant.organization.id, { name: 'second' });
    for (let i = 0; i < 30; i++)
      await call(createThing, { method: 'POST', path: '/things', apiKey: tenant.key, body: { name: 'x' } });
    expect(
      (await call(createThing, { method: 'POST', path: '/things', apiKey: tenant.key, body: { name: 'x' } }))
        .status,
    ).toBe(429);
    expect(
      (
        await call(createThing, {
          method: 'POST',
          path: '/things',
          apiKey: other.plaintext,
          body: { name: 'x' },
        })
      ).status,
    ).toBe(201);
  });

  it('applies per-organization overrides', async () => {
    const tenant = await createTenant();
    await (await getDb())
      .update(organizations)
      .set({ rateLimits: { GET: 3 } })
      .where(eq(organizations.id, tenant.organization.id));
    for (let i = 0; i < 3; i++)
      expect((await call(listThings, { path: '/things', apiKey: tenant.key })).status).toBe(200);
    const limited = await call(listThings, { path: '/things', apiKey: tenant.key });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('ratelimit-limit')).toBe('3');
  });
});

describe('idempotency', () => {
  const post = (key: string, idempotencyKey: string, body: unknown) =>
    call(createThing, {
      method: 'POST',
      path: '/things',
      apiKey: key,
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    });

  it('replays the first response for a retry', async () => {
    const tenant = await createTenant();
    const first = await post(tenant.key, 'order-1', { name: 'once' });
    const again = await post(tenant.key, 'order-1', { name: 'once' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(first.headers.get('idempotent-replayed')).toBeNull();
  });

  it('answers 422 when the key is reused for a different request', async () => {
    const tenant = await createTenant();
    await post(tenant.key, 'order-2', { name: 'first' });
    const response = await post(tenant.key, 'order-2', { name: 'second' });
    expect(response.status).toBe(422);
    expect(response.body.error.code).toBe('idempotency_key_reused');
  });

  it('compares the JSON, not its bytes: key order and whitespace make no other request', async () => {
    const tenant = await createTenant();
    const first = await post(tenant.key, 'order-7', '{"name":"same","tags":["a","b"],"count":2}');
    const again = await post(tenant.key, 'order-7', '{ "count": 2,\n  "tags": ["a", "b"], "name": "same" }');
    expect(first.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    const reordered = await post(tenant.key, 'order-7', '{"name":"same","tags":["b","a"],"count":2}');
    expect(reordered.body.error.code).toBe('idempotency_key_reused');
  });

  it('answers 409 for a retry while the first request is in flight', async () => {
    const tenant = await createTenant();
    const [first, second] = await Promise.all([
      post(tenant.key, 'order-3', { name: 'slow' }),
      new Promise((resolve) => setTimeout(resolve, 50)).then(() =>
        post(tenant.key, 'order-3', { name: 'slow' }),
      ),
    ]);
    expect(first.status).toBe(201);
    if (testDatabaseTarget()) {
      expect(second.status).toBe(409);
      expect(second.body.error.code).toBe('idempotency_key_in_use');
    } else {
      // PGlite has one connection: the retry waits for the first request's transaction, then replays it.
      expect(second.status).toBe(201);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(second.body).toEqual(first.body);
    }
  });

  it('keeps keys apart per organization', async () => {
    const a = await createTenant();
    const b = await createTenant();
    const first = await post(a.key, 'shared', { name: 'a' });
    const other = await post(b.key, 'shared', { name: 'b' });
    expect(other.status).toBe(201);
    expect(other.body.data.org).toBe(b.organization.id);
    expect(other.body.data.id).not.toBe(first.body.data.id);
  });

  it('does not store validation failures or crashes, so a corrected retry runs', async () => {
    const tenant = await createTenant();
    expect((await post(tenant.key, 'order-4', { name: '' })).status).toBe(400);
    expect((await post(tenant.key, 'order-5', { name: 'crash' })).status).toBe(500);
    expect((await post(tenant.key, 'order-5', { name: 'crash' })).status).toBe(500);
    const retried = await post(tenant.key, 'order-4', { name: 'fixed' });
    expect(retried.status).toBe(201);
  });

  it('replays a definite error such as 404', async () => {
    const tenant = await createTenant();
    const first = await post(tenant.key, 'order-6', { name: 'missing' });
    const again = await post(tenant.key, 'order-6', { name: 'missing' });
    expect(first.status).toBe(404);
    expect(again.status).toBe(404);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
  });

  describe('commits the write and its kept answer together', () => {
    const writeThing = apiRoute(
      {
        method: 'POST',
        path: '/written-things',
        operationId: 'writeThing',
        summary: 'Write a thing',
        description: 'Write a row, then maybe fail, for the wrapper tests.',
        tags: ['Test'],
        body: z.object({ name: z.string(), outcome: z.enum(['answer', 'not_found', 'crash', 'fail']) }),
        response: z.object({ data: z.object({ name: z.string() }) }),
        successStatus: 201,
      },
      async ({ body, db }) => {
        await db.execute(sql`INSERT INTO written_things (name) VALUES (${body.name})`);
        if (body.outcome === 'not_found') throw new AppError('not_found', 'Thing not found.');
        if (body.outcome === 'crash') throw new Error('crashed after writing');
        if (body.outcome === 'fail') return reply(503, { data: { name: body.name } });
        return { data: { name: body.name } };
      },
    );
    const write = (key: string, idempotencyKey: string, name: string, outcome: string) =>
      call(writeThing, {
        method: 'POST',
        path: '/written-things',
        apiKey: key,
        body: { name, outcome },
        headers: { 'Idempotency-Key': idempotencyKey },
      });
    const written = async (name: string) => {
      const db = await getDb();
      const result = await db.execute(
        sql`SELECT count(*)::int AS n FROM written_things WHERE name = ${name}`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };

    beforeAll(async () => {
      const db = await getDb();
      await db.execute(sql`CREATE TABLE IF NOT EXISTS written_things (name text NOT NULL)`);
      // Stands in for the database going away between the write and keeping its answer.
      await db.execute(sql`
        CREATE OR REPLACE FUNCTION refuse_doomed_answers() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          IF NEW.key LIKE 'doomed-%' AND NEW.response_status IS NOT NULL THEN
            RAISE EXCEPTION 'answer not kept';
          END IF;
          RETURN NEW;
        END $$`);
      await db.execute(sql`
        CREATE TRIGGER refuse_doomed_answers BEFORE UPDATE ON idempotency_records
        FOR EACH ROW EXECUTE FUNCTION refuse_doomed_answers()`);
    });

    it('leaves no write behind when its answer could not be kept, so a retry writes once', async () => {
      const tenant = await createTenant();
      expect((await write(tenant.key, 'doomed-1', 'doomed', 'answer')).status).toBe(500);
      expect(await written('doomed')).toBe(0);
      const retried = await write(tenant.key, 'kept-1', 'doomed', 'answer');
      expect(retried.status).toBe(201);
      expect(await written('doomed')).toBe(1);
    });

    it('undoes the writes of a request that ends in a kept 4xx', async () => {
      const tenant = await createTenant();
      expect((await write(tenant.key, 'w-404', 'half-done', 'not_found')).status).toBe(404);
      const again = await write(tenant.key, 'w-404', 'half-done', 'not_found');
      expect(again.status).toBe(404);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      expect(await written('half-done')).toBe(0);
    });

    it('rolls back a crash or a 5xx and frees the key', async () => {
      const tenant = await createTenant();
      expect((await write(tenant.key, 'w-crash', 'crashed', 'crash')).status).toBe(500);
      expect((await write(tenant.key, 'w-5xx', 'failed', 'fail')).status).toBe(503);
      expect(await written('crashed')).toBe(0);
      expect(await written('failed')).toBe(0);
      expect(
        (await write(tenant.key, 'w-5xx', 'failed', 'fail')).headers.get('idempotent-replayed'),
      ).toBeNull();
    });

    it('commits the write once and replays it', async () => {
      const tenant = await createTenant();
      expect((await write(tenant.key, 'w-ok', 'once', 'answer')).status).toBe(201);
      expect((await write(tenant.key, 'w-ok', 'once', 'answer')).headers.get('idempotent-replayed')).toBe(
        'true',
      );
      expect(await written('once')).toBe(1);
    });
  });

  it('rejects a malformed key', async () => {
    const tenant = await createTenant();
    const response = await post(tenant.key, 'x'.repeat(256), { name: 'a' });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0]).toMatchObject({ location: 'header', field: 'Idempotency-Key' });
  });
});

describe('response cache', () => {
  let computed = 0;
  const cachedThings = apiRoute(
    {
      method: 'GET',
      path: '/cached-things',
      operationId: 'listCachedThings',
      summary: 'List things, cached',
      description: 'List things, cached, for the wrapper tests.',
      tags: ['Test'],
      query: z.object({ kind: z.enum(['a', 'b', 'missing']).optional() }),
      cache: { ttlMs: 60_000, maxBytes: 64 * 1024 },
      response: z.object({ data: z.object({ computed: z.number(), kind: z.string().nullable() }) }),
    },
    async ({ query }) => {
      computed += 1;
      if (query.kind === 'missing') throw new AppError('not_found', 'No such kind.');
      return { data: { computed, kind: query.kind ?? null } };
    },
  );
  const get = (key: string, path = '/cached-things') => call(cachedThings, { path, apiKey: key });

  it('answers a repeated read from the cache, with fresh headers and an RFC 9211 Cache-Status', async () => {
    const tenant = await createTenant();
    const first = await get(tenant.key);
    const second = await get(tenant.key);
    expect(second.body).toEqual(first.body);
    expect(first.headers.get('cache-status')).toBe('Boardkit; fwd=miss; stored');
    expect(second.headers.get('cache-status')).toBe('Boardkit; hit');
    expect(second.headers.get('content-type')).toBe('application/json');
    expect(second.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));
    expect(Number(second.headers.get('ratelimit-remaining'))).toBe(
      Number(first.headers.get('ratelimit-remaining')) - 1,
    );
  });

  it.runIf(redisAvailable)(
    'with REDIS_URL, answers another instance’s first read from what this one computed, until the revision moves',
    async () => {
      process.env.REDIS_URL = testRedisUrl;
      resetEnvCache();
      resetSharedStores();
      try {
        const tenant = await createTenant();
        const first = await get(tenant.key, '/cached-things?kind=b');
        expect(first.headers.get('cache-status')).toBe('Boardkit; fwd=miss; stored');
        // Another instance: none of this process's memory, the same Redis.
        clearRevisionCaches();
        resetSharedStores();
        const other = await get(tenant.key, '/cached-things?kind=b');
        expect(other.headers.get('cache-status')).toBe('Boardkit; hit');
        expect(other.body).toEqual(first.body);
        await (await getDb())
          .update(organizations)
          .set({ revision: sql`${organizations.revision} + 1` })
          .where(eq(organizations.id, tenant.organization.id));
        clearRevisionCaches();
        await vi.waitFor(async () =>
          expect((await get(tenant.key, '/cached-things?kind=b')).body.data.computed).toBeGreaterThan(
            first.body.data.computed,
          ),
        );
      } finally {
        delete process.env.REDIS_URL;
        resetEnvCache();
        resetSharedStores();
        await closeRedisConnections();
      }
    },
  );

  it('keeps queries and organizations apart', async () => {
    const [one, two] = [await createTenant(), await createTenant()];
    const a = await get(one.key, '/cached-things?kind=a');
    const b = await get(one.key, '/cached-things?kind=b');
    const other = await get(two.key, '/cached-things?kind=a');
    expect(new Set([a.body.data.computed, b.body.data.computed, other.body.data.computed]).size).toBe(3);
    expect((await get(one.key, '/cached-things?kind=a')).body).toEqual(a.body);
  });

  it('computes again once the jobs revision moves', async () => {
    const tenant = await createTenant();
    const first = await get(tenant.key);
    const db = await getDb();
    await db
      .update(organizations)
      .set({ revision: sql`${organizations.revision} + 1` })
      .where(eq(organizations.id, tenant.organization.id));
    await vi.waitFor(async () =>
      expect((await get(tenant.key)).body.data.computed).toBeGreaterThan(first.body.data.computed),
    );
  });

  it('does not keep errors', async () => {
    const tenant = await createTenant();
    const before = computed;
    expect((await get(tenant.key, '/cached-things?kind=missing')).status).toBe(404);
    expect((await get(tenant.key, '/cached-things?kind=missing')).status).toBe(404);
    expect(computed).toBe(before + 2);
  });

  it('is refused for anything but a keyed GET route', () => {
    expect(() =>
      apiRoute(
        {
          method: 'POST',
          path: '/x',
          operationId: 'x',
          summary: 'x',
          description: 'x, for the wrapper tests.',
          tags: ['Test'],
          cache: { ttlMs: 1, maxBytes: 1024 },
          response: z.object({}),
        },
        async () => ({}),
      ),
    ).toThrow(/only keyed GET routes/);
  });
});
