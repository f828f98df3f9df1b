import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { organizations } from '@/db/schema';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { UpstashRateLimiter } from '@/lib/rate-limit/upstash';
import { createTenant } from '@/test/factories';
import { startUpstashRestFixture, testRedisUrl, upstashTestsCanRun } from '@/test/fixtures/upstash-rest';
import { call } from '@/test/http';
import { DELETE, GET, OPTIONS, POST } from './route';

describe('GET /api/organization', () => {
  it("answers with the key's own organization", async () => {
    const a = await createTenant({ name: 'Acme Careers' });
    const b = await createTenant({ name: 'Globex Jobs' });
    const first = await call(GET, { path: '/organization', apiKey: a.key });
    const second = await call(GET, { path: '/organization', apiKey: b.key });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      data: {
        id: a.organization.id,
        slug: a.organization.slug,
        name: 'Acme Careers',
        created_at: a.organization.createdAt.toISOString(),
      },
    });
    expect(second.body.data.id).toBe(b.organization.id);
    expect(second.body.data.name).toBe('Globex Jobs');
  });

  it('answers 405 in the error envelope for other methods, with Allow', async () => {
    const tenant = await createTenant();
    for (const handler of [POST, DELETE]) {
      const response = await call(handler, { method: 'POST', path: '/organization', apiKey: tenant.key });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
      expect(response.body.error).toMatchObject({
        code: 'method_not_allowed',
        request_id: expect.any(String),
      });
    }
    const options = await OPTIONS();
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
  });
});

describe.runIf(await upstashTestsCanRun())('GET /api/organization with the Upstash rate limiter', () => {
  let fixture: Awaited<ReturnType<typeof startUpstashRestFixture>>;
  const token = 'test-token';

  beforeAll(async () => {
    fixture = await startUpstashRestFixture({ redisUrl: testRedisUrl, token });
  });
  afterAll(async () => {
    await fixture?.close();
  });

  it('drives the API wrapper: headers, then 429 with Retry-After', async () => {
    const tenant = await createTenant();
    await (await getDb())
      .update(organizations)
      .set({ rateLimits: { GET: 2 } })
      .where(eq(organizations.id, tenant.organization.id));
    setRateLimiter(new UpstashRateLimiter({ url: fixture.url, token }));
    try {
      const first = await call(GET, { path: '/organization', apiKey: tenant.key });
      expect(first.status).toBe(200);
      expect(first.headers.get('ratelimit-limit')).toBe('2');
      expect(first.headers.get('ratelimit-remaining')).toBe('1');
      await call(GET, { path: '/organization', apiKey: tenant.key });
      const limited = await call(GET, { path: '/organization', apiKey: tenant.key });
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    } finally {
      setRateLimiter(new MemoryRateLimiter());
    }
  });
});
