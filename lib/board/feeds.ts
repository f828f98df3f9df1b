// The board's machine-readable side: RSS 2.0 and JSON Feed 1.1 of the latest jobs, and the sitemap
// (streamed in keyset batches, so 100,000 live jobs never sit in memory at once); the job sites'
// feeds of every live job (job-feed.ts: Indeed, LinkedIn, ZipRecruiter) stream the same way. They are written with the two escapes below; feeds are the same bytes for everyone, so
// they show what the paywall shows an anonymous visitor.
import { and, asc, desc, eq, gt, isNotNull, lte, ne, type SQL, sql } from 'drizzle-orm';
import {
  categories,
  cmsCollections,
  cmsItems,
  companies,
  jobs,
  locations,
  type Organization,
  pages,
} from '@/db/schema';
import { RevisionCache } from '@/lib/cache';
import { liveItem } from '@/lib/cms';
import type { Db } from '@/lib/core/transaction';
import { descriptionHtml, jobPageUrl, liveJobCondition } from '@/lib/jobs';
import { anonymousJobGate, jobTeaserHtml } from '@/lib/payments';
import { documentLanguage } from './routing';
import { JSON_FEED_VERSION, type JsonFeed } from './schemas';

/** The sitemap protocol's limit per file; past it /sitemap.xml becomes an index of chunks. */
export const SITEMAP_CHUNK = 50_000;
export const RSS_ITEMS = 50;
export const BATCH = 1_000;

// XML 1.0 forbids most control characters and lone surrogates; job text from an API may hold them.
const INVALID_XML =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching the control characters is the point.
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const xmlText = (value: string) =>
  value
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');

/** CDATA that stays CDATA whatever the text holds (`]]>` is split across two sections). */
export const cdata = (value: string) =>
  `<![CDATA[${value.replace(INVALID_XML, '').replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;

/** What every feed says of a job; `gated` is the paywall's decision for an anonymous visitor. */
export const feedColumns = (gated: SQL) => ({
  id: jobs.id,
  slug: jobs.slug,
  title: jobs.title,
  companyName: jobs.companyName,
  description: jobs.description,
  descriptionHtml: jobs.descriptionHtml,
  location: jobs.location,
  publishedAt: jobs.publishedAt,
  createdAt: jobs.createdAt,
  category: sql<string | null>`(select name from categories c where c.id = ${jobs.categoryId})`,
  gated: sql<boolean>`${gated}`,
});

/** A feed's description of a job: in full, or the teaser the job page shows everyone. */
export const feedDescription = (row: {
  description: string;
  descriptionHtml: string | null;
  gated: boolean;
}) =>
  row.gated ? jobTeaserHtml(row.description) : (row.descriptionHtml ?? descriptionHtml(row.description));

// A feed of the latest jobs with their descriptions: 50–300 KB.
const feedCache = new RevisionCache<string>({ name: 'board feeds', ttlMs: 5_000, maxBytes: 2 * 1024 * 1024 });

/** A job's category names in filing order (the column is qualified: a bare `id` would bind inside). */
const categoryNames = sql<string[]>`coalesce((
  select json_agg(c.name order by jc.position)
  from job_categories jc join categories c on c.id = jc.category_id
  where jc.job_id = "jobs"."id"), '[]'::json)`;

/** The latest live jobs, newest first, as the syndication feeds (RSS, JSON Feed) list them. */
async function latestLiveJobs(db: Db, org: Organization) {
  return db
    .select({
      ...feedColumns(await anonymousJobGate(db, [org.id])),
      updatedAt: jobs.updatedAt,
      categories: categoryNames,
    })
    .from(jobs)
    .where(and(eq(jobs.organizationId, org.id), liveJobCondition))
    .orderBy(sql`${jobs.publishedAt} desc nulls last`, desc(jobs.id))
    .limit(RSS_ITEMS);
}

/** RSS 2.0 of the latest live jobs. */
export async function jobsRss(db: Db, org: Organization, boardUrl: string, name: string): Promise<string> {
  return feedCache.get(org, 'rss', async () => {
    const rows = await latestLiveJobs(db, org);
    const element = (tag: string, value: string) => `<${tag}>${xmlText(value)}</${tag}>`;
    const items = rows.map((row) => {
      const url = jobPageUrl(boardUrl, row.slug);
      return [
        '<item>',
        element('title', `${row.title} at ${row.companyName}${row.location ? ` (${row.location})` : ''}`),
        element('link', url),
        `<guid isPermaLink="false">${xmlText(url)}</guid>`,
        element('pubDate', (row.publishedAt ?? row.createdAt).toUTCString()),
        `<description>${cdata(feedDescription(row))}</description>`,
        ...(row.category ? [element('category', row.category)] : []),
        '</item>',
      ].join('\n');
    });
    return [
      '<?xml version="1.0" encoding="utf-8"?>',
      '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
      '<channel>',
      element('title', `${name}: latest jobs`),
      element('link', boardUrl),
      element('description', `The latest jobs on ${name}`),
      element('lastBuildDate', (rows[0]?.publishedAt ?? new Date(0)).toUTCString()),
      element('docs', 'https://validator.w3.org/feed/docs/rss2.html'),
      element('generator', 'Boardkit'),
      element('language', 'en'),
      element('copyright', name),
      `<atom:link href="${xmlText(`${boardUrl}/feed.xml`)}" rel="self" type="application/rss+xml"/>`,
      ...items,
      '</channel>',
      '</rss>',
      '',
    ].join('\n');
  });
}

/** JSON Feed 1.1 (https://jsonfeed.org/version/1.1) of the latest live jobs, as RSS lists them. */
export async function jobsJsonFeed(
  db: Db,
  org: Organization,
  boardUrl: string,
  name: string,
): Promise<string> {
  return feedCache.get(org, 'json', async () => {
    const rows = await latestLiveJobs(db, org);
    const feed: JsonFeed = {
      version: JSON_FEED_VERSION,
      title: `${name}: latest jobs`,
      home_page_url: boardUrl,
      feed_url: `${boardUrl}/feed.json`,
      description: `The latest jobs on ${name}`,
      language: documentLanguage(org.locale),
      items: rows.map((row) => ({
        id: row.id,
        url: jobPageUrl(boardUrl, row.slug),
        title: row.title,
        content_html: feedDescription(row),
        date_published: (row.publishedAt ?? row.createdAt).toISOString(),
        date_modified: row.updatedAt.toISOString(),
        tags: row.categories,
        authors: [{ name: row.companyName }],
      })),
    };
    // Valid JSON holds any text, but readers that write it on into XML or HTML choke on what XML forbids.
    return `${JSON.stringify(feed, (_key, value) => (typeof value === 'string' ? value.replace(INVALID_XML, '') : value))}\n`;
  });
}

const encoder = new TextEncoder();

/** Pages through the board's live jobs by id, `BATCH` at a time, into a byte stream. */
export function liveJobStream<T>(
  head: string,
  tail: string,
  fetchBatch: (after: string | null) => Promise<(T & { id: string })[]>,
  render: (row: T) => string,
): ReadableStream<Uint8Array> {
  let after: string | null = null;
  let done = false;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode(head));
    },
    async pull(controller) {
      if (done) return;
      const rows = await fetchBatch(after);
      if (rows.length > 0) controller.enqueue(encoder.encode(rows.map(render).join('')));
      if (rows.length < BATCH) {
        done = true;
        controller.enqueue(encoder.encode(tail));
        controller.close();
      } else {
        after = rows[rows.length - 1]!.id;
      }
    },
  });
}

export const liveAfter = (org: Organization, after: string | null) =>
  and(eq(jobs.organizationId, org.id), liveJobCondition, after ? gt(jobs.id, after) : undefined);

interface SitemapUrl {
  loc: string;
  lastmod: Date | null;
}

const urlEntry = ({ loc, lastmod }: SitemapUrl) =>
  `<url><loc>${xmlText(loc)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>\n`;

/** Every URL but the jobs': home, landing pages, published pages and posts, public CMS collections and their live items. */
async function staticUrls(
  db: Db,
  org: Organization,
  boardUrl: string,
  now = new Date(),
): Promise<SitemapUrl[]> {
  const [newest, categoryRows, locationRows, companyRows, pageRows, collectionRows, itemRows] =
    await Promise.all([
      db
        .select({
          at: sql<Date | null>`max(${jobs.updatedAt})`.mapWith((value) => (value ? new Date(value) : null)),
        })
        .from(jobs)
        .where(and(eq(jobs.organizationId, org.id), liveJobCondition)),
      db
        .selectDistinct({ slug: categories.slug })
        .from(categories)
        .where(
          and(
            eq(categories.organizationId, org.id),
            sql`exists (select 1 from job_categories jc join jobs on jobs.id = jc.job_id where ${liveJobCondition} and (jc.category_id = ${categories.id} or jc.category_id in (select id from categories sub where sub.parent_id = ${categories.id})))`,
          ),
        ),
      db
        .selectDistinct({ slug: locations.slug })
        .from(locations)
        .innerJoin(jobs, and(eq(jobs.locationId, locations.id), liveJobCondition))
        .where(and(eq(locations.organizationId, org.id), ne(locations.locationType, 'remote'))),
      db
        .selectDistinct({ slug: companies.slug })
        .from(companies)
        .innerJoin(jobs, and(eq(jobs.companyId, companies.id), liveJobCondition))
        .where(eq(companies.organizationId, org.id)),
      db
        .select({ kind: pages.kind, slug: pages.slug, updatedAt: pages.updatedAt })
        .from(pages)
        .where(
          and(
            eq(pages.organizationId, org.id),
            eq(pages.status, 'published'),
            isNotNull(pages.publishedAt),
            lte(pages.publishedAt, now),
          ),
        ),
      // Public collections only: a gated one shows visitors a notice, a private one is a 404.
      db
        .select({ slug: cmsCollections.slug, updatedAt: cmsCollections.updatedAt })
        .from(cmsCollections)
        .where(and(eq(cmsCollections.organizationId, org.id), eq(cmsCollections.visibility, 'public')))
        .orderBy(asc(cmsCollections.slug)),
      db
        .select({ slug: cmsCollections.slug, id: cmsItems.id, updatedAt: cmsItems.updatedAt })
        .from(cmsItems)
        .innerJoin(cmsCollections, eq(cmsCollections.id, cmsItems.collectionId))
        .where(
          and(eq(cmsItems.organizationId, org.id), eq(cmsCollections.visibility, 'public'), ...liveItem(now)),
        )
        .orderBy(asc(cmsCollections.slug), asc(cmsItems.id)),
    ]);
  const lastJob = newest[0]?.at ?? null;
  const posts = pageRows.filter((page) => page.kind === 'blog_post');
  const newestItem = new Map<string, number>();
  for (const item of itemRows) {
    newestItem.set(item.slug, Math.max(newestItem.get(item.slug) ?? 0, item.updatedAt.getTime()));
  }
  return [
    { loc: boardUrl, lastmod: lastJob },
    { loc: `${boardUrl}/remote`, lastmod: lastJob },
    ...(posts.length
      ? [
          {
            loc: `${boardUrl}/blog`,
            lastmod: posts.reduce((a, b) => (a.updatedAt > b.updatedAt ? a : b)).updatedAt,
          },
        ]
      : []),
    ...categoryRows.map((row) => ({ loc: `${boardUrl}/categories/${row.slug}`, lastmod: lastJob })),
    ...locationRows.map((row) => ({ loc: `${boardUrl}/locations/${row.slug}`, lastmod: lastJob })),
    ...(companyRows.length ? [{ loc: `${boardUrl}/companies`, lastmod: lastJob }] : []),
    ...companyRows.map((row) => ({ loc: `${boardUrl}/companies/${row.slug}`, lastmod: lastJob })),
    ...pageRows.map((row) => ({
      loc: row.kind === 'blog_post' ? `${boardUrl}/blog/${row.slug}` : `${boardUrl}/${row.slug}`,
      lastmod: row.updatedAt,
    })),
    ...collectionRows.map((row) => ({
      loc: `${boardUrl}/c/${encodeURIComponent(row.slug)}`,
      // A collection's page changes with its newest item.
      lastmod: new Date(Math.max(row.updatedAt.getTime(), newestItem.get(row.slug) ?? 0)),
    })),
    ...itemRows.map((row) => ({
      loc: `${boardUrl}/c/${encodeURIComponent(row.slug)}/${row.id}`,
      lastmod: row.updatedAt,
    })),
  ];
}

async function liveJobCount(db: Db, org: Organization): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .where(and(eq(jobs.organizationId, org.id), liveJobCondition));
  return row?.n ?? 0;
}

const URLSET_HEAD =
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

/**
 * /sitemap.xml: one urlset while everything fits in 50,000 URLs; past that an index whose first
 * chunk holds the other URLs and whose later chunks hold the jobs, 50,000 each.
 */
export async function sitemap(
  db: Db,
  org: Organization,
  boardUrl: string,
  chunkSize = SITEMAP_CHUNK,
): Promise<ReadableStream<Uint8Array> | string> {
  const [others, total] = await Promise.all([staticUrls(db, org, boardUrl), liveJobCount(db, org)]);
  if (others.length + total <= chunkSize) return sitemapChunk(db, org, boardUrl, 0, others, chunkSize);
  const chunks = 1 + Math.ceil(total / chunkSize);
  const entries = Array.from(
    { length: chunks },
    (_, index) => `<sitemap><loc>${xmlText(`${boardUrl}/sitemaps/${index}.xml`)}</loc></sitemap>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('')}</sitemapindex>\n`;
}

/** Chunk 0: the non-job URLs (all of them, when `others` is given: then the jobs follow). Chunk n ≥ 1: jobs. */
export async function sitemapChunk(
  db: Db,
  org: Organization,
  boardUrl: string,
  chunk: number,
  others?: SitemapUrl[],
  chunkSize = SITEMAP_CHUNK,
): Promise<ReadableStream<Uint8Array> | string> {
  if (chunk === 0 && !others) {
    const urls = await staticUrls(db, org, boardUrl);
    return `${URLSET_HEAD}${urls.map(urlEntry).join('')}</urlset>\n`;
  }
  // The jobs of chunk n are the live jobs ordered by id, from offset (n - 1) * 50,000 (or all, inline).
  const offset = others ? 0 : (chunk - 1) * chunkSize;
  const [start] = offset
    ? await db
        .select({ id: jobs.id })
        .from(jobs)
        .where(liveAfter(org, null))
        .orderBy(asc(jobs.id))
        .offset(offset - 1)
        .limit(1)
    : [undefined];
  if (offset && !start) return `${URLSET_HEAD}</urlset>\n`;
  let sent = 0;
  return liveJobStream(
    `${URLSET_HEAD}${(others ?? []).map(urlEntry).join('')}`,
    '</urlset>\n',
    async (after) => {
      const remaining = chunkSize - sent;
      if (remaining <= 0) return [];
      const rows = await db
        .select({ id: jobs.id, slug: jobs.slug, updatedAt: jobs.updatedAt })
        .from(jobs)
        .where(liveAfter(org, after ?? start?.id ?? null))
        .orderBy(asc(jobs.id))
        .limit(Math.min(BATCH, remaining));
      sent += rows.length;
      return rows;
    },
    (row) => urlEntry({ loc: jobPageUrl(boardUrl, row.slug), lastmod: row.updatedAt }),
  );
}
