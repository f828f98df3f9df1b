// What the run loads: each API endpoint, between two runs of a trivial Next route (the framework floor).
import type autocannon from 'autocannon';
import { categoryNames, categoryTree } from './category-tree';
import { CMS_SLUG } from './cms-seed';
import { postBodies } from './job-generator';
import type { SeededOrg } from './seed';
import { multipartUpload, placeQueries } from './upload-body';

const searchWord = 'python';
const categoryFilter = 'Engineering';

/**
 * floor: the reference; read: a share of the floor's req/s and a p99 (default >= 60%, < 100 ms);
 * latency: p50 < 10 ms; info: no target.
 */
export type Kind = 'floor' | 'read' | 'latency' | 'info';

export interface Target {
  /** Of the floor's req/s, 0–1. */
  share?: number;
  p99Ms?: number;
}

export interface Scenario {
  name: string;
  kind: Kind;
  path: string;
  /** For `read` scenarios: replaces the default target (60% of the floor, p99 < 100 ms). */
  target?: Target;
  /** Load that runs alongside the measured one (the writes of a mixed scenario), reported as its own row. */
  background?: Omit<Scenario, 'kind' | 'background'> & { connections: number };
  /** A path to check once before the load, when `path` is not the one requested. */
  probe?: string;
  /** Defaults to BENCH_CONNECTIONS. */
  connections?: number;
  /** For `latency` scenarios: the p50 to stay under (default 10 ms). */
  p50TargetMs?: number;
  options?: Partial<autocannon.Options>;
}

/** Autocannon requests that walk `paths` in order, so no path repeats until all were requested. */
export function rotating(paths: string[]): Partial<autocannon.Options> {
  let next = 0;
  return {
    requests: [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) },
    ],
  };
}

/** Autocannon requests sending `bodies` in turn; with `paths`, each to the next of those in turn. */
function sendingJson(
  method: 'POST' | 'PATCH',
  apiKey: string,
  bodies: string[],
  paths?: string[],
): Partial<autocannon.Options> {
  let next = 0;
  return {
    method,
    requests: [
      {
        method,
        headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
        setupRequest: (request) => {
          const turn = next++;
          return {
            ...request,
            body: bodies[turn % bodies.length],
            ...(paths ? { path: paths[turn % paths.length] } : {}),
          };
        },
      },
    ],
  };
}

/** Public routes are limited per client address: every request comes from another visitor. */
function fromManyVisitors(): Partial<autocannon.Options> {
  let next = 0;
  return {
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          next += 1;
          const address = `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`;
          return { ...request, headers: { ...request.headers, 'x-forwarded-for': address } };
        },
      },
    ],
  };
}

/** Beacons from ever new visitors: a page view each, as the board's script sends it. */
function beacons(alpha: SeededOrg): Partial<autocannon.Options> {
  let next = 0;
  return {
    method: 'POST',
    requests: [
      {
        method: 'POST',
        setupRequest: (request) => {
          next += 1;
          const slug = alpha.liveJobSlugs[next % alpha.liveJobSlugs.length];
          return {
            ...request,
            headers: {
              'content-type': 'text/plain',
              'user-agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
              'x-forwarded-for': `10.${(next >> 16) & 255}.${(next >> 8) & 255}.${next & 255}`,
            },
            body: JSON.stringify({
              name: 'pageview',
              url: `http://127.0.0.1/b/${alpha.slug}/jobs/${slug}`,
              referrer: next % 2 ? 'https://www.google.com/' : null,
            }),
          };
        },
      },
    ],
  };
}

export function scenariosFor(alpha: SeededOrg, upload: Buffer): Scenario[] {
  const ids = alpha.jobIds.filter((_, index) => index % 7 === 0).slice(0, 5000);
  // Every id of the board, and every (skill, page size) search: each request is a response-cache miss.
  const everyId = alpha.jobIds.filter((_, index) => index % 7 !== 0).map((id) => `/api/jobs/${id}`);
  const skills = [...new Set(categoryTree.flatMap((spec) => spec.skills))];
  const everySearch = Array.from({ length: 20 }, (_, size) =>
    skills.map((skill) => `/api/jobs?search=${encodeURIComponent(skill)}&per_page=${size + 10}`),
  ).flat();
  const bodies = postBodies(categoryNames);
  // Searches and job reads in turn, none twice: what a board's visitors do while jobs come in.
  const mixedReads = everySearch.flatMap((search, i) => [search, everyId[i % everyId.length]!]);
  const patches = Array.from({ length: 100 }, (_, i) =>
    JSON.stringify({ title: `Staff platform engineer ${i}`, is_remote: i % 2 === 0 }),
  );
  const patchPaths = alpha.jobIds.filter((_, index) => index % 11 === 0).map((id) => `/api/jobs/${id}`);
  const previews = placeQueries.map((query) => JSON.stringify({ query }));
  const multipart = multipartUpload(upload, 'bench.png');
  const cmsItemBodies = Array.from({ length: 500 }, (_, i) =>
    JSON.stringify({
      data: { title: `Bench event ${i}`, city: 'Lisbon', seats: 20 + i },
      status: 'published',
    }),
  );
  return [
    { name: 'floor: GET /bench/floor', kind: 'floor', path: '/bench/floor' },
    { name: 'GET /api/jobs', kind: 'read', path: '/api/jobs' },
    { name: `GET /api/jobs?search=${searchWord}`, kind: 'read', path: `/api/jobs?search=${searchWord}` },
    {
      name: `GET /api/jobs?categories=${categoryFilter}&is_remote=true`,
      kind: 'read',
      path: `/api/jobs?categories=${encodeURIComponent(categoryFilter)}&is_remote=true`,
    },
    {
      name: 'GET /api/jobs/{id}',
      kind: 'read',
      path: '/api/jobs',
      probe: `/api/jobs/${ids[0]}`,
      options: rotating(ids.map((id) => `/api/jobs/${id}`)),
    },
    {
      name: 'GET /api/jobs/{id}, no id twice (cache misses)',
      kind: 'info',
      path: '/api/jobs',
      options: rotating(everyId),
    },
    {
      name: 'GET /api/jobs?search=…, no query twice (cache misses)',
      kind: 'read',
      target: { share: 0.4, p99Ms: 150 },
      path: '/api/jobs',
      probe: everySearch[0],
      options: rotating(everySearch),
    },
    {
      name: 'search + GET /api/jobs/{id}, uncached, while POST /api/jobs runs at 20/s',
      kind: 'read',
      target: { share: 0.5, p99Ms: 150 },
      path: '/api/jobs',
      options: rotating(mixedReads),
      background: {
        name: '  … its POST /api/jobs at 20/s',
        path: '/api/jobs',
        // Enough connections to hold 20/s even when a write takes a second.
        connections: 25,
        target: { p99Ms: 250 },
        options: { ...sendingJson('POST', alpha.apiKey, bodies), overallRate: 20 },
      },
    },
    { name: 'GET /api/salaries', kind: 'read', path: '/api/salaries' },
    { name: 'board: home (GET /b/{slug})', kind: 'read', path: `/b/${alpha.slug}`, target: { share: 0.6 } },
    {
      name: 'board: a job page (GET /b/{slug}/jobs/{slug})',
      kind: 'read',
      path: `/b/${alpha.slug}/jobs/${alpha.liveJobSlugs[0]}`,
      target: { share: 0.6 },
    },
    {
      name: 'board: 100 job pages in turn',
      kind: 'read',
      path: `/b/${alpha.slug}/jobs/${alpha.liveJobSlugs[0]}`,
      target: { share: 0.6 },
      options: rotating(alpha.liveJobSlugs.slice(0, 100).map((slug) => `/b/${alpha.slug}/jobs/${slug}`)),
    },
    {
      // Each page is seen about once in the run: every request renders (the page cache cannot help).
      name: 'board: job pages, first visits (2,000 live jobs in turn)',
      kind: 'info',
      path: `/b/${alpha.slug}/jobs/${alpha.liveJobSlugs[100]}`,
      options: rotating(alpha.liveJobSlugs.slice(100, 2100).map((slug) => `/b/${alpha.slug}/jobs/${slug}`)),
    },
    {
      name: 'board: RSS feed (GET /b/{slug}/feed.xml)',
      kind: 'read',
      path: `/b/${alpha.slug}/feed.xml`,
      target: { share: 0.6 },
    },
    {
      name: `board: search (GET /b/{slug}?q=${searchWord})`,
      kind: 'info',
      path: `/b/${alpha.slug}?q=${searchWord}`,
    },
    {
      name: `GET /api/cms/${CMS_SLUG}?data.city=Berlin&sort=-seats`,
      kind: 'read',
      target: { share: 0.4 },
      path: `/api/cms/${CMS_SLUG}?data.city=Berlin&sort=-seats`,
    },
    {
      name: `GET /api/organization/cms/${CMS_SLUG} (public, live items, search)`,
      kind: 'read',
      target: { share: 0.4 },
      path: `/api/organization/cms/${CMS_SLUG}?organization=${alpha.slug}&search=rust`,
      options: fromManyVisitors(),
    },
    {
      name: 'GET /api/salaries, 1 connection',
      kind: 'latency',
      path: '/api/salaries',
      connections: 1,
    },
    { name: 'floor, 1 connection', kind: 'info', path: '/bench/floor', connections: 1 },
    {
      name: 'analytics: POST /api/organization/events (page view beacons)',
      kind: 'read',
      target: { p99Ms: 50 },
      path: `/api/organization/events?organization=${alpha.slug}`,
      options: beacons(alpha),
    },
    {
      name: 'analytics: GET /api/analytics?period=30d, 1 connection',
      kind: 'latency',
      p50TargetMs: 50,
      path: '/api/analytics?period=30d',
      connections: 1,
    },
    {
      name: 'POST /api/jobs (adds jobs)',
      kind: 'read',
      target: { share: 0.4 },
      path: '/api/jobs',
      options: sendingJson('POST', alpha.apiKey, bodies),
    },
    {
      name: 'PATCH /api/jobs/{id}',
      kind: 'read',
      target: { share: 0.4 },
      path: '/api/jobs',
      options: sendingJson('PATCH', alpha.apiKey, patches, patchPaths),
    },
    {
      name: `POST /api/cms/${CMS_SLUG} (adds items)`,
      kind: 'info',
      path: `/api/cms/${CMS_SLUG}`,
      options: sendingJson('POST', alpha.apiKey, cmsItemBodies),
    },
    {
      name: 'POST /api/locations preview (warm), 1 connection',
      kind: 'latency',
      p50TargetMs: 20,
      path: '/api/locations',
      connections: 1,
      options: sendingJson('POST', alpha.apiKey, previews),
    },
    {
      name: 'POST /api/locations preview (warm)',
      kind: 'info',
      path: '/api/locations',
      options: sendingJson('POST', alpha.apiKey, previews),
    },
    {
      name: `POST /api/assets, ${(upload.length / 1024 / 1024).toFixed(1)} MB PNG, 4 connections`,
      kind: 'info',
      // Every upload is decoded, thumbnailed and stored: no dedupe shortcut.
      path: '/api/assets?dedupe=false',
      connections: 4,
      options: {
        method: 'POST',
        headers: { 'x-api-key': alpha.apiKey, 'content-type': multipart.contentType },
        body: multipart.body,
      },
    },
    { name: 'floor again', kind: 'floor', path: '/bench/floor' },
  ];
}
