// npm run lighthouse: Lighthouse scores (performance, accessibility, best practices, SEO) of the
// production build in Debian's Chromium, with the mobile (default) and desktop presets, on the
// dashboard's sign-in, overview and jobs list and the board's home, a job page, a blog post and the
// job's company, category and location pages.
// Needs `npm run build`; serves it on a fresh embedded database seeded with the demo board
// (scripts/lighthouse/app.ts) and writes the table into BENCHMARKS.md between its lighthouse
// markers. Exits 1 when a target is missed (scripts/lighthouse/report.ts).
//
// npm run lighthouse -- <board URL> [job path] [blog post path]: the same for the board pages of a
// board that is already running; prints the table and leaves BENCHMARKS.md alone.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import type { RunningApp } from './lighthouse/app';
import {
  type AuditedPage,
  categories,
  describeItems,
  failingAudits,
  markdownBlock,
  missedTargets,
  type Preset,
  type Run,
  replaceBlock,
  score,
} from './lighthouse/report';

const root = path.resolve(import.meta.dirname, '..');
const reportDir = path.join(root, 'test-results', 'lighthouse');
const presets: Preset[] = ['mobile', 'desktop'];

const args = process.argv.slice(2);
if (args[0] === '-h' || args[0] === '--help' || args.length > 3) {
  console.error(
    'usage: npm run lighthouse                     (needs `npm run build`; writes BENCHMARKS.md)\n' +
      '       npm run lighthouse -- <board URL> [/jobs/<slug>] [/blog/<slug>]',
  );
  process.exit(2);
}

let app: RunningApp | undefined;
let failed = false;
try {
  let pages: AuditedPage[];
  if (args[0]) {
    const [base, jobPath, postPath] = args as [string, string?, string?];
    pages = boardPages(base.replace(/\/+$/, ''), jobPath, postPath);
  } else {
    const { startApp } = await import('./lighthouse/app');
    console.error('Starting the production build on a fresh database…');
    app = await startApp();
    const session = { cookie: app.sessionCookie };
    const board = app.board;
    // Signed-out pages first: a cookie the dashboard sets would stay in the browser, and a board
    // page requested with cookies is rendered per request instead of served from the page cache.
    pages = [
      ...boardPages(app.board, app.jobPath, app.postPath),
      ...app.landings.map(({ name, path }) => ({ name, url: `${board}${path}`, indexed: true })),
      { name: 'sign-in', url: `${app.appUrl}/sign-in`, indexed: false },
      { name: 'dashboard overview', url: `${app.appUrl}/dashboard`, indexed: false, headers: session },
      { name: 'dashboard jobs', url: `${app.appUrl}/dashboard/jobs`, indexed: false, headers: session },
    ];
  }

  // One request each first: a page that does not answer 200 (a redirect to sign-in, an error) is
  // not worth auditing, and board pages are then measured from the page cache, as most visits are.
  for (const page of pages) {
    const response = await fetch(page.url, { headers: page.headers, redirect: 'manual' });
    if (response.status !== 200)
      throw new Error(`${page.url} answered ${response.status} ${response.headers.get('location') ?? ''}`);
  }

  const chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const runs: Run[] = [];
  let browser = 'unknown';
  try {
    // The user agent says 156.0.0.0 (Chrome's reduced user agent); the DevTools endpoint has the build.
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()) as {
      Browser?: string;
    };
    browser = version.Browser?.replace(/^\D*\//, '') ?? browser;
    await mkdir(reportDir, { recursive: true });
    for (const page of pages) {
      for (const preset of presets) {
        const audit = async () => {
          const result = await lighthouse(
            page.url,
            {
              port: chrome.port,
              output: 'html',
              logLevel: 'error',
              onlyCategories: categories.map(([id]) => id),
              extraHeaders: page.headers,
            },
            preset === 'desktop' ? desktopConfig : undefined,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${page.url}`);
          return result;
        };
        let result = await audit();
        // Lighthouse's own trace now and then fails on a busy machine (NO_NAVSTART, NO_FCP); it
        // asks to be run again, and a second failure stands.
        if (result.lhr.runtimeError) {
          console.error(`${page.name} (${preset}): ${result.lhr.runtimeError.code}, run again`);
          result = await audit();
        }
        const { lhr } = result;
        const file = path.join(reportDir, `${page.name.replace(/\W+/g, '-')}-${preset}.html`);
        await writeFile(file, String(result.report));
        const run = { page, preset, lhr };
        runs.push(run);
        const scores = categories.map(([id, label]) => `${label} ${score(lhr, id) ?? 'n/a'}`).join(', ');
        console.error(`${page.name} (${preset}): ${scores}  [${path.relative(root, file)}]`);
        if (lhr.runtimeError) {
          failed = true;
          console.error(`  runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
        }
        // A dashboard page that sent Lighthouse to the sign-in page would be scored as the wrong page.
        if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(page.url).pathname) {
          failed = true;
          console.error(`  ended on ${lhr.finalDisplayedUrl}, not on the page asked for`);
        }
        for (const miss of missedTargets(run)) {
          failed = true;
          console.error(`  target missed: ${miss}`);
        }
        for (const { category, id, audit } of failingAudits(lhr)) {
          const expected = id === 'is-crawlable' && !page.indexed ? ' (expected: noindex page)' : '';
          console.error(`  ${category} ${id} (score ${audit.score}): ${audit.title}${expected}`);
          for (const line of describeItems(audit.details)) console.error(`    - ${line}`);
        }
      }
    }
  } finally {
    chrome.kill();
  }

  const block = markdownBlock(runs, browser, new Date().toISOString().slice(0, 10));
  console.log(block);
  if (app) {
    const file = path.join(root, 'BENCHMARKS.md');
    await writeFile(file, replaceBlock(await readFile(file, 'utf8'), block));
    console.error(`Wrote the table into ${path.relative(process.cwd(), file) || file}.`);
  }
} catch (error) {
  failed = true;
  console.error(error instanceof Error ? `error: ${error.message}` : error);
} finally {
  await app?.stop();
}
process.exit(failed ? 1 : 0);

function boardPages(board: string, jobPath?: string, postPath?: string): AuditedPage[] {
  return [
    { name: 'board home', url: board, indexed: true },
    ...(jobPath ? [{ name: 'job page', url: `${board}${jobPath}`, indexed: true }] : []),
    ...(postPath ? [{ name: 'blog post', url: `${board}${postPath}`, indexed: true }] : []),
  ];
}
