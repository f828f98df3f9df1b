// Real addresses for the board's routes: the board's sitemap and the links of its pages, crawled a
// little way from its home page, each matched to the route Next.js would serve it with. A route
// nothing links to gets an address built from the nearest route that has one and FILL below.
import { headerOf, type RawClient } from './raw-http';
import type { AppRoute } from './routes';

/** Values for parameters no crawl finds (addresses only a signed-in member or a mail reaches). */
const FILL: Record<string, string> = {
  board: 'zz-no-such-board',
  slug: 'zz-unknown',
  page: 'zz-unknown',
  collection: 'zz-unknown',
  item: 'zz-unknown',
  id: '6ba7b810-9dad-11d1-80b4-00c04fd430c8',
  session: '6ba7b811-9dad-11d1-80b4-00c04fd430c8',
  token: 'fuzz-not-a-token',
  file: '1.xml',
  rest: 'zz-unknown/deeper',
  revision: '999999',
  card: 'zz-unknown.png',
};

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/** Whether `path` holds a value of FILL rather than one the board linked to. */
export const madeUp = (path: string) =>
  segmentsOf(path).some((segment) => Object.values(FILL).includes(segment));

/** Whether `path` (board prefix already substituted) is served by `route`, ignoring other routes. */
function matches(route: string, boardPath: string, path: string): boolean {
  const want = segmentsOf(route.replace('/b/[board]', boardPath));
  const have = segmentsOf(path);
  return (
    want.length === have.length && want.every((segment, i) => /^\[.+\]$/.test(segment) || segment === have[i])
  );
}

/** The route Next.js serves `path` with: static segments win over dynamic ones, left to right. */
export function routeOf(routes: AppRoute[], boardPath: string, path: string): AppRoute | undefined {
  const candidates = routes.filter((route) => matches(route.route, boardPath, path));
  const rank = (route: AppRoute) =>
    segmentsOf(route.route)
      .map((segment) => (/^\[.+\]$/.test(segment) ? '1' : '0'))
      .join('');
  return candidates.sort((a, b) => rank(a).localeCompare(rank(b)))[0];
}

/** Links (`href`, `action`, sitemap `<loc>`) in `text` that lead inside the board, as paths. */
function linksIn(text: string, boardPath: string): string[] {
  const found = new Set<string>();
  // Share images are named only in their meta tag.
  for (const match of text.matchAll(
    /(?:href|action|property="og:image" content)="([^"]+)"|<loc>([^<]+)<\/loc>/g,
  )) {
    const raw = (match[1] ?? match[2]!).replaceAll('&amp;', '&');
    if (!URL.canParse(raw, 'http://board.invalid')) continue;
    const { pathname } = new URL(raw, 'http://board.invalid');
    if (pathname === boardPath || pathname.startsWith(`${boardPath}/`))
      found.add(pathname.replace(/\/$/, ''));
  }
  return [...found];
}

/** A few real paths for every board route, found by crawling from the home page and the sitemap. */
export async function boardPaths(
  client: RawClient,
  routes: AppRoute[],
  boardPath: string,
  start: string[],
  maxPages = 80,
): Promise<Map<string, string[]>> {
  const byRoute = new Map<string, string[]>();
  const seen = new Set<string>();
  const queue = [boardPath, `${boardPath}/sitemap.xml`, ...start];
  let fetched = 0;
  while (queue.length > 0 && fetched < maxPages) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const route = routeOf(routes, boardPath, path);
    if (route) {
      const known = byRoute.get(route.route) ?? [];
      byRoute.set(route.route, known);
      if (known.length >= 3) continue;
      known.push(path);
    }
    // An apply link counts a click and leaves the board: known, not followed.
    if (/\/apply$/.test(path)) continue;
    fetched++;
    const answer = await client.send({ method: 'GET', path, headers: { accept: 'text/html' } });
    const type = headerOf(answer, 'content-type');
    if (answer.status !== 200 || !/html|xml/.test(type)) continue;
    for (const link of linksIn(answer.text, boardPath)) if (!seen.has(link)) queue.push(link);
  }
  return byRoute;
}

/**
 * Real paths of `route`, or one built from the longest route prefix with a real path and FILL.
 * Throws for a parameter FILL does not know: a new kind of board route needs a value here.
 */
export function pathsFor(route: string, known: Map<string, string[]>, boardPath: string): string[] {
  const real = known.get(route);
  if (real && real.length > 0) return real;
  const segments = segmentsOf(route);
  for (let end = segments.length - 1; end >= 2; end--) {
    const prefix = known.get(`/${segments.slice(0, end).join('/')}`)?.[0];
    if (prefix) return [`${prefix}/${segments.slice(end).map(fill(route)).join('/')}`];
  }
  return [`${boardPath}/${segments.slice(2).map(fill(route)).join('/')}`];
}

const fill = (route: string) => (segment: string) => {
  const name = /^\[(?:\.\.\.)?(.+)\]$/.exec(segment)?.[1];
  if (!name) return segment;
  const value = FILL[name];
  if (value === undefined)
    throw new Error(
      `test/fuzz/board-paths.ts cannot fill [${name}] of ${route}: add a value for it to FILL.`,
    );
  return value;
};
