// What the feeds and the sitemap must say, read from their parsed documents: one item per live job
// (the latest 50 in RSS and the JSON Feed), the hostile job's title intact as text in exactly one
// item, no element a title or description could inject, and no address the board does not answer.
import type { Document as XmlDocument } from '@xmldom/xmldom';
import { childElements, childText } from './documents';
import type { Recorder } from './recorder';
import type { Seeded } from './seed';

export function checkFeeds(
  recorder: Recorder,
  seeded: Seeded,
  xml: Map<string, XmlDocument>,
  json: Map<string, unknown>,
): void {
  const at = (path: string) => ({ method: 'GET', url: `${seeded.boardUrl}${path}` });
  const fail = (path: string, problem: string) => recorder.fail(`feed ${path}`, problem, at(path));
  const { hostileJob } = seeded;

  const rss = xml.get(`${seeded.boardUrl}/feed.xml`);
  if (!rss) fail('/feed.xml', 'was not crawled as XML');
  else {
    const items = childElements(rss, 'item');
    if (items.length !== Math.min(50, seeded.jobCount))
      fail('/feed.xml', `${items.length} items for ${seeded.jobCount} live jobs`);
    const title = `${hostileJob.title} at ${hostileJob.company}`;
    const titled = items.filter((item) => childText(item, 'title') === title);
    const linked = items.filter((item) => childText(item, 'link') === hostileJob.url);
    if (titled.length !== 1 || linked.length !== 1 || titled[0] !== linked[0])
      fail(
        '/feed.xml',
        `the hostile job is in ${linked.length} item(s) by link and ${titled.length} by its exact title (expected one item: ${JSON.stringify(title)})`,
      );
    if (childElements(rss, 'script').length > 0) fail('/feed.xml', 'holds a <script> element');
    for (const item of items) {
      const children = Array.from(item.childNodes).filter((node) => node.nodeType === 1);
      const names = children.map((node) => (node as unknown as { tagName: string }).tagName);
      const unexpected = names.filter(
        (name) => !['title', 'link', 'guid', 'pubDate', 'description', 'category'].includes(name),
      );
      if (unexpected.length > 0)
        fail('/feed.xml', `an item holds unexpected elements: ${unexpected.join(', ')}`);
    }
  }

  // The job sites' feeds: every live job once, the hostile job's title intact, nothing injected.
  for (const [path, id] of [
    ['/jobs.xml', 'referencenumber'],
    ['/jobs/linkedin.xml', 'partnerJobId'],
    ['/jobs/ziprecruiter.xml', 'referencenumber'],
  ] as const) {
    const feed = xml.get(`${seeded.boardUrl}${path}`);
    if (!feed) {
      fail(path, 'was not crawled as XML');
      continue;
    }
    const jobs = childElements(feed, 'job');
    if (jobs.length !== seeded.jobCount) fail(path, `${jobs.length} jobs for ${seeded.jobCount} live jobs`);
    const hostile = jobs.filter((job) => childText(job, id) === hostileJob.id);
    if (hostile.length !== 1 || childText(hostile[0]!, 'title') !== hostileJob.title)
      fail(path, `the hostile job is not one <job> with its exact title (${hostile.length} found)`);
    if (childElements(feed, 'script').length > 0) fail(path, 'holds a <script> element');
  }

  const feed = json.get(`${seeded.boardUrl}/feed.json`) as
    | { version?: string; items?: { id?: string; url?: string; title?: string }[] }
    | undefined;
  if (!feed) fail('/feed.json', 'was not crawled as a JSON Feed');
  else {
    const items = feed.items ?? [];
    if (feed.version !== 'https://jsonfeed.org/version/1.1') fail('/feed.json', `version ${feed.version}`);
    if (items.length !== Math.min(50, seeded.jobCount))
      fail('/feed.json', `${items.length} items for ${seeded.jobCount} live jobs`);
    const hostile = items.filter((item) => item.url === hostileJob.url);
    if (hostile.length !== 1 || hostile[0]!.title !== hostileJob.title || hostile[0]!.id !== hostileJob.id)
      fail(
        '/feed.json',
        `the hostile job is not one item with its exact title and id (${hostile.length} found)`,
      );
  }

  const sitemapUrls = [...xml.entries()]
    .filter(([url]) => /\/sitemap\.xml$|\/sitemaps\/\d+\.xml$/.test(url))
    .flatMap(([, document]) => childElements(document, 'loc').map((loc) => (loc.textContent ?? '').trim()));
  if (!xml.has(`${seeded.boardUrl}/sitemap.xml`)) fail('/sitemap.xml', 'was not crawled as XML');
  const unlisted = [...seeded.mustBeMissing.map(({ url }) => url), ...seeded.gone].filter((url) =>
    sitemapUrls.includes(url),
  );
  for (const url of unlisted) fail('/sitemap.xml', `lists ${url}, which the board does not answer`);
  for (const url of seeded.publicUrls.filter((url) => /\/jobs\//.test(url)))
    if (!sitemapUrls.includes(url)) fail('/sitemap.xml', `does not list the live job ${url}`);
}
