// The board's page cache (lib/board/page-cache.ts) through proxy.ts. The renderer here is a loopback
// server standing in for Next.js: it hands each fill request to proxy() as Next.js would, and
// renders a page from what the proxy forwarded, counting its renders.
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDb } from '@/db/client';
import { organizations } from '@/db/schema';
import { renderPage } from '@/lib/board/page-cache';
import { nextScheduledChange } from '@/lib/board/queries';
import { resetSharedStores, sharedStore } from '@/lib/cache';
import { resetEnvCache } from '@/lib/core/env';
import { closeRedisConnections } from '@/lib/core/redis';
import { createPage } from '@/lib/pages/service';
import { proxy } from '@/proxy';
import { createTenant, createTestJob } from '@/test/factories';
import { testRedisUrl, upstashTestsCanRun } from '@/test/fixtures/upstash-rest';

const redisAvailable = await upstashTestsCanRun();

let renderer: Server;
let renders = 0;
let renderStatus = 200;
let renderAcceptEncoding: string | undefined;
const script = (base: string) => `document.body.dataset.base=${JSON.stringify(base)}`;

beforeAll(async () => {
  renderer = createServer(async (incoming, outgoing) => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers))
      if (typeof value === 'string') headers.set(name, value);
    const forwarded = (await proxy(new NextRequest(`http://127.0.0.1${incoming.url}`, { headers })))!;
    const base = forwarded.headers.get('x-middleware-request-x-boardkit-board-base');
    const policy = forwarded.headers.get('x-middleware-request-content-security-policy');
    renders += 1;
    renderAcceptEncoding = incoming.headers['accept-encoding'];
    outgoing.writeHead(renderStatus, {
      'content-type': 'text/html; charset=utf-8',
      'x-frame-options': 'DENY',
    });
    outgoing.end(
      `<!doctype html><html><body><p>render ${renders} policy ${policy ?? 'none'}</p><a href="${base}/jobs">Jobs</a><script>${script(base ?? '?')}</script><script src="/_next/static/x.js"></script></body></html>`,
    );
  });
  await new Promise<void>((done) => renderer.listen(0, '127.0.0.1', done));
});

afterAll(async () => {
  await closeRedisConnections();
  await new Promise<void>((done) => renderer.close(() => done()));
});

beforeEach(() => {
  process.env.BOARDKIT_SERVER_ORIGIN = `http://127.0.0.1:${(renderer.address() as AddressInfo).port}`;
  resetEnvCache();
  renders = 0;
  renderStatus = 200;
});

afterEach(() => {
  delete process.env.BOARDKIT_SERVER_ORIGIN;
  delete process.env.BOARD_ROOT_DOMAIN;
  delete process.env.REDIS_URL;
  resetEnvCache();
  resetSharedStores();
  vi.useRealTimers();
});

const get = async (url: string, headers: Record<string, string> = {}) =>
  (await proxy(new NextRequest(url, { headers })))!;
/** RFC 9211 Cache-Status values. */
const HIT = 'Boardkit; hit';
const STORED = 'Boardkit; fwd=miss; stored';
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('board page cache', () => {
  it('renders a page once without a nonce, then serves the same bytes under a policy of their script hashes', async () => {
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}`;
    const first = await get(url);
    expect(first.headers.get('cache-status')).toBe(STORED);
    const html = await first.text();
    expect(html).toContain('render 1 policy none');
    // Asked uncompressed: Next.js would gzip the render only for the fill to gunzip it.
    expect(renderAcceptEncoding).toBe('identity');
    expect(html).toContain(`href="/b/${organization.slug}/jobs"`);

    const second = await get(url);
    expect(second.headers.get('cache-status')).toBe(HIT);
    expect(await second.text()).toBe(html);
    expect(renders).toBe(1);
    const policy = second.headers.get('content-security-policy')!;
    expect(policy).toContain(`script-src 'self' ${sha256(script(`/b/${organization.slug}`))};`);
    expect(policy).not.toMatch(/unsafe-inline'? ?[^;]*; style|nonce-|strict-dynamic/);
    expect(second.headers.get('x-frame-options')).toBe('DENY');
    expect(second.headers.get('cache-control')).toBe('public, no-cache');
  });

  it('renders once for concurrent misses: the others wait for that render (Cache-Status collapsed)', async () => {
    const { organization } = await createTenant();
    const path = `/b/${organization.slug}/blog`;
    const page = { organization, renderPath: path, base: `/b/${organization.slug}` };
    const db = await getDb();
    // Called directly: through proxy(), a request's own lookups can outlast the render it would join.
    const answers = (await Promise.all(
      [1, 2, 3].map(() => renderPage(db, new Request(`http://localhost:3000${path}`), page, () => 'policy')),
    )) as Response[];
    expect(answers.map((answer) => answer.headers.get('cache-status')).sort()).toEqual([
      'Boardkit; fwd=miss; collapsed',
      'Boardkit; fwd=miss; collapsed',
      STORED,
    ]);
    expect(renders).toBe(1);
  });

  it('answers the stored page unzipped whatever the client accepts (Next.js compresses), and 304 to a matching If-None-Match', async () => {
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}/blog`;
    const plain = await (await get(url)).text();
    const hit = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(hit.headers.get('cache-status')).toBe(HIT);
    expect(hit.headers.get('content-encoding')).toBeNull();
    expect(await hit.text()).toBe(plain);
    expect(plain).toMatch(/^<!DOCTYPE html>/i);
    const unchanged = await get(url, { 'if-none-match': hit.headers.get('etag')! });
    expect(unchanged.status).toBe(304);
    expect(renders).toBe(1);
  });

  it('renders again after a write to the organization, and keeps boards and link bases apart', async () => {
    process.env.BOARD_ROOT_DOMAIN = 'boards.test';
    resetEnvCache();
    const { organization } = await createTenant();
    const other = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}`;
    await get(url);
    await get(`http://localhost:3000/b/${other.organization.slug}`);
    expect(renders).toBe(2);
    const hostMode = await get(`http://${organization.slug}.boards.test/`);
    expect(await hostMode.text()).toContain('<a href="/jobs">');
    expect(renders).toBe(3);

    await createTestJob(organization.id);
    const after = await get(url);
    expect(after.headers.get('cache-status')).toBe(STORED);
    expect(renders).toBe(4);
    expect(
      (await get(`http://localhost:3000/b/${other.organization.slug}`)).headers.get('cache-status'),
    ).toBe(HIT);
  });

  it.runIf(redisAvailable)(
    'with REDIS_URL, answers a page another instance rendered from Redis, and renders again after a write',
    async () => {
      process.env.REDIS_URL = testRedisUrl;
      resetEnvCache();
      const { organization } = await createTenant();
      const url = `http://localhost:3000/b/${organization.slug}/blog`;
      const html = await (await get(url)).text();
      // A second instance: nothing of the first one's memory, the same Redis.
      resetSharedStores();
      const other = await get(url);
      expect(other.headers.get('cache-status')).toBe(HIT);
      expect(await other.text()).toBe(html);
      expect(renders).toBe(1);
      await createTestJob(organization.id);
      expect((await get(url)).headers.get('cache-status')).toBe(STORED);
      expect(renders).toBe(2);
    },
  );

  it('renders again once a live job expires, with no write', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date();
    vi.setSystemTime(start);
    const { organization } = await createTenant();
    await createTestJob(organization.id, { expires_at: new Date(start.getTime() + 10 * 60_000) });
    await createTestJob(organization.id, { expires_at: new Date(start.getTime() + 20_000) });
    const url = `http://localhost:3000/b/${organization.slug}`;
    await get(url);
    // The renders' data may lag by 30 s: the page is kept until 30 s after the expiry, no longer.
    vi.setSystemTime(start.getTime() + 49_000);
    expect((await get(url)).headers.get('cache-status')).toBe(HIT);
    vi.setSystemTime(start.getTime() + 51_000);
    expect((await get(url)).headers.get('cache-status')).toBe(STORED);
    // With nothing due, a page is fresh a minute (relative times on it move), then answered stale
    // while one background render replaces it.
    vi.setSystemTime(start.getTime() + 51_000 + 59_000);
    expect((await get(url)).headers.get('cache-status')).toBe(HIT);
    expect(renders).toBe(2);
    vi.setSystemTime(start.getTime() + 51_000 + 61_000);
    expect((await get(url)).headers.get('cache-status')).toBe('Boardkit; hit; ttl=-1');
    await vi.waitFor(() => expect(renders).toBe(3));
    await vi.waitFor(async () => expect((await get(url)).headers.get('cache-status')).toBe(HIT));
    // Never answered once six minutes old, refreshed or not.
    vi.setSystemTime(start.getTime() + 51_000 + 61_000 + 361_000);
    expect((await get(url)).headers.get('cache-status')).toBe(STORED);
  });

  it('leaves a stale page’s background render to the instance that claimed it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    vi.setSystemTime(start);
    const { organization } = await createTenant();
    const base = `/b/${organization.slug}`;
    const url = `http://localhost:3000${base}/blog`;
    await get(url);
    const db = await getDb();
    const [{ revision }] = await db
      .select({ revision: organizations.revision })
      .from(organizations)
      .where(eq(organizations.id, organization.id))
      .then((rows) => rows as [{ revision: number }]);
    // Stale, and another instance sharing the store claimed its refresh and is rendering it.
    vi.setSystemTime(start + 61_000);
    await sharedStore('page', 1).claim(`${organization.id}:${revision}|${base}|${base}/blog|refresh`, 10_000);
    expect((await get(url)).headers.get('cache-status')).toBe('Boardkit; hit; ttl=-1');
    await new Promise((done) => setTimeout(done, 300));
    expect(renders).toBe(1);
    // That render never landed: once its claim lapses, this instance refreshes the page.
    vi.setSystemTime(start + 72_000);
    expect((await get(url)).headers.get('cache-status')).toBe('Boardkit; hit; ttl=-12');
    await vi.waitFor(() => expect(renders).toBe(2));
  });

  it('leaves visitors with cookies, feeds, apply steps, missing and expired jobs to a per-request render', async () => {
    const { organization } = await createTenant();
    const slug = organization.slug;
    const expired = await createTestJob(organization.id, { expires_at: new Date(Date.now() - 1000) });
    const live = await createTestJob(organization.id);
    for (const [path, headers, status] of [
      ['', { cookie: 'authjs.session-token=x' }, 'Boardkit; fwd=bypass'],
      ['', { rsc: '1' }, 'Boardkit; fwd=bypass'],
      ['/jobs.xml', {}, 'Boardkit; fwd=bypass'],
      ['/jobs/linkedin.xml', {}, 'Boardkit; fwd=bypass'],
      ['/jobs/ziprecruiter.xml', {}, 'Boardkit; fwd=bypass'],
      ['/sitemaps/jobs-1.xml', {}, 'Boardkit; fwd=bypass'],
      [`/jobs/${live.slug}/apply`, {}, 'Boardkit; fwd=bypass'],
      ['/jobs/no-such-job', {}, 'Boardkit; fwd=miss'],
      [`/jobs/${expired.slug}`, {}, 'Boardkit; fwd=miss'],
    ] as const) {
      const response = await get(`http://localhost:3000/b/${slug}${path}`, headers);
      expect(response.headers.get('cache-status'), path).toBe(status);
      expect(response.headers.get('content-security-policy'), path).toMatch(/'nonce-/);
    }
    expect(renders).toBe(0);
    expect((await get(`http://localhost:3000/b/${slug}/jobs/${live.slug}`)).headers.get('cache-status')).toBe(
      STORED,
    );
  });

  it('falls back to a per-request render when the render is not a page to keep, and ignores a forged fill header', async () => {
    const { organization } = await createTenant();
    renderStatus = 500;
    const failed = await get(`http://localhost:3000/b/${organization.slug}/blog`);
    expect(failed.headers.get('x-middleware-next')).toBe('1');
    expect(failed.headers.get('cache-status')).toBe('Boardkit; fwd=miss');
    expect(failed.headers.get('content-security-policy')).toMatch(/'nonce-/);

    const forged = await get(`http://localhost:3000/b/${organization.slug}`, {
      'x-boardkit-page-fill': 'guess',
      'x-boardkit-page-fill-base': '/evil',
    });
    expect(forged.headers.get('x-middleware-request-x-boardkit-board-base')).toBe(`/b/${organization.slug}`);
    expect(forged.headers.get('content-security-policy')).toMatch(/'nonce-/);
  });
});

describe('nextScheduledChange', () => {
  it('is the first expiry, scheduled post or CMS start or end still to come, and null when none is', async () => {
    const db = await getDb();
    const { organization } = await createTenant();
    const now = new Date();
    const at = (seconds: number) => new Date(now.getTime() + seconds * 1000);
    expect(await nextScheduledChange(db, organization.id, now)).toBeNull();
    await createTestJob(organization.id, { expires_at: at(600) });
    await createTestJob(organization.id, { expires_at: at(300), status: 'draft' });
    expect(await nextScheduledChange(db, organization.id, now)).toEqual(at(600));
    await createPage(db, organization.id, {
      kind: 'blog_post',
      title: 'Soon',
      content: '<p>Soon</p>',
      status: 'published',
      published_at: at(120),
    });
    expect(await nextScheduledChange(db, organization.id, now)).toEqual(at(120));
    expect(await nextScheduledChange(db, organization.id, at(121))).toEqual(at(600));
  });
});
