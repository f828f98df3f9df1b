// The board part of the fuzzer (issue 29): every page and route handler under app/(board)/b/[board]/
// (listed from disk by routes.ts) on the fuzz organization's board, with real addresses and valid
// requests, then hostile path segments, query strings and headers, and server actions posted with
// bogus ids or bogus arguments. probe.ts says what every answer must be.
import fc from 'fast-check';
import { hostileHeaders, hostileQueries, hostileSegments, pathVariants } from './board-hostile';
import type { Probe } from './probe';
import type { AppRoute } from './routes';

export interface BoardTarget {
  boardPath: string;
  routes: AppRoute[];
  /** Real paths by route (board-paths.ts). */
  paths: Map<string, string[]>;
  seed: number;
  /** Random paths and queries per route, on top of the tables. */
  randomRuns: number;
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);
const dynamic = (segment: string) => /^\[.+\]$/.test(segment);

/** Percent-encodes every byte of `value` as UTF-8, lone surrogates included (as WTF-8). */
export function encodeAll(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0)!;
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(char, 'utf8')];
    out += /^[A-Za-z0-9_~-]$/.test(char)
      ? char
      : bytes.map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');
  }
  return out;
}

/** `path` with its `index`-th segment replaced by `value` (already encoded). */
const replaceSegment = (path: string, index: number, value: string) => {
  const segments = segmentsOf(path);
  segments[index] = value;
  return `/${segments.join('/')}`;
};

/** The query names the board's pages read, for the random queries. */
const QUERY_NAMES = [
  'q',
  'page',
  'category',
  'job_type',
  'remote',
  'location',
  'posted_within',
  'token',
  'email',
  'next',
  'frequency',
  'sort',
];

/**
 * Routes that get every entry of every table: the jobs list (which reads every search field), a job
 * page and a feed. The others get a window of each table that moves from route to route (and with
 * the seed), so each entry still reaches several routes while the run stays within its budget.
 */
const FULL_TABLES = ['/b/[board]', '/b/[board]/jobs/[slug]', '/b/[board]/jobs.xml'];

/** `count` entries of `table` from a window that starts at `start` (wrapping). */
export const windowOf = <T>(table: readonly T[], count: number, start: number): T[] =>
  count >= table.length
    ? [...table]
    : Array.from({ length: count }, (_, i) => table[(start + i) % table.length]!);

/** GETs and HEADs of every board route: real, then hostile paths, queries and headers, then random. */
export function boardGetProbes({ boardPath, routes, paths, seed, randomRuns }: BoardTarget): Probe[] {
  const probes: Probe[] = [];
  for (const [r, route] of routes.entries()) {
    const target = route.kind === 'page' ? 'page' : 'handler';
    if (!route.exported.includes('GET')) continue;
    const real = paths.get(route.route)!;
    const main = real[0]!;
    const full = FULL_TABLES.includes(route.route);
    const some = <T>(table: readonly T[], count: number) =>
      full ? [...table] : windowOf(table, count, seed + r * count);
    const get = (kind: string, path: string, headers: Record<string, string | string[]> = {}): Probe => ({
      route: route.route,
      target,
      kind,
      method: 'GET',
      path,
      headers: { accept: 'text/html,application/xhtml+xml', ...headers },
    });
    for (const path of real) probes.push(get('valid', path), { ...get('valid HEAD', path), method: 'HEAD' });
    if (target === 'page') {
      probes.push(
        get(
          'valid search',
          `${main}?q=fuzz&page=1&category=board-fuzzing&job_type=full-time&remote=1&posted_within=30d`,
        ),
      );
      probes.push(get('valid page 2', `${main}?page=2`));
    }
    // Every dynamic segment made hostile in turn; [board] fully on the board's home page.
    segmentsOf(route.route).forEach((segment, index) => {
      if (!dynamic(segment)) return;
      const last = index === segmentsOf(route.route).length - 1;
      for (const hostile of route.route === '/b/[board]' || (full && last)
        ? hostileSegments
        : windowOf(hostileSegments, last ? 8 : 2, seed + r * 8 + index)) {
        probes.push(get(`hostile ${segment}: ${hostile.name}`, replaceSegment(main, index, hostile.value)));
      }
    });
    for (const variant of some(pathVariants, 2))
      probes.push(get(`path: ${variant.name}`, variant.value(main)));
    for (const query of some(hostileQueries, target === 'page' ? 4 : 2)) {
      probes.push(get(`query: ${query.name}`, `${main}${query.value}`));
    }
    for (const headers of some(hostileHeaders, 4))
      probes.push(get(`header: ${headers.name}`, main, headers.value));

    // Random segments and queries, repeatable with FUZZ_SEED.
    const params = segmentsOf(route.route).flatMap((segment, index) => (dynamic(segment) ? [index] : []));
    const randomPaths = fc.sample(
      fc.tuple(fc.constantFrom(...params), fc.string({ unit: 'binary', minLength: 1, maxLength: 60 })),
      { numRuns: randomRuns, seed: seed + r },
    );
    for (const [index, value] of randomPaths) {
      probes.push(get('random segment', replaceSegment(main, index, encodeAll(value))));
    }
    const randomQueries = fc.sample(
      fc.array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...QUERY_NAMES), fc.string({ unit: 'binary', maxLength: 12 })),
          fc.oneof(
            fc.string({ unit: 'binary', maxLength: 80 }),
            fc.constantFrom('', '1', '-1', 'true', '%', '[]'),
          ),
        ),
        { minLength: 1, maxLength: 6 },
      ),
      { numRuns: randomRuns, seed: seed + 10_000 + r },
    );
    for (const pairs of randomQueries) {
      const query = pairs.map(([name, value]) => `${encodeAll(name)}=${encodeAll(value)}`).join('&');
      probes.push(get('random query', `${main}?${query}`));
    }
  }
  // The board itself, named wrongly, in front of a deeper path.
  for (const hostile of windowOf(hostileSegments, 8, seed)) {
    probes.push({
      route: '/b/[board]',
      target: 'page',
      kind: `hostile board in a deep path: ${hostile.name}`,
      method: 'GET',
      path: `${replaceSegment(boardPath, 1, hostile.value)}/jobs/x`,
    });
  }
  return probes;
}
