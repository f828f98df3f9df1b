// Each step of a board request (board-request.ts) on its own; proxy.test.ts and page-cache.test.ts
// run them together through proxy(), and app/api/organization/events/route.test.ts counts job views.
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { createCompany } from '@/lib/companies';
import { resetEnvCache } from '@/lib/core/env';
import { createMember, createMemberSession } from '@/lib/members';
import { createTenant, createTestJob } from '@/test/factories';
import {
  type BoardRequest,
  cacheablePage,
  fillPageCache,
  findBoard,
  forwardedHeaders,
  passPageFill,
  renderForRequest,
  resolveAddress,
  serveCachedPage,
  serveIndexNowKey,
} from './board-request';

const request = (url: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  new NextRequest(url, init);

async function board(url: string, init?: Parameters<typeof request>[1]): Promise<BoardRequest> {
  const found = await findBoard(request(url, init));
  if (!found || found instanceof Response) throw new Error(`${url} is no board request`);
  return found;
}

afterEach(() => {
  delete process.env.BOARD_ROOT_DOMAIN;
  delete process.env.INDEXNOW_KEY;
  delete process.env.BOARDKIT_SERVER_ORIGIN;
  resetEnvCache();
});

describe('forwardedHeaders', () => {
  it('drops the internal headers only the proxy sets, and keeps the rest', () => {
    const headers = forwardedHeaders(
      request('http://localhost:3000/', {
        headers: {
          'x-boardkit-board-base': '/b/evil',
          'x-nonce': 'n',
          'x-boardkit-missing': 'page',
          accept: 'text/html',
        },
      }),
    );
    expect([...headers.keys()]).toEqual(['accept']);
  });
});

describe('findBoard', () => {
  it('finds the board in the path or the host, with its organization, and nothing for the app', async () => {
    process.env.BOARD_ROOT_DOMAIN = 'boards.test';
    resetEnvCache();
    const { organization } = await createTenant();
    expect(await findBoard(request('http://localhost:3000/dashboard'))).toBeUndefined();
    const inPath = await board(`http://localhost:3000/b/${organization.slug}/jobs/x`);
    expect(inPath).toMatchObject({ slug: organization.slug, rest: '/jobs/x', hostMode: false });
    expect(inPath.organization?.id).toBe(organization.id);
    const onHost = await board(`http://${organization.slug}.boards.test/blog`);
    expect(onHost).toMatchObject({ slug: organization.slug, rest: '/blog', hostMode: true });
    expect((await board('http://localhost:3000/b/no-such-board-here')).organization).toBeUndefined();
  });
});

describe('serveIndexNowKey', () => {
  it('answers the key file under its own name only', async () => {
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}/0123456789abcdef.txt`;
    expect(serveIndexNowKey(await board(url))).toBeUndefined();
    process.env.INDEXNOW_KEY = '0123456789abcdef';
    resetEnvCache();
    expect(await serveIndexNowKey(await board(url))!.text()).toBe('0123456789abcdef');
    expect(
      serveIndexNowKey(await board(`http://localhost:3000/b/${organization.slug}/other.txt`)),
    ).toBeUndefined();
  });
});

describe('passPageFill', () => {
  it('passes nothing on without the page cache’s own token', async () => {
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}`;
    expect(passPageFill(await board(url))).toBeUndefined();
    const forged = await board(url, {
      headers: { 'x-boardkit-page-fill': 'guess', 'x-boardkit-page-fill-base': '/x' },
    });
    expect(passPageFill(forged)).toBeUndefined();
    expect(forged.forwarded.get('x-boardkit-board-base')).toBeNull();
  });
});

describe('cacheablePage and serveCachedPage', () => {
  it('keys a cookieless GET of a known board while the page cache runs, and serves nothing not kept', async () => {
    const { organization } = await createTenant();
    const url = `http://localhost:3000/b/${organization.slug}/blog?page=2`;
    expect(cacheablePage(await board(url))).toBeUndefined();
    process.env.BOARDKIT_SERVER_ORIGIN = 'http://127.0.0.1:1';
    resetEnvCache();
    const visitor = await board(url);
    const page = cacheablePage(visitor);
    expect(page).toMatchObject({
      renderPath: `/b/${organization.slug}/blog?page=2`,
      base: `/b/${organization.slug}`,
    });
    expect(await serveCachedPage(visitor, page)).toBeUndefined();
    expect(cacheablePage(await board(url, { headers: { cookie: 'a=b' } }))).toBeUndefined();
    expect(cacheablePage(await board(url, { method: 'POST' }))).toBeUndefined();
    expect(cacheablePage(await board('http://localhost:3000/b/no-such-board-here'))).toBeUndefined();
  });
});

describe('resolveAddress', () => {
  it('leaves live addresses to their page, sends missing ones to the 404 page and expired jobs to 410', async () => {
    const { organization } = await createTenant();
    const slug = organization.slug;
    const live = await createTestJob(organization.id);
    const expired = await createTestJob(organization.id, { expires_at: new Date(Date.now() - 1000) });
    expect(await resolveAddress(await board(`http://localhost:3000/b/${slug}/jobs/${live.slug}`))).toEqual({
      state: 'live',
    });
    expect(await resolveAddress(await board(`http://localhost:3000/b/${slug}/jobs/${expired.slug}`))).toEqual(
      {
        state: 'expired',
        destination: `/b/${slug}/jobs/${expired.slug}/gone`,
        status: 410,
      },
    );
    const missing = await board(`http://localhost:3000/b/${slug}/jobs/no-such-job`, { method: 'HEAD' });
    expect(await resolveAddress(missing)).toEqual({
      state: 'missing',
      destination: `/b/${slug}/not-found/page`,
      status: 404,
    });
    expect(missing.forwarded.get('x-boardkit-missing')).toBe('page');
    const db = await getDb();
    // The company index always answers; a company page while the company exists.
    const company = await createCompany(db, organization.id, { name: 'Acme Works' }, `http://x/b/${slug}`);
    for (const path of ['companies', `companies/${company.slug}`])
      expect(await resolveAddress(await board(`http://localhost:3000/b/${slug}/${path}`))).toEqual({
        state: 'live',
      });
    expect(
      (await resolveAddress(await board(`http://localhost:3000/b/${slug}/companies/nobody`))).status,
    ).toBe(404);
    // The job sites' feeds under /jobs/ are no job slugs (those have no dots).
    for (const path of ['feed.json', 'jobs/linkedin.xml', 'jobs/ziprecruiter.xml'])
      expect(await resolveAddress(await board(`http://localhost:3000/b/${slug}/${path}`)), path).toEqual({
        state: 'live',
      });
    expect(
      (await resolveAddress(await board(`http://localhost:3000/b/${slug}/jobs/monster.xml`))).status,
    ).toBe(404);
    const member = await createMember(db, organization.id, {
      email: 'reader@example.com',
      name: 'R',
      role: 'employer',
    });
    const { token } = await createMemberSession(db, { id: member.id, organizationId: organization.id });
    const checkout = await board(`http://localhost:3000/b/${slug}/checkout/lcs_nothing`, {
      headers: { cookie: `bk_member=${token}` },
    });
    expect((await resolveAddress(checkout)).status).toBe(404);
    expect(checkout.forwarded.get('x-boardkit-missing')).toBe('checkout');
    expect(await resolveAddress(await board('http://localhost:3000/b/no-such-board-here/jobs/x'))).toEqual({
      state: 'missing',
      destination: '/_boardkit/no-such-board',
      status: 404,
    });
    // Only reads are answered by address; a form post goes to its action.
    expect(
      await resolveAddress(
        await board(`http://localhost:3000/b/${slug}/jobs/no-such-job`, { method: 'POST' }),
      ),
    ).toEqual({ state: 'live' });
  });
});

describe('fillPageCache', () => {
  it('renders for the cache only a live page it may keep', async () => {
    const { organization } = await createTenant();
    const visitor = await board(`http://localhost:3000/b/${organization.slug}`);
    expect(await fillPageCache(undefined, { state: 'live' }, visitor)).toBeUndefined();
    const page = { organization, renderPath: `/b/${organization.slug}`, base: `/b/${organization.slug}` };
    expect(await fillPageCache(page, { state: 'missing', status: 404 }, visitor)).toBeUndefined();
  });
});

describe('renderForRequest', () => {
  it('renders under a fresh nonce policy, rewrites host-mode and decided addresses, and slides the member session', async () => {
    process.env.BOARD_ROOT_DOMAIN = 'boards.test';
    resetEnvCache();
    const { organization } = await createTenant();
    const slug = organization.slug;
    const inPath = await board(`http://localhost:3000/b/${slug}/blog`, {
      headers: { cookie: 'bk_member=abc' },
    });
    const response = renderForRequest(inPath, { state: 'live' }, false);
    const policy = response.headers.get('content-security-policy')!;
    const nonce = inPath.forwarded.get('x-nonce')!;
    expect(policy).toContain(`'nonce-${nonce}'`);
    expect(inPath.forwarded.get('content-security-policy')).toBe(policy);
    expect(inPath.forwarded.get('x-boardkit-board-base')).toBe(`/b/${slug}`);
    expect(response.headers.get('x-middleware-next')).toBe('1');
    expect(response.headers.get('cache-status')).toBe('Boardkit; fwd=bypass');
    expect(response.cookies.get('bk_member')).toMatchObject({
      value: 'abc',
      path: `/b/${slug}`,
      httpOnly: true,
    });

    const onHost = await board(`http://${slug}.boards.test/blog?q=x`);
    const rewritten = renderForRequest(onHost, { state: 'live' }, true);
    expect(rewritten.headers.get('x-middleware-rewrite')).toBe(
      `http://${slug}.boards.test/b/${slug}/blog?q=x`,
    );
    expect(rewritten.headers.get('cache-status')).toBe('Boardkit; fwd=miss');
    expect(onHost.forwarded.get('x-boardkit-board-base')).toBe('');
    expect(renderForRequest(onHost, { state: 'live' }, true).headers.get('x-nonce')).toBeNull();

    const gone = renderForRequest(
      await board(`http://localhost:3000/b/${slug}/jobs/old`),
      { state: 'expired', destination: `/b/${slug}/jobs/old/gone`, status: 410 },
      true,
    );
    expect(gone.status).toBe(410);
    expect(new URL(gone.headers.get('x-middleware-rewrite')!).pathname).toBe(`/b/${slug}/jobs/old/gone`);
  });
});
