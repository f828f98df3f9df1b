// What link previews read of every board page kind: a large share image at an absolute URL on the
// board's own address (path and host mode), drawn by the share image route, or a post's own cover;
// and a description that is one line cut at a word.
import type { Metadata } from 'next';
import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { resetEnvCache } from '@/lib/core/env';
import { commitLocation } from '@/lib/geo/service';
import { createPage } from '@/lib/pages/service';
import { createTenant, createTestJob } from '@/test/factories';
import * as customPage from './[page]/page';
import * as account from './account/page';
import * as alerts from './alerts/page';
import * as blogPost from './blog/[slug]/page';
import * as blog from './blog/page';
import * as category from './categories/[slug]/page';
import * as job from './jobs/[slug]/page';
import * as place from './locations/[slug]/page';
import * as og from './og/[revision]/[card]/route';
import * as home from './page';
import * as postAJob from './post-a-job/page';
import * as pricing from './pricing/page';
import * as remote from './remote/page';
import * as signIn from './sign-in/page';

afterEach(() => {
  delete process.env.BOARD_ROOT_DOMAIN;
  resetEnvCache();
});

type Page = { generateMetadata: (props: never) => Promise<Metadata> };

/** A board with one of each thing a page kind shows, and each page kind's metadata. */
async function everyPageKind() {
  const { organization } = await createTenant({ name: 'Harbour Jobs' });
  const db = await getDb();
  const lisbon = await commitLocation(db, organization.id, { query: 'Lisbon', country: 'PT' });
  const posted = await createTestJob(organization.id, {
    title: 'Deckhand',
    company_name: 'Northwind',
    category: 'Ops',
    location_id: lisbon.id,
    salary_min: 30_000,
    salary_max: 40_000,
    salary_currency: 'EUR',
    salary_period: 'yearly',
  });
  const [location] = await db.query.locations.findMany({ where: (row, { eq }) => eq(row.id, lisbon.id) });
  const about = await createPage(db, organization.id, {
    kind: 'page',
    title: 'About',
    status: 'published',
    content: `<h2>Who we are</h2>\n<p>${'Harbour Jobs lists work on the water,\n\n   from deckhands to harbour masters. '.repeat(4)}</p>`,
  });
  const post = await createPage(db, organization.id, {
    kind: 'blog_post',
    title: 'Ten knots',
    status: 'published',
    content: '<p>Sailing on.</p>',
  });
  const covered = await createPage(db, organization.id, {
    kind: 'blog_post',
    title: 'Covered',
    status: 'published',
    content: '<p>With a cover.</p>',
    cover_image: 'https://images.example/cover.jpg',
  });
  const kinds: [string, Page, Record<string, string>][] = [
    ['home', home, {}],
    ['job', job, { slug: posted.slug }],
    ['category', category, { slug: 'ops' }],
    ['location', place, { slug: location!.slug }],
    ['remote', remote, {}],
    ['blog', blog, {}],
    ['blog post', blogPost, { slug: post.page.slug }],
    ['custom page', customPage, { page: about.page.slug }],
    ['alerts', alerts, {}],
    ['pricing', pricing, {}],
    ['post a job', postAJob, {}],
    ['sign in', signIn, {}],
    ['account', account, {}],
  ];
  const read = async (page: Page, params: Record<string, string>) =>
    page.generateMetadata({
      params: Promise.resolve({ board: organization.slug, ...params }),
      searchParams: Promise.resolve({}),
    } as never);
  return { organization, kinds, read, covered: covered.page.slug, about: about.page.slug };
}

const imageOf = (metadata: Metadata) => {
  const [image] = [metadata.openGraph?.images].flat() as ({ url: string } | undefined)[];
  return image?.url;
};

describe('share images in board metadata', () => {
  for (const mode of ['path', 'host'] as const) {
    it(`every page kind has a large share image at an absolute URL on the board (${mode} mode)`, async () => {
      if (mode === 'host') {
        process.env.BOARD_ROOT_DOMAIN = 'boards.example';
        resetEnvCache();
      }
      const { organization, kinds, read } = await everyPageKind();
      const board =
        mode === 'host'
          ? `https://${organization.slug}.boards.example`
          : `http://localhost:3000/b/${organization.slug}`;
      for (const [kind, page, params] of kinds) {
        const metadata = await read(page, params);
        const url = imageOf(metadata);
        expect({ kind, url }).toEqual({
          kind,
          url: expect.stringMatching(`^${board}/og/\\d+/[\\w.-]+\\.png$`),
        });
        expect({ kind, twitter: metadata.twitter }).toMatchObject({
          kind,
          twitter: { card: 'summary_large_image', images: [url] },
        });
      }
    });
  }

  it('a job’s image is the route’s PNG of its title, company, place and salary', async () => {
    const { organization, kinds, read } = await everyPageKind();
    const [, page, params] = kinds.find(([kind]) => kind === 'job')!;
    const metadata = await read(page, params);
    const [, , , , revision, card] = new URL(imageOf(metadata)!).pathname.split('/');
    expect(metadata.openGraph?.images).toEqual([
      { url: imageOf(metadata), width: 1200, height: 630, alt: 'Deckhand' },
    ]);
    const response = await og.GET(new Request(imageOf(metadata)!), {
      params: Promise.resolve({ board: organization.slug, revision: revision!, card: card! }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    const { readShareCard } = await import('@/lib/board/share-card');
    expect(readShareCard(organization.id, card!.slice(0, -4))).toEqual({
      title: 'Deckhand',
      details: ['Northwind', expect.stringMatching(/^Lisbon.* · €30,000 – €40,000 a year$/)],
      logoUrl: null,
    });
  });

  it('a blog post with a cover keeps it as its image', async () => {
    const { read, covered } = await everyPageKind();
    const metadata = await read(blogPost, { slug: covered });
    expect(imageOf(metadata)).toBe('https://images.example/cover.jpg');
    expect(metadata.twitter).toMatchObject({
      card: 'summary_large_image',
      images: ['https://images.example/cover.jpg'],
    });
  });
});

describe('meta descriptions', () => {
  it('are one line, cut at a word within 160 characters with an ellipsis', async () => {
    const { read, about } = await everyPageKind();
    const metadata = await read(customPage, { page: about });
    const description = metadata.description!;
    expect(description).not.toMatch(/\s{2}|\n/);
    expect([...description].length).toBeLessThanOrEqual(160);
    expect(description).toMatch(/^Who we are Harbour Jobs lists work on the water, from deckhands .*[a-z]…$/);
    expect(metadata.openGraph?.description).toBe(description);
    expect(metadata.twitter?.description).toBe(description);
  });
});
