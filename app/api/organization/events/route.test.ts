// The board's beacons: what is stored of a visit (and what never is), and every refusal.
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { GET as applyGet } from '@/app/(board)/b/[board]/jobs/[slug]/apply/route';
import { getDb } from '@/db/client';
import { analyticsEvents, analyticsSalts } from '@/db/schema';
import { flushEvents, resetSaltCache, trackEvent } from '@/lib/analytics';
import { resetEnvCache } from '@/lib/core/env';
import { PEER_ADDRESS_HEADER } from '@/lib/http/client-address';
import { setCorsOrigins } from '@/lib/organizations/service';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { proxy } from '@/proxy';
import { createTenant, createTestJob } from '@/test/factories';
import { call } from '@/test/http';
import { OPTIONS, POST } from './route';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const FIREFOX = 'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

beforeEach(() => setRateLimiter(new MemoryRateLimiter()));

async function send(
  slug: string,
  body: unknown,
  {
    agent = FIREFOX,
    address = '81.2.69.160',
    headers = {} as Record<string, string>,
    type = 'text/plain',
  } = {},
) {
  return call(POST, {
    method: 'POST',
    path: `/organization/events?organization=${slug}`,
    headers: { 'content-type': type, 'user-agent': agent, [PEER_ADDRESS_HEADER]: address, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

async function eventsOf(orgId: number) {
  await flushEvents();
  const db = await getDb();
  return db
    .select()
    .from(analyticsEvents)
    .where(eq(analyticsEvents.organizationId, orgId))
    .orderBy(analyticsEvents.id);
}

describe('POST /api/organization/events', () => {
  it('records a page view with its path, source, device, browser and country, and nothing personal', async () => {
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}/jobs?q=rust`;
    const answer = await send(
      organization.slug,
      { name: 'pageview', url, referrer: 'https://www.google.com/' },
      { agent: IPHONE },
    );
    expect(answer.body).toBeNull();
    expect(answer.status).toBe(202);
    const [event] = await eventsOf(organization.id);
    expect(event).toMatchObject({
      name: 'pageview',
      path: '/jobs',
      source: 'Google',
      referrerHost: 'google.com',
      device: 'mobile',
      browser: 'Safari',
      os: 'iOS',
      country: 'GB',
      jobId: null,
      props: null,
    });
    expect(event!.visitor).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(JSON.stringify(event)).not.toContain('81.2.69.160');
    expect(JSON.stringify(event)).not.toContain('iPhone OS');
  });

  it('takes JSON too, a UTM source over the referrer, the edge’s country, custom events with props, and job pages', async () => {
    const { organization } = await createTenant();
    const job = await createTestJob(organization.id, { title: 'Rust Engineer' });
    const base = `https://${organization.slug}.boards.example`;
    await send(
      organization.slug,
      {
        name: 'pageview',
        url: `${base}/jobs/${job.slug}?utm_source=newsletter`,
        referrer: 'https://www.linkedin.com/feed',
      },
      { type: 'application/json', headers: { 'x-vercel-ip-country': 'de' } },
    );
    await send(organization.slug, {
      name: 'Signup',
      url: `${base}/`,
      props: { plan: 'pro', seats: 3, yearly: true },
    });
    await send(organization.slug, { name: 'pageview', url: `${base}/blog`, referrer: `${base}/` });
    const [view, custom, internal] = await eventsOf(organization.id);
    expect(view).toMatchObject({
      path: `/jobs/${job.slug}`,
      jobId: job.id,
      source: 'newsletter',
      country: 'DE',
      device: 'desktop',
      browser: 'Firefox',
    });
    expect(custom).toMatchObject({
      name: 'Signup',
      path: '/',
      source: 'Direct',
      props: { plan: 'pro', seats: 3, yearly: true },
    });
    // A link inside the board is not a source: the visit keeps the one it came with.
    expect(internal).toMatchObject({ path: '/blog', source: null });
  });

  it('accepts bots and the dashboard’s own browsers without counting them', async () => {
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}`;
    expect((await send(organization.slug, { name: 'pageview', url }, { agent: GOOGLEBOT })).status).toBe(202);
    expect((await send(organization.slug, { name: 'pageview', url }, { agent: '' })).status).toBe(202);
    expect(
      (
        await send(
          organization.slug,
          { name: 'pageview', url },
          { headers: { cookie: 'authjs.session-token=abc' } },
        )
      ).status,
    ).toBe(202);
    expect(await eventsOf(organization.id)).toEqual([]);
  });

  it('answers 400, 404 and 413 for what it cannot take', async () => {
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}`;
    expect((await send(organization.slug, '{not json')).status).toBe(400);
    expect((await send(organization.slug, { url })).status).toBe(400);
    expect((await send(organization.slug, { name: 'pageview', url: '/jobs' })).status).toBe(400);
    expect((await send(organization.slug, { name: 'application', url })).status).toBe(400);
    expect((await send(organization.slug, { name: 'pageview', url: 'javascript:alert(1)' })).status).toBe(
      400,
    );
    expect(
      (await send(organization.slug, { name: 'pageview', url, props: { nested: { a: 1 } } })).status,
    ).toBe(400);
    expect(
      (await send(organization.slug, { name: 'pageview', url, referrer: 'x'.repeat(2100) })).status,
    ).toBe(413);
    expect((await send('no-such-board-anywhere', { name: 'pageview', url })).status).toBe(404);
    expect(await eventsOf(organization.id)).toEqual([]);
  });

  it('lets a busy visitor through and stops a flood', async () => {
    // A frozen clock: 600 calls can straddle a minute boundary on a slow machine.
    const start = Date.now();
    setRateLimiter(new MemoryRateLimiter(() => start));
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}`;
    for (let index = 0; index < 600; index++) {
      expect(
        (await send(organization.slug, { name: 'pageview', url }, { address: '203.0.113.9' })).status,
      ).toBe(202);
    }
    expect(
      (await send(organization.slug, { name: 'pageview', url }, { address: '203.0.113.9' })).status,
    ).toBe(429);
    expect(
      (await send(organization.slug, { name: 'pageview', url }, { address: '203.0.113.10' })).status,
    ).toBe(202);
  });

  it('counts beacons from the board’s own pages, and none from a page on another site', async () => {
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}`;
    const from = (origin: string) =>
      send(organization.slug, { name: 'pageview', url }, { headers: { origin } });
    process.env.BOARD_ROOT_DOMAIN = 'boards.example';
    resetEnvCache();
    try {
      for (const origin of [
        'https://evil.example',
        'null',
        'http://192.0.2.1',
        `https://${organization.slug}.boards.example.evil.example`,
        'http://localhost:3000',
        `https://${organization.slug}.boards.example`,
        `http://${organization.slug}.boards.example:3000`,
      ]) {
        expect((await from(origin)).status).toBe(202);
      }
    } finally {
      delete process.env.BOARD_ROOT_DOMAIN;
      resetEnvCache();
    }
    // An origin the owner allows (their own site, showing the board's script) counts too.
    await setCorsOrigins(await getDb(), organization.id, ['https://acme.example']);
    await from('https://acme.example');
    expect(await eventsOf(organization.id)).toHaveLength(4);
  });

  it('counts at most 50 new visitors a day from one address: rotating user agents adds one more', async () => {
    const start = Date.now();
    setRateLimiter(new MemoryRateLimiter(() => start));
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}`;
    const browser = (i: number) =>
      `Mozilla/5.0 (X11; Linux x86_64; rv:${100 + i}.0) Gecko/20100101 Firefox/${100 + i}.0`;
    for (let i = 0; i < 60; i++) {
      expect(
        (
          await send(
            organization.slug,
            { name: 'pageview', url },
            { agent: browser(i), address: '203.0.113.5' },
          )
        ).status,
      ).toBe(202);
    }
    // A visitor counted before the cap stays itself; one past it stays in the one that stands for the rest.
    await send(organization.slug, { name: 'pageview', url }, { agent: browser(0), address: '203.0.113.5' });
    await send(organization.slug, { name: 'pageview', url }, { agent: browser(59), address: '203.0.113.5' });
    await send(organization.slug, { name: 'pageview', url }, { agent: browser(0), address: '203.0.113.6' });
    const events = await eventsOf(organization.id);
    expect(events).toHaveLength(63);
    const visitors = events.map((event) => event.visitor);
    expect(new Set(visitors.slice(0, 62)).size).toBe(51);
    expect(visitors[60]).toBe(visitors[0]);
    expect(visitors[61]).toBe(visitors[59]);
    expect(visitors[59]).toBe(visitors[50]);
    expect(visitors.slice(0, 60)).not.toContain(visitors[62]);
  });

  it('answers the board’s own origin, and no other, in CORS', async () => {
    const { organization } = await createTenant();
    const preflight = (origin: string) =>
      OPTIONS(
        new Request(`http://localhost:3000/api/organization/events?organization=${organization.slug}`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'POST' },
        }),
      );
    expect((await preflight('http://localhost:3000')).headers.get('access-control-allow-origin')).toBe(
      'http://localhost:3000',
    );
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('visitors', () => {
  it('are the same through a day, different by browser, and new the next day, whose salt replaces the last', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const url = new URL(`http://localhost:3000/b/${organization.slug}`);
    const visit = (userAgent: string) => ({ address: '198.51.100.4', userAgent, headers: new Headers() });
    const track = (userAgent: string, at: string) =>
      trackEvent(
        organization.id,
        { name: 'pageview', url, boardSlug: organization.slug },
        visit(userAgent),
        new Date(at),
        db,
      );
    resetSaltCache();
    await track(FIREFOX, '2026-11-24T09:00:00Z');
    await track(FIREFOX, '2026-11-24T23:59:00Z');
    await track(IPHONE, '2026-11-24T10:00:00Z');
    resetSaltCache();
    await track(FIREFOX, '2026-11-25T00:01:00Z');
    resetSaltCache();
    const [first, later, phone, nextDay] = (await eventsOf(organization.id)).map((event) => event.visitor);
    expect(later).toBe(first);
    expect(phone).not.toBe(first);
    expect(nextDay).not.toBe(first);
    expect((await db.select().from(analyticsSalts)).map((salt) => salt.day)).not.toContain('2026-11-24');
  });
});

describe('job views counted by the server', () => {
  it('counts a job page in the request path, not for bots, prefetches or the dashboard', async () => {
    const { organization } = await createTenant();
    const job = await createTestJob(organization.id, { title: 'Counted Role' });
    const page = `http://localhost:3000/b/${organization.slug}/jobs/${job.slug}`;
    const visit = (headers: Record<string, string>) =>
      proxy(
        new NextRequest(page, {
          headers: { 'user-agent': FIREFOX, [PEER_ADDRESS_HEADER]: '192.0.2.7', ...headers },
        }),
      );
    await visit({ referer: 'https://duckduckgo.com/' });
    await visit({ 'user-agent': GOOGLEBOT });
    await visit({ rsc: '1' });
    await visit({ cookie: 'authjs.session-token=x' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const events = await eventsOf(organization.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      name: 'job_view',
      path: `/jobs/${job.slug}`,
      jobId: job.id,
      source: 'DuckDuckGo',
    });
  });

  it('takes a link from the board itself as internal, whatever name the server knows its host by', async () => {
    const { organization } = await createTenant();
    const job = await createTestJob(organization.id, { title: 'Internal Role' });
    await proxy(
      new NextRequest(`http://localhost:3000/b/${organization.slug}/jobs/${job.slug}`, {
        headers: {
          'user-agent': FIREFOX,
          host: '127.0.0.1:3999',
          referer: `http://127.0.0.1:3999/b/${organization.slug}`,
          [PEER_ADDRESS_HEADER]: '192.0.2.9',
        },
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((await eventsOf(organization.id)).map((event) => event.source)).toEqual([null]);
  });

  it('counts 60 job views a minute from one address on a board, and the page is served past them', async () => {
    const start = Date.now();
    setRateLimiter(new MemoryRateLimiter(() => start));
    const { organization } = await createTenant();
    const job = await createTestJob(organization.id, { title: 'Popular Role' });
    const view = (address: string) =>
      proxy(
        new NextRequest(`http://localhost:3000/b/${organization.slug}/jobs/${job.slug}`, {
          headers: { 'user-agent': FIREFOX, [PEER_ADDRESS_HEADER]: address },
        }),
      );
    for (let i = 0; i < 70; i++) expect((await view('192.0.2.70'))?.status ?? 200).toBeLessThan(400);
    await view('192.0.2.71');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const events = await eventsOf(organization.id);
    expect(events.filter((event) => event.name === 'job_view')).toHaveLength(61);
  });

  it('counts 20 apply clicks a minute from one address on a board, and sends every click on', async () => {
    const start = Date.now();
    setRateLimiter(new MemoryRateLimiter(() => start));
    const { organization } = await createTenant();
    const job = await createTestJob(organization.id, {
      title: 'Clicked Role',
      how_to_apply_method: 'form-external',
      how_to_apply: 'https://acme.example/apply',
    });
    const context = { params: Promise.resolve({ board: organization.slug, slug: job.slug }) };
    const click = (address: string) =>
      applyGet(
        new NextRequest(`http://localhost:3000/b/${organization.slug}/jobs/${job.slug}/apply`, {
          headers: { 'user-agent': FIREFOX, [PEER_ADDRESS_HEADER]: address },
        }),
        context,
      );
    for (let i = 0; i < 25; i++) expect((await click('192.0.2.80')).status).toBe(302);
    expect((await click('192.0.2.81')).status).toBe(302);
    expect(await eventsOf(organization.id)).toHaveLength(21);
  });

  it('counts an apply click before sending the visitor on, and an application made with the board’s form', async () => {
    const { organization } = await createTenant();
    const job = await createTestJob(organization.id, {
      title: 'External Role',
      how_to_apply_method: 'form-external',
      how_to_apply: 'https://acme.example/apply',
    });
    const context = { params: Promise.resolve({ board: organization.slug, slug: job.slug }) };
    const headers = { 'user-agent': FIREFOX, [PEER_ADDRESS_HEADER]: '192.0.2.8' };
    const url = `http://localhost:3000/b/${organization.slug}/jobs/${job.slug}/apply`;
    const click = await applyGet(new NextRequest(url, { headers }), context);
    expect(click.status).toBe(302);
    expect(
      await applyGet(new NextRequest(url, { headers: { ...headers, 'user-agent': GOOGLEBOT } }), context),
    ).toHaveProperty('status', 302);
    const events = await eventsOf(organization.id);
    expect(events.map((event) => [event.name, event.jobId, event.path])).toEqual([
      ['apply_click', job.id, `/jobs/${job.slug}/apply`],
    ]);
  });
});
