// What search engines read of boards in path mode (`/b/{slug}` on the app host): the app's own
// robots.txt, each board's rules under its prefix, listing pages that canonicalise to themselves,
// 404 past a listing's last page, and `<html lang>` in the organization's language.
import { eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as appRobots from '@/app/robots.txt/route';
import { getDb } from '@/db/client';
import { organizations } from '@/db/schema';
import { BOARD_PAGE_SIZE } from '@/lib/board/queries';
import { documentLanguage } from '@/lib/board/routing';
import { commitLocation } from '@/lib/geo/service';
import { proxy } from '@/proxy';
import { createTenant, createTestJob } from '@/test/factories';
import { nextRequest } from '@/test/fixtures/next-request';
import RootLayout from '../layout';
import * as categoryPage from './b/[board]/categories/[slug]/page';
import * as locationPage from './b/[board]/locations/[slug]/page';
import * as home from './b/[board]/page';
import * as remote from './b/[board]/remote/page';
import * as boardRobots from './b/[board]/robots.txt/route';

const APP = 'http://localhost:3000';
const run = async (url: string, headers: Record<string, string> = {}) =>
  (await proxy(new NextRequest(url, { headers })))!;
const rewrite = (response: Response) => response.headers.get('x-middleware-rewrite');
const forwarded = (response: Response, name: string) => response.headers.get(`x-middleware-request-${name}`);

describe('robots.txt in path mode', () => {
  it('the app host’s /robots.txt holds every path-mode board’s rules and sitemap, not a custom-domain board’s', async () => {
    const pathMode = await createTenant();
    const ownDomain = await createTenant();
    await (await getDb())
      .update(organizations)
      .set({ customDomain: `jobs-${ownDomain.organization.slug}.test`, customDomainVerifiedAt: new Date() })
      .where(eq(organizations.id, ownDomain.organization.id));
    // The app host's /robots.txt is not a board address: the proxy leaves it to the app's route.
    const passed = await run(`${APP}/robots.txt`);
    expect(rewrite(passed)).toBeNull();
    expect(forwarded(passed, 'x-boardkit-board-base')).toBeNull();
    // Read per request, never prerendered by `next build` with the build's boards.
    expect(appRobots.dynamic).toBe('force-dynamic');
    const response = await appRobots.GET();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const lines = (await response.text()).split('\n');
    expect(lines).toEqual(
      expect.arrayContaining([
        'User-agent: *',
        'Disallow: /b/*/jobs/*/apply',
        'Disallow: /b/*/jobs/*/applied',
        `Sitemap: ${APP}/b/${pathMode.organization.slug}/sitemap.xml`,
      ]),
    );
    expect(lines.join('\n')).not.toContain(ownDomain.organization.slug);
  });

  it('a board’s own robots.txt carries its /b/{slug} prefix in path mode and stays as it was on its own host', async () => {
    const { organization } = await createTenant();
    const slug = organization.slug;
    const context = { params: Promise.resolve({ board: slug }) };
    const read = async (base: string | undefined) =>
      (
        await boardRobots.GET(
          new Request(`${APP}/b/${slug}/robots.txt`, {
            headers: base === undefined ? {} : { 'x-boardkit-board-base': base },
          }),
          context,
        )
      ).text();
    const pathMode = [
      'User-agent: *',
      `Allow: /b/${slug}`,
      `Disallow: /b/${slug}/jobs/*/apply`,
      `Disallow: /b/${slug}/jobs/*/applied`,
      '',
      `Sitemap: ${APP}/b/${slug}/sitemap.xml`,
      '',
    ].join('\n');
    expect(await read(`/b/${slug}`)).toBe(pathMode);
    // Called without the proxy's header (as in-process readers do): path mode, the app's default.
    expect(await read(undefined)).toBe(pathMode);
    expect(await read('')).toBe(
      [
        'User-agent: *',
        'Allow: /',
        'Disallow: /jobs/*/apply',
        'Disallow: /jobs/*/applied',
        '',
        `Sitemap: ${APP}/b/${slug}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });
});

describe('paginated listings', () => {
  it('page 2 of home, remote, a category and a place is there and canonical to itself; past the last page is a 404', async () => {
    const { organization } = await createTenant();
    const slug = organization.slug;
    const db = await getDb();
    const lisbon = await commitLocation(db, organization.id, { query: 'Lisbon', country: 'PT' });
    for (let i = 0; i <= BOARD_PAGE_SIZE; i++) {
      await createTestJob(organization.id, { is_remote: true, category: 'Ops', location_id: lisbon.id });
    }
    const [location] = await db.query.locations.findMany({ where: (row, { eq }) => eq(row.id, lisbon.id) });
    type Listing = { generateMetadata: (props: never) => Promise<unknown> };
    const listings: { path: string; page: Listing; params: Record<string, string> }[] = [
      { path: '', page: home, params: {} },
      { path: '/remote', page: remote, params: {} },
      { path: '/categories/ops', page: categoryPage, params: { slug: 'ops' } },
      { path: `/locations/${location!.slug}`, page: locationPage, params: { slug: location!.slug } },
    ];
    for (const { path, page, params } of listings) {
      const status = async (query: string) => {
        const response = await run(`${APP}/b/${slug}${path}${query}`);
        return rewrite(response) ? `${response.status} ${new URL(rewrite(response)!).pathname}` : 'page';
      };
      expect(await status('?page=2'), path).toBe('page');
      expect(await status('?page=1'), path).toBe('page');
      expect(await status('?page=3'), path).toBe(`404 /b/${slug}/not-found/page`);
      expect(await status('?page=99&utm_source=x'), path).toBe(`404 /b/${slug}/not-found/page`);
      // Past the highest page any listing serves, too; a page number that is none shows page 1.
      expect(await status('?page=1000000'), path).toBe(`404 /b/${slug}/not-found/page`);
      expect(await status('?page=abc'), path).toBe('page');
      // A search's pages are for visitors (noindex): an empty one says so with a 200.
      expect(await status('?q=nothing-matches&page=5'), path).toBe('page');

      const canonical = async (search: Record<string, string>) => {
        const props = {
          params: Promise.resolve({ board: slug, ...params }),
          searchParams: Promise.resolve(search),
        };
        const metadata = (await page.generateMetadata(props as never)) as {
          alternates: { canonical: string };
          robots?: unknown;
        };
        return metadata.alternates.canonical;
      };
      const self = `${APP}/b/${slug}${path}`;
      expect(await canonical({ page: '2' }), path).toBe(`${self}?page=2`);
      expect(await canonical({}), path).toBe(self);
      expect(await canonical({ page: '1' }), path).toBe(self);
      expect(await canonical({ q: 'ops', page: '2' }), path).toBe(self);
    }
  });
});

describe('<html lang>', () => {
  it('follows the organization’s locale on its board pages; the app’s own pages stay English', async () => {
    const { organization } = await createTenant();
    await (await getDb())
      .update(organizations)
      .set({ locale: 'pt-PT' })
      .where(eq(organizations.id, organization.id));
    const board = await run(`${APP}/b/${organization.slug}/blog`);
    expect(forwarded(board, 'x-boardkit-board-lang')).toBe('pt-PT');
    // Missing addresses render the board's not-found page in its language too.
    const missing = await run(`${APP}/b/${organization.slug}/no-such-page`);
    expect(forwarded(missing, 'x-boardkit-board-lang')).toBe('pt-PT');
    // Nobody else sets it: a forged header is dropped from the app's requests and from no-board ones.
    for (const url of [`${APP}/dashboard`, `${APP}/b/no-such-board-${organization.slug}`]) {
      const other = await run(url, { 'x-boardkit-board-lang': 'xx' });
      expect(forwarded(other, 'x-boardkit-board-lang'), url).toBeNull();
    }

    const html = async (lang: string | null) => {
      nextRequest.headers = new Headers(lang === null ? {} : { 'x-boardkit-board-lang': lang });
      return renderToStaticMarkup(await RootLayout({ children: createElement('p', null, 'x') }));
    };
    expect(await html('pt-PT')).toContain('<html lang="pt-PT">');
    expect(await html(null)).toContain('<html lang="en">');
    nextRequest.headers = new Headers();
    expect(documentLanguage('de-de')).toBe('de-DE');
    expect(documentLanguage('not a locale!')).toBe('en');
    expect(documentLanguage(undefined)).toBe('en');
  });
});
