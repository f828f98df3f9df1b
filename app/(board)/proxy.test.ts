// Which board a request reaches (proxy.ts): path mode, subdomains of BOARD_ROOT_DOMAIN, verified
// custom domains; never another board, whatever the path or headers say.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type DatabaseHandle, getDb, setDatabase } from '@/db/client';
import { organizations } from '@/db/schema';
import { forgetCustomDomains } from '@/lib/board/resolve';
import { classifyHost, parseBoardPath } from '@/lib/board/routing';
import { resetEnvCache } from '@/lib/core/env';
import { createMember, createMemberSession } from '@/lib/members';
import { proxy } from '@/proxy';
import { createTenant, createTestJob } from '@/test/factories';

const run = async (url: string, headers: Record<string, string> = {}) =>
  (await proxy(new NextRequest(url, { headers })))!;
const rewrite = (response: Response) => response.headers.get('x-middleware-rewrite');
const forwarded = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);

afterEach(() => {
  delete process.env.BOARD_ROOT_DOMAIN;
  resetEnvCache();
  forgetCustomDomains();
});

describe('board routing rules', () => {
  it('classifies hosts', () => {
    process.env.BOARD_ROOT_DOMAIN = 'boards.example.com';
    resetEnvCache();
    expect(classifyHost('acme.boards.example.com')).toEqual({ kind: 'subdomain', slug: 'acme' });
    expect(classifyHost('ACME.Boards.Example.com:443')).toEqual({ kind: 'subdomain', slug: 'acme' });
    for (const host of [
      'boards.example.com',
      'www.boards.example.com',
      'a.b.boards.example.com',
      'localhost:3000',
      '127.0.0.1:3000',
      '[::1]:3000',
      '',
    ]) {
      expect(classifyHost(host), host).toEqual({ kind: 'app' });
    }
    expect(classifyHost('jobs.acme.org')).toEqual({ kind: 'custom', host: 'jobs.acme.org' });
  });

  it('parses path-mode addresses', () => {
    expect(parseBoardPath('/b/acme')).toEqual({ slug: 'acme', rest: '/' });
    expect(parseBoardPath('/b/Acme/jobs/x')).toEqual({ slug: 'acme', rest: '/jobs/x' });
    expect(parseBoardPath('/bx/acme')).toBeUndefined();
    expect(parseBoardPath('/dashboard')).toBeUndefined();
  });
});

describe('proxy', () => {
  it('serves path mode on the app host, with a nonce policy, and strips forged board headers elsewhere', async () => {
    const tenant = await createTenant();
    const board = await run(`http://localhost:3000/b/${tenant.organization.slug}/blog`);
    expect(rewrite(board)).toBeNull();
    expect(forwarded(board, 'x-boardkit-board-base')).toBe(`/b/${tenant.organization.slug}`);
    const policy = board.headers.get('content-security-policy')!;
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'/);
    expect(policy).not.toContain("'unsafe-inline' ");
    expect(policy).toContain("frame-ancestors 'none'");
    const app = await run('http://localhost:3000/dashboard', { 'x-boardkit-board-base': '/b/evil' });
    expect(forwarded(app, 'x-boardkit-board-base')).toBeNull();
    expect(app.headers.get('x-middleware-override-headers')).not.toContain('x-boardkit-board-base');
  });

  it('passes an unknown board slug beyond Latin-1 on encoded (a header value cannot hold it: 500)', async () => {
    const response = await run('http://localhost:3000/b/%E2%98%83/jobs');
    expect(forwarded(response, 'x-boardkit-board-base')).toBe('/b/%E2%98%83');
  });

  it('rewrites a subdomain of BOARD_ROOT_DOMAIN onto that board, and paths cannot reach another', async () => {
    process.env.BOARD_ROOT_DOMAIN = 'boards.test';
    resetEnvCache();
    const { organization } = await createTenant();
    const slug = organization.slug;
    const home = await run(`http://${slug}.boards.test/`);
    expect(new URL(rewrite(home)!).pathname).toBe(`/b/${slug}`);
    expect(forwarded(home, 'x-boardkit-board-base')).toBe('');
    const blog = await run(`http://${slug}.boards.test/blog?q=x`);
    expect(new URL(rewrite(blog)!).pathname).toBe(`/b/${slug}/blog`);
    expect(new URL(rewrite(blog)!).search).toBe('?q=x');
    // Another board's address under this one is only a missing page of this one.
    const nested = await run(`http://${slug}.boards.test/b/globex/jobs`);
    expect(new URL(rewrite(nested)!).pathname).toBe(`/b/${slug}/not-found/page`);
    expect(nested.status).toBe(404);
  });

  it('renders a missing address as the board’s not-found page with 404, and no board as the app’s (a notFound() page was a blank shell without JavaScript)', async () => {
    const tenant = await createTenant();
    const slug = tenant.organization.slug;
    for (const path of [
      '/no-such-page',
      '/blog/no-such-post',
      '/categories/x',
      '/locations/x',
      '/c/x',
      '/c/x/y',
      '/pricing/x',
      '/jobs/x/applied',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const response = (await proxy(
          new NextRequest(`http://localhost:3000/b/${slug}${path}`, { method }),
        ))!;
        expect([response.status, new URL(rewrite(response)!).pathname], `${method} ${path}`).toEqual([
          404,
          `/b/${slug}/not-found/page`,
        ]);
        expect(forwarded(response, 'x-boardkit-missing')).toBe('page');
      }
    }
    for (const path of [
      '',
      '/blog',
      '/pricing',
      '/sign-in/code',
      '/alerts/manage',
      '/checkout/x',
      '/post-a-job/x/edit',
    ]) {
      const response = await run(`http://localhost:3000/b/${slug}${path}`);
      expect(rewrite(response), path).toBeNull();
    }
    // A member's own pages: left to the page (which asks to sign in) for a visitor, missing when not theirs.
    for (const path of [
      '/checkout/cs_x',
      `/post-a-job/${randomUUID()}`,
      `/post-a-job/${randomUUID()}/edit`,
    ]) {
      expect(rewrite(await run(`http://localhost:3000/b/${slug}${path}`)), path).toBeNull();
    }
    const db = await getDb();
    const member = await createMember(db, tenant.organization.id, {
      email: 'm@example.com',
      name: 'M',
      role: 'employer',
    });
    const { token } = await createMemberSession(db, {
      id: member.id,
      organizationId: tenant.organization.id,
    });
    for (const path of [
      '/checkout/cs_x',
      `/post-a-job/${randomUUID()}`,
      `/post-a-job/${randomUUID()}/edit`,
    ]) {
      const response = await run(`http://localhost:3000/b/${slug}${path}`, { cookie: `bk_member=${token}` });
      expect([response.status, new URL(rewrite(response)!).pathname], path).toEqual([
        404,
        `/b/${slug}/not-found/page`,
      ]);
      expect(forwarded(response, 'x-boardkit-missing')).toBe(
        path.startsWith('/checkout/') ? 'checkout' : 'page',
      );
    }
    const noBoard = await run('http://localhost:3000/b/no-such-board-here/jobs');
    expect([noBoard.status, new URL(rewrite(noBoard)!).pathname]).toEqual([404, '/_boardkit/no-such-board']);
    // A client's own marker is dropped.
    const forged = await run(`http://localhost:3000/b/${slug}/blog`, { 'x-boardkit-missing': '1' });
    expect(forwarded(forged, 'x-boardkit-missing')).toBeNull();
  });

  it('serves a custom domain only once verified', async () => {
    const tenant = await createTenant();
    const db = await getDb();
    await db
      .update(organizations)
      .set({ customDomain: 'jobs.acme.test' })
      .where(eq(organizations.id, tenant.organization.id));
    expect(rewrite(await run('http://jobs.acme.test/'))).toBeNull();
    forgetCustomDomains();
    await db
      .update(organizations)
      .set({ customDomainVerifiedAt: new Date() })
      .where(eq(organizations.id, tenant.organization.id));
    const served = await run('http://jobs.acme.test/blog');
    expect(new URL(rewrite(served)!).pathname).toBe(`/b/${tenant.organization.slug}/blog`);
    expect(rewrite(await run('http://unknown.example/'))).toBeNull();
  });

  it('answers 410 for an expired job page, 404 for a draft or unknown one, and leaves a live one to the page', async () => {
    const tenant = await createTenant();
    const slug = tenant.organization.slug;
    const expired = await createTestJob(tenant.organization.id, { expires_at: new Date(Date.now() - 1000) });
    const live = await createTestJob(tenant.organization.id);
    const draft = await createTestJob(tenant.organization.id, { status: 'draft' });
    const gone = await run(`http://localhost:3000/b/${slug}/jobs/${expired.slug}`);
    expect(gone.status).toBe(410);
    expect(new URL(rewrite(gone)!).pathname).toBe(`/b/${slug}/jobs/${expired.slug}/gone`);
    // HEAD as GET (it answered 200 to link checkers).
    const head = (await proxy(
      new NextRequest(`http://localhost:3000/b/${slug}/jobs/${expired.slug}`, { method: 'HEAD' }),
    ))!;
    expect(head.status).toBe(410);
    const shown = await run(`http://localhost:3000/b/${slug}/jobs/${live.slug}`);
    expect([shown.status, rewrite(shown)]).toEqual([200, null]);
    for (const jobSlug of [draft.slug, 'no-such-job']) {
      const response = await run(`http://localhost:3000/b/${slug}/jobs/${jobSlug}`);
      expect([response.status, new URL(rewrite(response)!).pathname]).toEqual([
        404,
        `/b/${slug}/not-found/page`,
      ]);
    }
    // Another board's slug in the path finds nothing of this one.
    const other = await createTenant();
    expect(
      (await run(`http://localhost:3000/b/${other.organization.slug}/jobs/${expired.slug}`)).status,
    ).toBe(404);
  });
});

describe('proxy, database down', () => {
  it('answers a board page 503 with Retry-After, and leaves the app to its own answers', async () => {
    const live = await getDb();
    const dead = await connect({
      driver: 'pg',
      url: 'postgres://postgres@127.0.0.1:1/boardkit',
      listenUrl: 'off',
    });
    setDatabase(dead);
    try {
      const response = await run('http://localhost:3000/b/acme/jobs/x');
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.text()).toContain('temporarily unavailable');
      expect((await run('http://localhost:3000/api/health')).headers.get('x-middleware-next')).toBe('1');
    } finally {
      setDatabase({ db: live } as DatabaseHandle);
      await dead.close();
    }
  });
});
