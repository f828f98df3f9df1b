// The crawl: from the home page, the sitemap (and the chunks it lists), the feeds and robots.txt,
// every same-board address found in HTML (`<a href>`, `<link href>`, GET forms), XML (`<loc>`,
// `<link>`, `<url>`), the JSON Feed's item URLs and redirects, each asked with GET, HEAD and `RSC: 1`.
import { childElements, linksOf, parseXml } from './documents';
import type { Answer } from './http';
import type { Recorder } from './recorder';
import { type BoardRoute, routeOf } from './routes';

export interface CrawlResult {
  /** Every address crawled, with its GET answer. */
  pages: Map<string, Answer>;
  /** Images on the app's own origin (uploads under /cdn among them). */
  images: Set<string>;
  /** Each page's canonical address, by the page's address. */
  canonicals: Map<string, string>;
  /** Parsed XML documents by address. */
  xml: Map<string, ReturnType<typeof parseXml>>;
  /** Parsed JSON Feeds by address. */
  json: Map<string, unknown>;
  capped: boolean;
}

const MAX_ADDRESSES = 600;
const CONCURRENCY = 4;

export function inBoard(boardUrl: string, url: string): boolean {
  return url === boardUrl || url.startsWith(`${boardUrl}/`) || url.startsWith(`${boardUrl}?`);
}

/** The path inside the board (`/jobs/x?page=2`), or undefined for another address. */
export function restOf(boardUrl: string, url: string): string | undefined {
  if (!inBoard(boardUrl, url)) return undefined;
  const rest = url.slice(boardUrl.length);
  return rest.startsWith('/') ? rest : `/${rest}`;
}

export async function crawl(
  recorder: Recorder,
  boardUrl: string,
  routes: BoardRoute[],
  starts: string[],
): Promise<CrawlResult> {
  const origin = new URL(boardUrl).origin;
  const seen = new Set<string>();
  const queue: string[] = [];
  const result: CrawlResult = {
    pages: new Map(),
    images: new Set(),
    canonicals: new Map(),
    xml: new Map(),
    json: new Map(),
    capped: false,
  };
  const add = (url: string) => {
    const normalized = url.replace(/#.*$/, '');
    if (!inBoard(boardUrl, normalized) || seen.has(normalized)) return;
    if (seen.size >= MAX_ADDRESSES) {
      result.capped = true;
      return;
    }
    seen.add(normalized);
    queue.push(normalized);
  };
  for (const start of starts) add(start);

  const routeName = (url: string) => {
    const rest = restOf(boardUrl, url) ?? '/';
    return routeOf(routes, rest)?.template ?? rest.split('?')[0]!;
  };

  async function visit(url: string) {
    const route = routeName(url);
    const get = await recorder.send('crawl GET', url, {}, `${route} html`);
    result.pages.set(url, get);
    if (get.error) return;
    const type = String(get.headers['content-type'] ?? '');
    if (get.status >= 300 && get.status < 400 && get.headers.location) {
      add(new URL(get.headers.location, url).href);
    } else if (get.status >= 400) {
      recorder.fail('crawl: broken link', `a followed address answered ${get.status}`, get);
    }
    if (get.status === 200 && type.includes('text/html')) {
      const { links, images, canonical } = linksOf(get.body, url);
      if (canonical) result.canonicals.set(url, canonical);
      for (const link of links) add(link);
      for (const image of images) if (image.startsWith(`${origin}/`)) result.images.add(image);
    } else if (get.status === 200 && /xml/.test(type)) {
      try {
        const document = parseXml(get.body);
        result.xml.set(url, document);
        // Addresses are the text of `<loc>` (sitemaps), `<link>` (RSS) and `<url>` (jobs.xml) when
        // it is text alone (a sitemap's `<url>` holds elements).
        for (const name of ['loc', 'link', 'url'])
          for (const element of childElements(document, name))
            if (Array.from(element.childNodes).every((node) => node.nodeType === 3 || node.nodeType === 4))
              add((element.textContent ?? '').trim());
      } catch (error) {
        recorder.fail('XML', `does not parse: ${(error as Error).message}`, get);
      }
    } else if (get.status === 200 && type.includes('application/feed+json')) {
      try {
        const feed = JSON.parse(get.body) as { items?: { url?: unknown }[] };
        result.json.set(url, feed);
        for (const item of feed.items ?? []) if (typeof item.url === 'string') add(item.url);
      } catch (error) {
        recorder.fail('JSON Feed', `does not parse: ${(error as Error).message}`, get);
      }
    } else if (get.status === 200 && /\/robots\.txt$/.test(url)) {
      for (const match of get.body.matchAll(/^Sitemap:\s*(\S+)/gim)) add(match[1]!);
    }

    const head = await recorder.send('crawl HEAD', url, { method: 'HEAD' }, `${route} html`);
    if (!head.error && head.status !== get.status)
      recorder.fail('crawl HEAD', `HEAD answered ${head.status} where GET answered ${get.status}`, head);

    const rscHeaders = { rsc: '1' };
    let rsc = await recorder.send('crawl RSC', url, { headers: rscHeaders }, `${route} rsc`);
    if (rsc.status === 307 && /[?&]_rsc\b/.test(String(rsc.headers.location ?? ''))) {
      const next = new URL(String(rsc.headers.location), url).href;
      rsc = await recorder.send(
        'crawl RSC (after _rsc redirect)',
        next,
        { headers: rscHeaders },
        `${route} rsc`,
      );
    }
    if (!rsc.error && get.status < 400 && rsc.status >= 400)
      recorder.fail(
        'crawl RSC',
        `RSC answered ${rsc.status} where GET answered ${get.status}`,
        rsc,
        rscHeaders,
      );
    // A page's router request gets the flight payload, never the page's HTML (the page cache once
    // answered router requests with cached HTML).
    const rscType = String(rsc.headers['content-type'] ?? '');
    if (
      !rsc.error &&
      rsc.status === 200 &&
      routeOf(routes, restOf(boardUrl, url) ?? '/')?.kind === 'page' &&
      !rscType.startsWith('text/x-component')
    )
      recorder.fail(
        'crawl RSC',
        `a page's router request answered ${rscType || 'no content type'}, not text/x-component`,
        rsc,
        rscHeaders,
      );
  }

  let active = 0;
  await new Promise<void>((done) => {
    const pump = () => {
      while (active < CONCURRENCY && queue.length > 0) {
        const url = queue.shift()!;
        active++;
        visit(url)
          .catch((error) =>
            recorder.fail('crawl', `crawler error: ${(error as Error).stack}`, { method: 'GET', url }),
          )
          .finally(() => {
            active--;
            pump();
          });
      }
      if (active === 0 && queue.length === 0) done();
    };
    pump();
  });
  // A canonical address is where search engines send people: it must answer itself, not redirect.
  for (const [page, canonical] of result.canonicals) {
    const answer = result.pages.get(canonical);
    if (answer && !answer.error && answer.status !== 200)
      recorder.fail(
        'canonical',
        `the canonical ${canonical} (of ${page}) answers ${answer.status}${answer.headers.location ? ` → ${answer.headers.location}` : ''}`,
        answer,
      );
  }
  return result;
}
