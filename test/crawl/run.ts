// The board crawler (test/crawl/ci.sh runs it against `npm start` on a fresh database). It seeds a
// board through the API, then visits it as an anonymous visitor: every address reachable from the
// home page, the sitemap, the feeds and robots.txt with GET, HEAD and `RSC: 1`; an unknown value in
// every dynamic segment of every board route on disk; broken paths, unserved methods and a burst of
// unknown pages. Every answer within 2 s (a route's first within 5 s), no 5xx, the board's own 404,
// feeds that parse, nothing behind the paywall, uploads under their sandboxed policy.
import { crawl, restOf } from './crawl';
import { checkFeeds } from './feeds';
import { request } from './http';
import { payInParallel, signIn } from './member';
import { pool } from './pool';
import {
  harvestKnown,
  type ProbeContext,
  probeGone,
  probeMissing,
  probeUnknownBoard,
  probeUnknownChildren,
  probeUnknownSlugs,
} from './probes';
import { Recorder } from './recorder';
import { probeBrokenEncoding, probeConcurrency, probeMethods } from './refusals';
import { boardRoutes, routeOf } from './routes';
import { seedBoard } from './seed';
import { summarize } from './summary';

const base = requiredEnv('CRAWL_BASE_URL').replace(/\/$/, '');
const limits = {
  ms: Number(process.env.CRAWL_LIMIT_MS ?? 2_000),
  firstMs: Number(process.env.CRAWL_FIRST_LIMIT_MS ?? 5_000),
};

function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required (see test/crawl/ci.sh).`);
  return value;
}

const started = performance.now();
const phase = (name: string) =>
  console.log(`· ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`);

phase('seeding through the API');
const apiKey = requiredEnv('CRAWL_API_KEY');
const seeded = await seedBoard(base, apiKey, requiredEnv('CRAWL_OTHER_API_KEY'));
const { boardUrl } = seeded;
const routes = boardRoutes();
const recorder = new Recorder(limits, seeded.secrets, seeded.searchWord);
// `timeout` in ci.sh ends a run that takes too long: say what was found until then.
process.once('SIGTERM', () => {
  console.log('\nStopped (SIGTERM) before the end of the run; what was found until then:');
  summarize(recorder);
  process.exit(1);
});
const routeFor = (url: string) => routeOf(routes, restOf(boardUrl, url) ?? '/');

phase(`crawling ${boardUrl} (${routes.length} routes on disk)`);
const crawled = await crawl(recorder, boardUrl, routes, [
  boardUrl,
  `${boardUrl}/sitemap.xml`,
  `${boardUrl}/sitemaps/0.xml`,
  `${boardUrl}/sitemaps/1.xml`,
  `${boardUrl}/feed.xml`,
  `${boardUrl}/feed.json`,
  `${boardUrl}/jobs.xml`,
  `${boardUrl}/jobs/linkedin.xml`,
  `${boardUrl}/jobs/ziprecruiter.xml`,
  `${boardUrl}/robots.txt`,
  // The search of an anonymous visitor for a word of the gated job's description.
  `${boardUrl}?q=${seeded.searchWord}`,
  `${boardUrl}?q=${seeded.searchWord}&page=2`,
  // Not linked anywhere for a visitor without a subscription (the gated collection lists nothing).
  ...seeded.publicUrls.filter((url) => url.includes(`/c/${seeded.collections.gated}/`)),
]);
const crawledUrls = [...crawled.pages.keys()];
for (const url of seeded.publicUrls) {
  if (!crawled.pages.has(url))
    recorder.fail('reachable', 'a public address the API reports was not found by the crawl', {
      method: 'GET',
      url,
    });
}
for (const route of routes) {
  if (route.params.length === 0 && !route.membersOnly && !crawledUrls.some((url) => routeFor(url) === route))
    console.log(`  (no link leads to ${route.template})`);
}

phase('feeds and sitemap');
checkFeeds(recorder, seeded, crawled.xml, crawled.json);

phase('path mode as search engines read it');
if (boardUrl.startsWith(`${base}/b/`)) {
  // Crawlers read robots.txt at the host's root only: the app's lists the board's sitemap and rules.
  const robots = await recorder.send('app robots.txt', `${base}/robots.txt`);
  const prefix = new URL(boardUrl).pathname;
  if (robots.status !== 200 || !robots.body.includes(`Sitemap: ${boardUrl}/sitemap.xml`))
    recorder.fail('app robots.txt', `answered ${robots.status} without the board's sitemap`, robots);
  const own = await recorder.send('board robots.txt', `${boardUrl}/robots.txt`);
  if (!own.body.includes(`Disallow: ${prefix}/jobs/*/apply`))
    recorder.fail('board robots.txt', `its rules lack the board's prefix ${prefix}`, own);
}
for (const listing of [boardUrl, `${boardUrl}/remote`]) {
  const past = await recorder.send('past the last page', `${listing}?page=99`);
  if (past.status !== 404) recorder.fail('past the last page', `answered ${past.status}, not 404`, past);
}
const homePage = crawled.pages.get(boardUrl);
if (homePage && !/<html lang="[a-z]{2,3}(?:-[A-Za-z0-9]+)*"/.test(homePage.body))
  recorder.fail('html lang', 'the home page has no <html lang> in a BCP 47 form', homePage);

phase('uploads under /cdn');
const cdn = new Set([
  seeded.svgUrl,
  ...[...crawled.images].filter((url) => new URL(url).pathname.startsWith('/cdn/')),
]);
if (![...crawled.images].includes(seeded.svgUrl))
  recorder.fail('/cdn', 'the page showing the SVG upload was not crawled', {
    method: 'GET',
    url: seeded.svgUrl,
  });
for (const url of cdn) {
  for (const method of ['GET', 'HEAD']) {
    const answer = await recorder.send(`/cdn ${method}`, url, { method }, '/cdn');
    const policy = String(answer.headers['content-security-policy'] ?? '');
    if (answer.status !== 200) recorder.fail(`/cdn ${method}`, `answered ${answer.status}`, answer);
    else if (/svg/.test(String(answer.headers['content-type'])) && !/(^|;)\s*sandbox\b/.test(policy))
      recorder.fail(
        `/cdn ${method}`,
        `an SVG without a sandboxed Content-Security-Policy: ${JSON.stringify(policy)}`,
        answer,
      );
  }
}
// The keyless CMS API is visitor-readable too: the gated collection's items stay behind the paywall.
await recorder.send(
  'public CMS API',
  `${base}/api/organization/cms/${seeded.collections.gated}?organization=${encodeURIComponent(seeded.boardSlug)}`,
  { headers: { accept: 'application/json' } },
);

const context: ProbeContext = {
  recorder,
  boardUrl,
  boardName: seeded.boardName,
  routes,
  known: harvestKnown(
    routes,
    crawledUrls.flatMap((url) => restOf(boardUrl, url) ?? []),
  ),
};

phase('unknown slugs under every dynamic board route');
const unknownCount = (await probeUnknownSlugs(context)) + (await probeUnknownChildren(context));
phase('an unknown board');
const unknownBoardCount = await probeUnknownBoard(context, seeded.boardSlug);
phase('drafts, other boards’ slugs, expired jobs');
await probeMissing(context, seeded.mustBeMissing, routeFor);
await probeGone(context, seeded.gone);
phase('broken percent-encoding and unserved methods');
const brokenCount = await probeBrokenEncoding(context, seeded.boardSlug);
const firstJob = seeded.publicUrls.find((url) => /\/jobs\//.test(url))!;
await probeMethods(context, [boardUrl, firstJob, `${base}/api/health`, `${base}/`]);
phase('20 unknown pages at once');
const burst = await probeConcurrency(context);

// A visitor with a session: pages render per request (the page cache keeps anonymous pages only),
// members' pages answer, their unknown ids are the board's 404, and Pay pressed at once pays once.
const mailDir = process.env.CRAWL_MAIL_DIR;
let memberRequests = 0;
if (!mailDir) console.log('  (CRAWL_MAIL_DIR is not set: no member phase)');
else {
  phase('as a signed-in member');
  const member = await signIn(recorder, boardUrl, mailDir, `crawler-${Date.now()}@example.com`);
  if (member) {
    const cookie = member.cookie;
    const pages = [...crawled.pages]
      .filter(
        ([, answer]) => answer.status === 200 && /text\/html/.test(String(answer.headers['content-type'])),
      )
      .map(([url]) => url);
    await pool(
      pages.map((url) => async () => {
        const answer = await recorder.send(
          'member GET',
          url,
          { headers: { cookie } },
          `${routeFor(url)?.template} member`,
        );
        if (!answer.error && answer.status >= 400 && answer.status < 500)
          recorder.fail(
            'member GET',
            `answered ${answer.status} to a member where a visitor got 200`,
            answer,
          );
      }),
      4,
    );
    for (const route of routes.filter(
      (candidate) => candidate.membersOnly && candidate.params.length === 0,
    )) {
      const answer = await recorder.send(
        'member GET',
        `${boardUrl}${route.template}`,
        { headers: { cookie } },
        `${route.template} member`,
      );
      if (!answer.error && answer.status !== 200)
        recorder.fail('member GET', `answered ${answer.status}, expected 200`, answer);
    }
    memberRequests =
      pages.length +
      (await probeUnknownSlugs({ ...context, headers: { cookie } }, (route) => route.membersOnly));
    phase('Pay pressed 8 times at once');
    const paid = await payInParallel(recorder, boardUrl, member, seeded.readerPlan, { base, key: apiKey });
    // The paywall checks above are only worth something if a subscriber does read those words.
    if (paid) {
      for (const secret of seeded.secrets) {
        const answer = await request(secret.url, { headers: { cookie } });
        if (answer.status !== 200 || !answer.body.includes(secret.word))
          recorder.fail('subscriber', `a subscriber did not get ${secret.where} (${answer.status})`, answer);
      }
    }
  }
}

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(
  `\nCrawled ${crawled.pages.size} board addresses${crawled.capped ? ' (capped)' : ''}; ${unknownCount} unknown-slug, ${unknownBoardCount} unknown-board and ${brokenCount} broken-path requests; ${memberRequests} as a member; ${recorder.table.length} requests in ${seconds} s.`,
);
console.log(
  `20 unknown pages at once: all answered in ${burst.slowest} ms; /api/health during them in ${burst.health} ms.`,
);
process.exit(summarize(recorder, process.env.CRAWL_TABLE) ? 0 : 1);
