// Addresses nobody links to: an unknown value in every dynamic segment of every board route on disk
// (and its variants), an unknown board, addresses the board must not answer (drafts, another
// board's slugs, expired jobs). Each must be the board's own 404 (or 410), quickly.
import { randomBytes } from 'node:crypto';
import { flightIsNotFound, headingsOf, notFoundKind } from './documents';
import type { Answer } from './http';
import { pool } from './pool';
import type { Recorder } from './recorder';
import { type BoardRoute, fill, routeOf } from './routes';

const rand = () => randomBytes(4).toString('hex');

/** An unknown value for a path segment, as a client would write it in the address. */
export const unknownValues = (): { name: string; segment: string; query?: string }[] => {
  const id = rand();
  return [
    { name: 'unknown', segment: `zz-unknown-${id}` },
    { name: 'percent-encoded', segment: `zz%20unknown-caf%C3%A9-${id}` },
    { name: '300 characters', segment: `zz-${id}-${'x'.repeat(289)}` },
    { name: 'upper-case', segment: `ZZ-UNKNOWN-${id.toUpperCase()}` },
    { name: 'query string', segment: `zz-unknown-${id}`, query: '?page=2&q=%3Cb%3E&utm_source=crawl' },
    { name: 'encoded slash', segment: `zz%2Funknown-${id}` },
  ];
};

const routerHeaders: { name: string; headers: Record<string, string> }[] = [
  { name: 'plain', headers: {} },
  { name: 'RSC', headers: { rsc: '1' } },
  { name: 'RSC prefetch', headers: { rsc: '1', 'next-router-prefetch': '1' } },
];

export interface ProbeContext {
  recorder: Recorder;
  boardUrl: string;
  boardName: string;
  routes: BoardRoute[];
  /** Real values of dynamic segments, by the template up to and including the segment. */
  known: Map<string, string[]>;
  /** Sent with every request (a member's session cookie). */
  headers?: Record<string, string>;
}

/** Records the real values of dynamic segments found in crawled addresses. */
export function harvestKnown(routes: BoardRoute[], rests: string[]): Map<string, string[]> {
  const known = new Map<string, string[]>();
  for (const rest of rests) {
    const parts = rest.split('?')[0]!.split('/').filter(Boolean);
    // Only the route the address is served by: /sitemaps/1.xml holds no custom page's slug.
    const served = routeOf(routes, rest);
    for (const route of served ? [served] : []) {
      const template = route.template.split('/').filter(Boolean);
      for (const [index, segment] of template.entries()) {
        const part = parts[index];
        if (part === undefined) break;
        if (/^\[.+\]$/.test(segment)) {
          const key = `/${template.slice(0, index + 1).join('/')}`;
          const values = known.get(key) ?? [];
          if (!values.includes(part)) values.push(part);
          known.set(key, values);
        } else if (segment !== part) break;
      }
    }
  }
  return known;
}

/**
 * Follows Next.js's 307 to the `_rsc` address once (what the router does), so the answer checked
 * is the one the router would use.
 */
async function sendFollowingRsc(
  recorder: Recorder,
  check: string,
  url: string,
  method: string,
  headers: Record<string, string>,
  route: string,
): Promise<Answer> {
  const answer = await recorder.send(check, url, { method, headers }, route);
  if (answer.status === 307 && headers.rsc && /[?&]_rsc\b/.test(String(answer.headers.location ?? ''))) {
    const next = new URL(String(answer.headers.location), url).href;
    return recorder.send(`${check} (after _rsc redirect)`, next, { method, headers }, route);
  }
  return answer;
}

/**
 * Queues the requests that ask `url` every way a visitor or the router does: GET with each of
 * `routerHeaders` (an RSC redirect followed) and HEAD, each answer handed to `judge`. `group` names
 * the route in the timing report.
 */
function askEveryWay(
  recorder: Recorder,
  jobs: (() => Promise<void>)[],
  ask: { check: string; url: string; group: string; headers?: Record<string, string> },
  judge: (label: string, answer: Answer, headers: Record<string, string>, method: 'GET' | 'HEAD') => void,
): void {
  const { check, url, group, headers: extra = {} } = ask;
  for (const variant of routerHeaders) {
    const headers = { ...extra, ...variant.headers };
    const label = `${check}, GET ${variant.name}`;
    jobs.push(async () => {
      const kind = variant.headers.rsc ? 'rsc' : 'html';
      judge(
        label,
        await sendFollowingRsc(recorder, label, url, 'GET', headers, `${group} ${kind}`),
        headers,
        'GET',
      );
    });
  }
  jobs.push(async () => {
    const label = `${check}, HEAD`;
    judge(
      label,
      await recorder.send(label, url, { method: 'HEAD', headers: extra }, `${group} html`),
      extra,
      'HEAD',
    );
  });
}
/**
 * What an address nobody should find must answer: a 4xx; a page's 404 is the board's own page.
 * Router requests: Next.js answers a full RSC request for a missing page with 200 and the
 * not-found tree in the payload, and a prefetch of a dynamic page with the route tree alone
 * (nothing is rendered); both are fine when quick, and the not-found tree must be there.
 */
function expectMissing(
  context: ProbeContext,
  check: string,
  answer: Answer,
  route: BoardRoute | undefined,
  headers: Record<string, string>,
  expected: 'board' | 'app' = 'board',
) {
  const { recorder } = context;
  if (answer.error || answer.status >= 500) return; // already a failure
  const location = String(answer.headers.location ?? '');
  const signedIn = Boolean(headers.cookie);
  if (
    !signedIn &&
    route?.membersOnly &&
    answer.status >= 300 &&
    answer.status < 400 &&
    /\/sign-in\?next=/.test(location)
  ) {
    return; // an anonymous visitor is sent to sign in before anything is looked up
  }
  const page = route?.kind === 'page';
  if (page && headers.rsc && answer.status === 200) {
    const type = String(answer.headers['content-type'] ?? '');
    if (!type.startsWith('text/x-component')) {
      recorder.fail(
        check,
        `a router request answered ${type || 'no content type'}, not text/x-component`,
        answer,
        headers,
      );
      return;
    }
    if (headers['next-router-prefetch']) return;
    if (flightIsNotFound(answer.body, expected === 'app' ? 'Page not found' : route.notFoundHeading)) return;
    // An anonymous visitor's router request for a members' page: a redirect to sign-in in the payload.
    if (!signedIn && route.membersOnly && /NEXT_REDIRECT;[a-z]+;[^;]*\/sign-in\?next=/.test(answer.body))
      return;
    recorder.fail(check, 'a router request answered 200 without the not-found page', answer, headers);
    return;
  }
  if (answer.status < 400) {
    recorder.fail(
      check,
      `answered ${answer.status}${location ? ` → ${location}` : ''}, expected a 4xx`,
      answer,
      headers,
    );
    return;
  }
  if (page && answer.status === 404 && answer.method === 'GET' && !headers.rsc) {
    const heading = expected === 'app' ? 'Page not found' : (route?.notFoundHeading ?? 'Page not found');
    const kind = notFoundKind(answer.body, context.boardName, heading);
    if (kind === expected) return;
    if (kind === `${expected}, client-rendered only`) {
      recorder.fail(
        check,
        `the ${expected}'s 404 page is not in the HTML: Next.js's error shell (<html id="__next_error__">), the page drawn only by client JavaScript`,
        answer,
        headers,
      );
      return;
    }
    recorder.fail(
      check,
      `a 404 that is not the ${expected}'s own page (${kind}; headings: ${JSON.stringify(headingsOf(answer.body))}; ${answer.body.slice(0, 80)})`,
      answer,
      headers,
    );
  }
}

/**
 * Every dynamic segment of every board route (or of those `only` keeps), in turn unknown; the
 * segments before it real where the crawl found values (each of up to three real values of the
 * segment just before, for the plain unknown value), the ones after it unknown too.
 */
export async function probeUnknownSlugs(
  context: ProbeContext,
  only: (route: BoardRoute) => boolean = () => true,
  concurrency = 6,
): Promise<number> {
  const { recorder, boardUrl, routes, known } = context;
  const extra = context.headers ?? {};
  const jobs: (() => Promise<void>)[] = [];
  for (const route of routes.filter(only)) {
    const segments = route.template.split('/').filter(Boolean);
    const keys = segments.flatMap((segment, index) =>
      /^\[.+\]$/.test(segment) ? [`/${segments.slice(0, index + 1).join('/')}`] : [],
    );
    route.params.forEach((param, position) => {
      const realBefore = keys
        .slice(0, position)
        .map((key, index) =>
          (known.get(key) ?? [`zz-unknown-${rand()}`]).slice(0, index === position - 1 ? 3 : 1),
        );
      const prefixes =
        realBefore.length === 0
          ? [[]]
          : (realBefore.at(-1) ?? []).map((last) => [
              ...realBefore.slice(0, -1).map((values) => values[0]!),
              last,
            ]);
      for (const value of unknownValues()) {
        for (const prefix of value.name === 'unknown' ? prefixes : prefixes.slice(0, 1)) {
          const rest = route.params.map((_, index) =>
            index < position ? prefix[index]! : index === position ? value.segment : `zz-${rand()}`,
          );
          const url = `${boardUrl}${fill(route.template, rest)}${value.query ?? ''}`;
          const check = `unknown ${param} in ${route.template} (${value.name})`;
          askEveryWay(
            recorder,
            jobs,
            { check, url, group: route.template, headers: extra },
            (label, answer, headers) => expectMissing(context, label, answer, route, headers),
          );
        }
      }
    });
  }
  await pool(jobs, concurrency);
  return jobs.length;
}

/**
 * An unknown segment after every route on disk (`/pricing/zz`, `/feed.xml/zz`, `/jobs/x/apply/zz`):
 * an address under the board that no route or a dynamic route's unknown value answers, which must
 * be a 4xx and, for a visitor's page request, the board's own 404 page.
 */
export async function probeUnknownChildren(context: ProbeContext, concurrency = 6): Promise<number> {
  const { recorder, boardUrl, routes, known } = context;
  const jobs: (() => Promise<void>)[] = [];
  for (const route of routes) {
    const segments = route.template.split('/').filter(Boolean);
    const values = segments.flatMap((segment, index) =>
      /^\[.+\]$/.test(segment)
        ? [known.get(`/${segments.slice(0, index + 1).join('/')}`)?.[0] ?? `zz-${rand()}`]
        : [],
    );
    const url = `${boardUrl}${fill(route.template, values).replace(/\/$/, '')}/zz-child-${rand()}`;
    // What the address is to the router: the deepest route it fills, else none (a page for people).
    const target: BoardRoute = routeOf(routes, url.slice(boardUrl.length)) ?? {
      ...route,
      kind: 'page',
      params: [],
      membersOnly: false,
      notFoundHeading: 'Page not found',
    };
    const check = `unknown child of ${route.template}`;
    askEveryWay(recorder, jobs, { check, url, group: `${route.template} child` }, (label, answer, headers) =>
      expectMissing(context, label, answer, target, headers),
    );
  }
  await pool(jobs, concurrency);
  return jobs.length;
}

/** A board slug nobody has, in the place the board's URL has its own (path or host mode). */
export function otherBoardUrl(boardUrl: string, boardSlug: string, slug: string): string {
  const url = new URL(boardUrl);
  if (url.pathname.endsWith(`/${boardSlug}`))
    return `${url.origin}${url.pathname.slice(0, -boardSlug.length)}${slug}`;
  if (url.hostname.startsWith(`${boardSlug}.`))
    return `${url.protocol}//${slug}.${url.host.slice(boardSlug.length + 1)}`;
  throw new Error(`Cannot tell where the slug is in ${boardUrl}`);
}

/** Every route of an unknown board: the app's own 404 page (routes: a 4xx). */
export async function probeUnknownBoard(
  context: ProbeContext,
  boardSlug: string,
  concurrency = 6,
): Promise<number> {
  const { recorder, boardUrl, routes } = context;
  const jobs: (() => Promise<void>)[] = [];
  for (const name of [
    `zz-no-board-${rand()}`,
    `ZZ-NO-BOARD-${rand().toUpperCase()}`,
    `zz%20no-board-${rand()}`,
  ]) {
    const unknownBoard = otherBoardUrl(boardUrl, boardSlug, name);
    for (const route of routes) {
      const url = `${unknownBoard}${fill(
        route.template,
        route.params.map(() => `zz-${rand()}`),
      ).replace(/^\/$/, '')}`;
      const check = `unknown board ${route.template}`;
      askEveryWay(recorder, jobs, { check, url, group: route.template }, (label, answer, headers, method) => {
        if (!answer.error && answer.status < 500 && answer.status !== 404 && !headers.rsc)
          recorder.fail(label, `answered ${answer.status}, expected 404`, answer);
        else if (method === 'GET') expectMissing(context, label, answer, route, headers, 'app');
      });
    }
  }
  await pool(jobs, concurrency);
  return jobs.length;
}

/** Addresses the API knows but the board must not show: 404 with the board's own page. */
export async function probeMissing(
  context: ProbeContext,
  missing: { url: string; why: string }[],
  routeFor: (url: string) => BoardRoute | undefined,
): Promise<void> {
  // Search engines' robots get the same 404 (Next.js renders metadata for them before the page).
  const googlebot: (typeof routerHeaders)[number] = {
    name: 'as Googlebot',
    headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
  };
  await pool(
    missing.flatMap(({ url, why }) =>
      [...routerHeaders, googlebot].map((variant) => async () => {
        const route = routeFor(url);
        const check = `${why}, GET ${variant.name}`;
        const answer = await sendFollowingRsc(
          context.recorder,
          check,
          url,
          'GET',
          variant.headers,
          `${route?.template} ${variant.headers.rsc ? 'rsc' : 'html'}`,
        );
        if (!answer.error && answer.status < 500 && answer.status !== 404 && !variant.headers.rsc)
          context.recorder.fail(check, `answered ${answer.status}, expected 404`, answer, variant.headers);
        else expectMissing(context, check, answer, route, variant.headers);
      }),
    ),
    6,
  );
}

/** Expired jobs: 410 Gone with the board's page saying so (HEAD too). */
export async function probeGone(context: ProbeContext, urls: string[]): Promise<void> {
  for (const url of urls) {
    const get = await context.recorder.send('expired job, GET', url, {}, '/jobs/[slug] html');
    if (!get.error && get.status !== 410)
      context.recorder.fail('expired job, GET', `answered ${get.status}, expected 410`, get);
    else if (!get.error && !get.body.includes(context.boardName))
      context.recorder.fail('expired job, GET', 'the 410 page is not inside the board', get);
    const head = await context.recorder.send(
      'expired job, HEAD',
      url,
      { method: 'HEAD' },
      '/jobs/[slug] html',
    );
    if (!head.error && head.status !== 410)
      context.recorder.fail('expired job, HEAD', `answered ${head.status}, expected 410`, head);
  }
}
