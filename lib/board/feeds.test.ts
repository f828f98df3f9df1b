import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import type { Organization } from '@/db/schema';
import { putPaymentSettings } from '@/lib/payments';
import { createTenant, createTestJob } from '@/test/factories';
import { eventsCollection, postItem, upsertCollection } from '@/test/fixtures/cms';
import { cdata, jobsRss, RSS_ITEMS, sitemap, sitemapChunk, xmlText } from './feeds';
import { indeedFeed } from './indeed-feed';

const BOARD = 'https://jobs.example.org';

async function text(body: string | ReadableStream<Uint8Array>): Promise<string> {
  return typeof body === 'string' ? body : new Response(body).text();
}

/** Parses strictly: any well-formedness error throws. */
function parseXml(xml: string) {
  const errors: string[] = [];
  const doc = new DOMParser({
    onError: (level, message) => void (level !== 'warning' && errors.push(message)),
  }).parseFromString(xml, 'text/xml');
  expect(errors).toEqual([]);
  return doc;
}

const all = (doc: ReturnType<typeof parseXml>, tag: string) =>
  Array.from(doc.getElementsByTagName(tag)).map((node) => node.textContent ?? '');

async function boardWithJobs() {
  const tenant = await createTenant();
  const org = tenant.organization as Organization;
  const live = await createTestJob(org.id, {
    title: 'Café <Barista> & Co ]]> \u0001',
    description: 'Pour coffee.\n\n- Latte art',
    location: 'Lisbon',
    job_type: 'part-time',
    salary_min: 1200,
    salary_max: 1500,
    salary_currency: 'EUR',
    salary_period: 'monthly',
    category: 'Hospitality',
  });
  const draft = await createTestJob(org.id, { title: 'Secret draft', status: 'draft' });
  const expired = await createTestJob(org.id, {
    title: 'Old job',
    expires_at: new Date(Date.now() - 60_000),
  });
  const other = await createTenant();
  await createTestJob(other.organization.id, { title: 'Another board’s job' });
  return { org, live, draft, expired };
}

describe('board feeds', () => {
  it('escape what XML cannot hold', () => {
    expect(xmlText('a & <b> "c" \u0000\u0008')).toBe('a &amp; &lt;b&gt; &quot;c&quot; ');
    expect(parseXml(`<x>${cdata('a ]]> b \u0002')}</x>`).documentElement?.textContent).toBe('a ]]> b ');
  });

  it('RSS 2.0 lists live jobs of this board only, valid XML', async () => {
    const { org, live } = await boardWithJobs();
    const doc = parseXml(await jobsRss(await getDb(), org, BOARD, 'Coffee Jobs'));
    expect(doc.documentElement?.tagName).toBe('rss');
    expect(doc.documentElement?.getAttribute('version')).toBe('2.0');
    const links = all(doc, 'link');
    expect(links).toContain(`${BOARD}/jobs/${live.slug}`);
    expect(links).toHaveLength(2);
    expect(all(doc, 'title').join(' ')).not.toMatch(/Secret draft|Old job|Another board/);
    expect(RSS_ITEMS).toBe(50);
  });

  it('the Indeed feed carries every field Indeed reads, in CDATA', async () => {
    const { org, live } = await boardWithJobs();
    const xml = await text(indeedFeed(await getDb(), org, BOARD, 'Coffee Jobs'));
    const doc = parseXml(xml);
    expect(doc.documentElement?.tagName).toBe('source');
    for (const tag of ['publisher', 'publisherurl', 'lastBuildDate']) expect(all(doc, tag)).toHaveLength(1);
    const jobs = doc.getElementsByTagName('job');
    expect(jobs).toHaveLength(1);
    const field = (tag: string) => jobs[0]!.getElementsByTagName(tag)[0]?.textContent;
    for (const tag of [
      'title',
      'date',
      'referencenumber',
      'url',
      'company',
      'city',
      'state',
      'country',
      'postalcode',
      'description',
      'salary',
      'jobtype',
      'category',
      'expirationdate',
    ]) {
      expect(jobs[0]!.getElementsByTagName(tag), tag).toHaveLength(1);
    }
    expect(field('title')).toBe('Café <Barista> & Co ]]> ');
    expect(field('referencenumber')).toBe(live.id);
    expect(field('url')).toBe(`${BOARD}/jobs/${live.slug}`);
    expect(field('salary')).toBe('1200-1500 EUR per month');
    expect(field('jobtype')).toBe('parttime');
    expect(field('category')).toBe('Hospitality');
    expect(field('description')).toContain('<li>Latte art</li>');
    expect(xml).toContain('<title><![CDATA[');
  });

  it('the sitemap has live jobs and pages with lastmod, and becomes an index past the chunk size', async () => {
    const { org, live } = await boardWithJobs();
    const db = await getDb();
    const doc = parseXml(await text(await sitemap(db, org, BOARD)));
    const locs = all(doc, 'loc');
    expect(locs).toEqual(
      expect.arrayContaining([
        BOARD,
        `${BOARD}/remote`,
        `${BOARD}/jobs/${live.slug}`,
        `${BOARD}/categories/hospitality`,
      ]),
    );
    expect(locs.filter((loc) => loc.includes('/jobs/'))).toHaveLength(1);
    expect(all(doc, 'lastmod').every((value) => !Number.isNaN(Date.parse(value)))).toBe(true);
    // Chunks page through jobs by id: chunk 1 of a one-job board holds it; chunk 2 is empty.
    const first = parseXml(await text(await sitemapChunk(db, org, BOARD, 1)));
    expect(all(first, 'loc')).toEqual([`${BOARD}/jobs/${live.slug}`]);
    expect(all(parseXml(await text(await sitemapChunk(db, org, BOARD, 2))), 'loc')).toEqual([]);
    expect(all(parseXml(await text(await sitemapChunk(db, org, BOARD, 0))), 'loc')).not.toContain(
      `${BOARD}/jobs/${live.slug}`,
    );
  });

  it('the sitemap lists public CMS collections and their live items, never private or gated ones', async () => {
    const { key, organization } = await createTenant();
    const org = organization as Organization;
    await upsertCollection(key, { ...eventsCollection, slug: 'events', visibility: 'public' });
    await upsertCollection(key, { ...eventsCollection, slug: 'staff-notes', visibility: 'private' });
    await upsertCollection(key, {
      ...eventsCollection,
      slug: 'reports',
      visibility: 'gated',
      required_entitlement: 'paywall',
    });
    const live = await postItem(key, 'events', { data: { title: 'Meetup' }, status: 'published' });
    const draft = await postItem(key, 'events', { data: { title: 'Later' }, status: 'draft' });
    const scheduled = await postItem(key, 'events', {
      data: { title: 'Soon' },
      status: 'published',
      starts_at: new Date(Date.now() + 86_400_000).toISOString(),
    });
    await postItem(key, 'staff-notes', { data: { title: 'Private' }, status: 'published' });
    await postItem(key, 'reports', { data: { title: 'Q3' }, status: 'published' });
    const locs = all(parseXml(await text(await sitemap(await getDb(), org, BOARD))), 'loc');
    const cms = locs.filter((loc) => loc.startsWith(`${BOARD}/c/`));
    expect(cms).toEqual([`${BOARD}/c/events`, `${BOARD}/c/events/${live.body.item.id}`]);
    expect(locs.join(' ')).not.toContain(draft.body.item.id);
    expect(locs.join(' ')).not.toContain(scheduled.body.item.id);
  });

  it('splits jobs into chunks of the given size behind an index', async () => {
    const { org } = await boardWithJobs();
    const db = await getDb();
    const more = [];
    for (let i = 0; i < 4; i++) more.push(await createTestJob(org.id));
    const index = parseXml(await text(await sitemap(db, org, BOARD, 2)));
    expect(index.documentElement?.tagName).toBe('sitemapindex');
    const chunks = all(index, 'loc');
    expect(chunks).toEqual([0, 1, 2, 3].map((n) => `${BOARD}/sitemaps/${n}.xml`));
    const jobUrls = [];
    for (const n of [1, 2, 3]) {
      const urls = all(parseXml(await text(await sitemapChunk(db, org, BOARD, n, undefined, 2))), 'loc');
      expect(urls.length).toBeLessThanOrEqual(2);
      jobUrls.push(...urls);
    }
    expect(jobUrls).toHaveLength(5);
    expect(new Set(jobUrls).size).toBe(5);
  });

  it('RSS keeps hostile text as text: no element breaks out of a title, company, place or description', async () => {
    const { organization } = await createTenant();
    const org = organization as Organization;
    const hostile = ']]><link>https://evil.example/</link><script>alert(1)</script><![CDATA[';
    const job = await createTestJob(org.id, {
      title: `Barista ${hostile} ${hostile}`,
      company_name: `Café ${hostile}`,
      location: `Lisbon ${hostile}`,
      description: `Pour coffee ${hostile}`,
      category: `Hospitality ${hostile}`,
    });
    const doc = parseXml(await jobsRss(await getDb(), org, BOARD, `Jobs ${hostile}`));
    expect(doc.getElementsByTagName('script')).toHaveLength(0);
    const items = Array.from(doc.getElementsByTagName('item'));
    expect(items).toHaveLength(1);
    const children = Array.from(items[0]!.childNodes).filter((node) => node.nodeType === 1);
    expect(children.map((node) => node.nodeName)).toEqual([
      'title',
      'link',
      'guid',
      'pubDate',
      'description',
      'category',
    ]);
    const field = (tag: string) => items[0]!.getElementsByTagName(tag)[0]?.textContent;
    expect(field('title')).toBe(`Barista ${hostile} ${hostile} at Café ${hostile} (Lisbon ${hostile})`);
    expect(field('link')).toBe(`${BOARD}/jobs/${job.slug}`);
    expect(field('description')).toContain(
      `Pour coffee ${hostile.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')}`,
    );
    expect(field('category')).toBe(`Hospitality ${hostile}`);
    expect(all(doc, 'link')).toEqual([BOARD, `${BOARD}/jobs/${job.slug}`]);
  });

  it('RSS and the Indeed feed carry only the teaser of a job behind the paywall, for everyone', async () => {
    const { organization } = await createTenant();
    const org = organization as Organization;
    const db = await getDb();
    await putPaymentSettings(db, org.id, {
      provider: 'local',
      paywall: { jobs_preview_count: 1, apply: false, members_only_posts: false },
    });
    const opening = `${'Brew and serve. '.repeat(12)}`;
    const gated = await createTestJob(org.id, {
      title: 'Older barista',
      description: `${opening}GATED-MARKER-rss`,
      published_at: new Date(Date.now() - 2 * 86_400_000),
    });
    const open = await createTestJob(org.id, {
      title: 'Newest barista',
      description: `${opening}OPEN-MARKER-rss`,
      published_at: new Date(Date.now() - 86_400_000),
    });
    const rss = parseXml(await jobsRss(db, org, BOARD, 'Coffee Jobs'));
    const indeed = parseXml(await text(indeedFeed(db, org, BOARD, 'Coffee Jobs')));
    for (const [doc, itemTag, linkTag] of [
      [rss, 'item', 'link'],
      [indeed, 'job', 'url'],
    ] as const) {
      const description = (slug: string) =>
        Array.from(doc.getElementsByTagName(itemTag))
          .find((item) => item.getElementsByTagName(linkTag)[0]?.textContent?.endsWith(`/jobs/${slug}`))
          ?.getElementsByTagName('description')[0]?.textContent;
      expect(description(open.slug)).toContain('OPEN-MARKER-rss');
      const teaser = description(gated.slug);
      expect(teaser).toMatch(/^<p>Brew and serve\. .*…<\/p>$/);
      expect(teaser).not.toContain('GATED-MARKER');
    }
  });
});
