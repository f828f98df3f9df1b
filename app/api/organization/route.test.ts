import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { organizations } from '@/db/schema';
import { resetEnvCache } from '@/lib/core/env';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { UpstashRateLimiter } from '@/lib/rate-limit/upstash';
import { createTenant } from '@/test/factories';
import { startUpstashRestFixture, testRedisUrl, upstashTestsCanRun } from '@/test/fixtures/upstash-rest';
import { call } from '@/test/http';
import { DELETE, GET, OPTIONS, PATCH, POST } from './route';

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
        board_url: `http://localhost:3000/b/${a.organization.slug}`,
        locale: 'en-US',
        members: { employers_need_approval: true, candidates_need_approval: false },
        embed_origins: [],
        board: { logo_url: null, accent_color: null, tagline: null, footer_text: null, nav_links: [] },
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
      expect(response.headers.get('allow')).toBe('GET, HEAD, PATCH, OPTIONS');
      expect(response.body.error).toMatchObject({
        code: 'method_not_allowed',
        request_id: expect.any(String),
      });
    }
    const options = await OPTIONS();
    expect(options.status).toBe(204);
    expect(options.headers.get('allow')).toBe('GET, HEAD, PATCH, OPTIONS');
  });

  it('names the board by BOARD_ROOT_DOMAIN when it is set', async () => {
    const tenant = await createTenant();
    process.env.BOARD_ROOT_DOMAIN = 'Boards.Example.COM';
    resetEnvCache();
    try {
      const response = await call(GET, { path: '/organization', apiKey: tenant.key });
      expect(response.body.data.board_url).toBe(`https://${tenant.organization.slug}.boards.example.com`);
    } finally {
      delete process.env.BOARD_ROOT_DOMAIN;
      resetEnvCache();
    }
  });
});

describe('PATCH /api/organization', () => {
  it('changes the board look field by field, keeping what is not sent', async () => {
    const tenant = await createTenant();
    const first = await call(PATCH, {
      method: 'PATCH',
      path: '/organization',
      apiKey: tenant.key,
      body: {
        board: {
          accent_color: '#FF6600',
          tagline: 'Jobs in climate tech',
          nav_links: [
            { label: 'About', url: '/about' },
            { label: 'Main site', url: 'https://example.com' },
          ],
        },
      },
    });
    expect(first.status).toBe(200);
    expect(first.body.data.board).toEqual({
      logo_url: null,
      accent_color: '#ff6600',
      tagline: 'Jobs in climate tech',
      footer_text: null,
      nav_links: [
        { label: 'About', url: '/about' },
        { label: 'Main site', url: 'https://example.com' },
      ],
    });
    const second = await call(PATCH, {
      method: 'PATCH',
      path: '/organization',
      apiKey: tenant.key,
      body: { name: 'Renamed', board: { tagline: null, footer_text: '© Renamed' } },
    });
    expect(second.body.data).toMatchObject({
      name: 'Renamed',
      board: { accent_color: '#ff6600', tagline: null, footer_text: '© Renamed' },
    });
  });

  it('sets the locale dates are written in, canonical, and refuses a tag Intl cannot write', async () => {
    const tenant = await createTenant();
    const patch = (body: unknown) =>
      call(PATCH, { method: 'PATCH', path: '/organization', apiKey: tenant.key, body });
    const changed = await patch({ locale: 'en-gb' });
    expect(changed.status).toBe(200);
    expect(changed.body.data.locale).toBe('en-GB');
    for (const locale of ['not a tag', 'xx-YY', '', 42]) {
      const refused = await patch({ locale });
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body.error)).toContain('locale');
    }
    expect((await call(GET, { path: '/organization', apiKey: tenant.key })).body.data.locale).toBe('en-GB');
  });

  it('sets which new members wait for approval, one role at a time', async () => {
    const tenant = await createTenant();
    const patch = (body: unknown) =>
      call(PATCH, { method: 'PATCH', path: '/organization', apiKey: tenant.key, body });
    const initial = await call(GET, { path: '/organization', apiKey: tenant.key });
    expect(initial.body.data.members).toEqual({
      employers_need_approval: true,
      candidates_need_approval: false,
    });
    const changed = await patch({ members: { candidates_need_approval: true } });
    expect(changed.body.data.members).toEqual({
      employers_need_approval: true,
      candidates_need_approval: true,
    });
    expect((await patch({ members: { employers_need_approval: 'no' } })).status).toBe(400);
    const unchanged = await patch({ members: {} });
    expect(unchanged.status).toBe(200);
    expect(unchanged.body.data.members).toEqual(changed.body.data.members);
  });

  it('replaces the origins that may frame the jobs widget, normalized, and names a refused one', async () => {
    const tenant = await createTenant();
    const patch = (body: unknown) =>
      call(PATCH, { method: 'PATCH', path: '/organization', apiKey: tenant.key, body });
    const set = await patch({
      embed_origins: ['https://WWW.Example.com/', 'https://*.example.org', 'https://www.example.com:443'],
    });
    expect(set.status).toBe(200);
    expect(set.body.data.embed_origins).toEqual(['https://www.example.com', 'https://*.example.org']);
    const revision = (await getDb())
      .select({ revision: organizations.revision })
      .from(organizations)
      .where(eq(organizations.id, tenant.organization.id));
    const before = (await revision)[0]!.revision;
    for (const [origins, field, message] of [
      [['https://example.com/jobs'], 'embed_origins.0', /leave out any path/],
      [['https://ok.example', '*'], 'embed_origins.1', /is not an origin/],
      [['https://*.co.uk'], 'embed_origins.0', /wildcard over a whole domain ending/],
      [Array.from({ length: 21 }, (_, i) => `https://s${i}.example`), 'embed_origins', /At most 20/],
      ['https://example.com', 'embed_origins', /array/i],
    ] as const) {
      const refused = await patch({ embed_origins: origins });
      expect(refused.status, JSON.stringify(origins)).toBe(400);
      expect(refused.body.error.code).toBe('validation_error');
      expect(refused.body.error.details[0].field).toBe(field);
      expect(refused.body.error.details[0].message).toMatch(message);
    }
    // Refusals changed nothing; clearing the list writes and bumps the revision (cached widgets).
    expect(
      (await call(GET, { path: '/organization', apiKey: tenant.key })).body.data.embed_origins,
    ).toHaveLength(2);
    expect((await patch({ embed_origins: [] })).body.data.embed_origins).toEqual([]);
    expect((await revision)[0]!.revision).toBeGreaterThan(before);
  });

  it('answers 400 with the field for a bad colour, link or empty body', async () => {
    const tenant = await createTenant();
    const patch = (body: unknown) =>
      call(PATCH, { method: 'PATCH', path: '/organization', apiKey: tenant.key, body });
    const colour = await patch({ board: { accent_color: 'orange' } });
    expect(colour.status).toBe(400);
    expect(colour.body.error.details[0]).toMatchObject({ field: 'board.accent_color' });
    const link = await patch({ board: { nav_links: [{ label: 'x', url: 'javascript:alert(1)' }] } });
    expect(link.status).toBe(400);
    expect((await patch({})).status).toBe(400);
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
    setRateLimiter(
      new UpstashRateLimiter({ url: fixture.url, token }, async () => 'boardkit:organization-test:ratelimit'),
    );
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
