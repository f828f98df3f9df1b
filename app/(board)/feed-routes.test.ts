// The board's feed routes as a job site or feed reader fetches them: the content type each format
// asks for, the same caching headers for all, the board's 404 for a board that does not exist, and
// the JSON Feed announced beside RSS in every page's head.
import { describe, expect, it } from 'vitest';
import { createTenant, createTestJob } from '@/test/factories';
import * as jsonFeed from './b/[board]/feed.json/route';
import * as rss from './b/[board]/feed.xml/route';
import * as linkedin from './b/[board]/jobs/linkedin.xml/route';
import * as ziprecruiter from './b/[board]/jobs/ziprecruiter.xml/route';
import * as indeed from './b/[board]/jobs.xml/route';
import * as home from './b/[board]/page';

type Handler = (request: Request, context: { params: Promise<{ board: string }> }) => Promise<Response>;

const routes: [string, Handler, string][] = [
  ['/feed.json', jsonFeed.GET, 'application/feed+json; charset=utf-8'],
  ['/feed.xml', rss.GET, 'application/rss+xml; charset=utf-8'],
  ['/jobs.xml', indeed.GET, 'application/xml; charset=utf-8'],
  ['/jobs/linkedin.xml', linkedin.GET, 'application/xml; charset=utf-8'],
  ['/jobs/ziprecruiter.xml', ziprecruiter.GET, 'application/xml; charset=utf-8'],
];

const call = (handler: Handler, board: string, path: string) =>
  handler(new Request(`http://localhost:3000/b/${board}${path}`), {
    params: Promise.resolve({ board }),
  });

describe('the board’s feed routes', () => {
  it.each(routes)(
    '%s answers its format, cacheable for a minute, and parses',
    async (path, handler, type) => {
      const { organization } = await createTenant();
      const job = await createTestJob(organization.id, { title: 'Deckhand' });
      const response = await call(handler, organization.slug, path);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe(type);
      expect(response.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
      const body = await response.text();
      if (path.endsWith('.json')) expect(JSON.parse(body).items[0].id).toBe(job.id);
      else expect(body).toContain(job.slug);
    },
  );

  it.each(routes)('%s of a board that does not exist is a 404', async (path, handler) => {
    const response = await call(handler, 'no-such-board-anywhere', path);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('No board here.\n');
  });

  it('every page names the JSON Feed beside RSS as an alternate', async () => {
    const { organization } = await createTenant();
    const metadata = await home.generateMetadata({
      params: Promise.resolve({ board: organization.slug }),
      searchParams: Promise.resolve({}),
    } as never);
    expect(metadata.alternates?.types).toEqual({
      'application/rss+xml': `http://localhost:3000/b/${organization.slug}/feed.xml`,
      'application/feed+json': `http://localhost:3000/b/${organization.slug}/feed.json`,
    });
  });
});
