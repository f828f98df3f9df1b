// Reflow (WCAG 1.4.10): every dashboard route, found in app/ when the test runs, at 320 CSS px (what
// 1280 px at 400% zoom leaves), and the busiest pages at 200% text size, scroll no sideways; wide
// tables scroll in a named region of their own that the keyboard reaches.
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import type { SeededIds } from './a11y/dashboard-states';
import { seed } from './a11y/seed';
import { createKey, screenshot, signUp } from './helpers';

const DASHBOARD = 'app/(dashboard)/dashboard';

/** Every page route under the dashboard, as its address pattern (`/dashboard/jobs/[id]`). */
async function dashboardRoutes(): Promise<string[]> {
  const files = await readdir(DASHBOARD, { recursive: true });
  return files
    .filter((file) => path.basename(file) === 'page.tsx')
    .map((file) => {
      const segments = path
        .dirname(file)
        .split(path.sep)
        .filter((segment) => segment !== '.' && !/^\(.*\)$/.test(segment));
      return ['/dashboard', ...segments].join('/');
    })
    .sort();
}

/**
 * The seeded record each dynamic segment takes, keyed by the segment and the one before it. A new
 * route with a segment not listed here fails the test: seed its record and add it.
 */
const PARAMS: Record<string, keyof SeededIds> = {
  'jobs/[id]': 'job',
  'companies/[id]': 'company',
  'pages/[id]': 'page',
  'blog/[id]': 'post',
  'members/[id]': 'member',
  'plans/[id]': 'plan',
  'webhooks/[id]': 'webhook',
  'job-sources/[id]': 'jobSource',
  'cms/[slug]': 'collection',
  'items/[id]': 'item',
  'applications/[id]': 'application',
  'applicants/[id]': 'application',
};

/** The route's address with seeded ids in its dynamic segments. */
function address(route: string, ids: SeededIds): string {
  const segments = route.split('/');
  return segments
    .map((segment, index) => {
      if (!segment.startsWith('[')) return segment;
      const key = `${segments[index - 1]}/${segment}`;
      const name = PARAMS[key];
      if (!name)
        throw new Error(
          `${route}: no record for ${segment} after “${segments[index - 1]}”. Seed one in e2e/a11y/seed.ts and map '${key}' in PARAMS of e2e/reflow.spec.ts.`,
        );
      return ids[name];
    })
    .join('/');
}

interface Reflow {
  scrollWidth: number;
  viewport: number;
  /** Elements that reach past the viewport's right edge and are not clipped by a scroll region. */
  overflowing: string[];
  /** Tables not inside a focusable, named, horizontally scrolling region. */
  bareTables: string[];
  /** Axis labels of a chart that overlap their neighbour. */
  collidingLabels: string[];
}

/** Measures the page as it is now (run in the browser). */
function measure(page: Page): Promise<Reflow> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const label = (element: Element) => {
      const classes = typeof element.className === 'string' ? element.className.trim().split(/\s+/) : [];
      const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const right = Math.round(element.getBoundingClientRect().right + window.scrollX);
      const position = getComputedStyle(element).position;
      return `<${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${classes.length ? ` class="${classes.slice(0, 6).join(' ')}"` : ''}> “${text}” ends at ${right}px (${position}) in ${element.parentElement?.tagName.toLowerCase()}`;
    };
    // Whether an ancestor clips the element sideways: only its containing blocks count, so an
    // absolutely placed element skips static ancestors (the sr-only span that escapes a scroll region).
    const clipped = (element: Element) => {
      let absolute = getComputedStyle(element).position === 'absolute';
      if (getComputedStyle(element).position === 'fixed') return true;
      for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) {
        const style = getComputedStyle(node);
        const positioned = style.position !== 'static' || style.transform !== 'none';
        if (absolute && !positioned) continue;
        if (style.overflowX !== 'visible') return true;
        if (style.position === 'fixed') return true;
        absolute = style.position === 'absolute';
      }
      return false;
    };
    const overflowing = [...document.body.querySelectorAll('*')]
      .filter((element) => {
        const rect = element.getBoundingClientRect();
        return rect.width > 0 && rect.right + window.scrollX > viewport + 0.5 && !clipped(element);
      })
      // The outermost culprits: an element whose parent overflows too is reported through it.
      .filter((element, _, all) => !all.includes(element.parentElement as Element))
      .slice(0, 8)
      .map(label);
    // Text can run out of a box that itself fits (nowrap text in a narrow one): look at text too.
    if (overflowing.length === 0) {
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text && overflowing.length < 8; text = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(text);
        const rect = range.getBoundingClientRect();
        const parent = text.parentElement!;
        // Text in a box that clips it (sr-only) is measured where it would be, not where it shows.
        const hidden = getComputedStyle(parent).overflowX !== 'visible' || clipped(parent);
        if (rect.width > 0 && rect.right + window.scrollX > viewport + 0.5 && !hidden)
          overflowing.push(`text of ${label(parent)}`);
      }
    }

    const bareTables = [...document.querySelectorAll('table')]
      .filter((table) => {
        const region = table.closest<HTMLElement>(
          '[role="region"], section[aria-label], section[aria-labelledby]',
        );
        if (!region || !['auto', 'scroll'].includes(getComputedStyle(region).overflowX)) return true;
        const named = region.getAttribute('aria-label') || region.getAttribute('aria-labelledby');
        return region.tabIndex < 0 || !named;
      })
      .map(label);

    const collidingLabels: string[] = [];
    for (const axis of document.querySelectorAll('[data-chart-x-labels]')) {
      const labels = [...axis.children]
        .filter((label) => (label.textContent ?? '').trim())
        .map((label) => ({ text: label.textContent!.trim(), rect: label.getBoundingClientRect() }))
        .sort((a, b) => a.rect.left - b.rect.left);
      for (let index = 1; index < labels.length; index++) {
        const [left, right] = [labels[index - 1]!, labels[index]!];
        if (right.rect.left < left.rect.right)
          collidingLabels.push(
            `“${left.text}” and “${right.text}” overlap by ${Math.round(left.rect.right - right.rect.left)}px`,
          );
      }
    }

    return {
      scrollWidth: document.documentElement.scrollWidth,
      viewport,
      overflowing,
      bareTables,
      collidingLabels,
    };
  });
}

/** Loads `url` and waits for its heading and for the browser to settle (charts measure themselves). */
async function load(page: Page, url: string): Promise<void> {
  const response = await page.goto(url);
  expect(response?.status(), url).toBeLessThan(400);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

/** What is wrong with the page as it is now, or nothing. */
async function problems(page: Page, width: number): Promise<string[]> {
  const found = await measure(page);
  return [
    ...(found.scrollWidth > width
      ? [
          `the page is ${found.scrollWidth}px wide at ${width}px; past the edge: ${found.overflowing.join('; ') || '(nothing found by the walk)'}`,
        ]
      : []),
    ...found.bareTables.map((table) => `a table outside a focusable, named scroll region: ${table}`),
    ...found.collidingLabels.map((labels) => `chart labels collide: ${labels}`),
  ];
}

/** Routes shot at 320 px, to look at. */
const SHOTS = new Set([
  '/dashboard',
  '/dashboard/jobs',
  '/dashboard/payments',
  '/dashboard/jobs/[id]',
  '/dashboard/settings',
]);

test('every dashboard route reflows to 320 px, and the busiest ones to 200% text', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  page.setDefaultTimeout(15_000);
  page.setDefaultNavigationTimeout(60_000);
  await signUp(page, { board: 'Reflow Careers' });
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  const base = `/b/${new URL(boardLink!, baseURL).hostname.split('.')[0]}`;
  // A visit from a browser of someone else's (the owner's own visits are not counted, and the headless
  // user agent reads as a bot), so the overview draws its chart by the time it is checked.
  const visitor = await browser.newContext({
    baseURL,
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.40' },
  });
  const board = await visitor.newPage();
  await board.goto(base);
  await board.waitForLoadState('networkidle');
  await visitor.close();
  const key = await createKey(page);
  const ids = await seed(page, browser, request, key, base, baseURL!);

  const routes = await dashboardRoutes();
  expect(routes).toContain('/dashboard/jobs/[id]');
  const failures: string[] = [];
  await page.setViewportSize({ width: 320, height: 640 });
  for (const route of routes) {
    await test.step(`${route} at 320 px`, async () => {
      try {
        await load(page, address(route, ids));
        failures.push(...(await problems(page, 320)).map((problem) => `${route} at 320 px: ${problem}`));
        if (SHOTS.has(route)) await screenshot(page, `reflow-320-${route.replace(/[^a-z0-9]+/gi, '-')}`);
      } catch (error) {
        failures.push(`${route}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  }

  // 200% text: the root font size doubles what rem sizes (Tailwind's text, spacing), as a browser's
  // text-size setting does, on a 640 px wide window.
  await page.setViewportSize({ width: 640, height: 800 });
  for (const route of ['/dashboard', '/dashboard/jobs', '/dashboard/payments']) {
    await test.step(`${route} at 200% text`, async () => {
      await load(page, route);
      await page.addStyleTag({ content: 'html { font-size: 200% !important; }' });
      // Charts re-measure their labels when their box resizes.
      await page.waitForTimeout(200);
      failures.push(...(await problems(page, 640)).map((problem) => `${route} at 200% text: ${problem}`));
      await screenshot(page, `reflow-200-text-${route.replace(/[^a-z0-9]+/gi, '-')}`);
    });
  }
  expect(failures, 'pages that do not reflow').toEqual([]);
});
