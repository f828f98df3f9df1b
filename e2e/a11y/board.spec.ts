// The accessibility gate for the public board (issue 22): one board, empty then seeded through the
// management API, every state of board-states.ts checked with axe in a visitor's, an employer's and
// a reader's browser.
import { type APIRequestContext, type BrowserContext, expect, type Page, test } from '@playwright/test';
import { api, createKey, expectAccessible, screenshot, sellOnBoard, signUp } from '../helpers';
import { BOARD_STATES, type BoardContext, type BoardPhase, type BoardViewer } from './board-states';

const PHASES: BoardPhase[] = ['empty', 'content', 'paywall'];

async function get(request: APIRequestContext, key: string, path: string) {
  const response = await request.get(`/api${path}`, { headers: { 'x-api-key': key } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return (await response.json()).data;
}

/** Raw POST for the CMS routes, which answer `{ item }` / `{ collection }` rather than `{ data }`. */
async function post(request: APIRequestContext, key: string, path: string, data: unknown) {
  const response = await request.post(`/api${path}`, { headers: { 'x-api-key': key }, data });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(201);
  return response.json();
}

/** The rows the empty phase shows empty: a category, a place and a collection with nothing in them. */
async function seedEmpty(ctx: BoardContext) {
  const { request, key } = ctx;
  ctx.category = (await api(request, key, 'post', '/categories', { name: 'Engineering' })).slug;
  ctx.company = (
    await api(request, key, 'post', '/companies', { name: 'Fjord Apps', website: 'https://fjord.example' })
  ).slug;
  const oslo = await api(request, key, 'post', '/locations', { query: 'Oslo', country: 'NO', create: true });
  const places: { id: string; slug: string }[] = await get(request, key, '/locations');
  ctx.location = places.find((place) => place.id === oslo.id)!.slug;
  await post(request, key, '/cms', {
    slug: 'events',
    name: 'Hiring events',
    description: 'Meet the teams in person.',
    visibility: 'public',
    schema: [
      { name: 'title', type: 'text', required: true },
      { name: 'summary', type: 'richtext' },
      { name: 'city', type: 'select', options: ['Oslo', 'Bergen'] },
      { name: 'seats', type: 'number' },
      { name: 'free', type: 'boolean' },
      { name: 'day', type: 'date' },
      { name: 'link', type: 'url' },
      { name: 'job', type: 'reference', to: 'jobs' },
    ],
  });
  ctx.collection = 'events';
  return oslo.id as string;
}

/** Jobs of each way to apply, posts, a page, CMS items, and plans on the local test checkout. */
async function seedContent(ctx: BoardContext, osloId: string) {
  const { request, key } = ctx;
  const job = (data: Record<string, unknown>) => api(request, key, 'post', '/jobs', data);
  // Oldest first: with the paywall's preview of one job, the internal job is the gated one.
  const internal = await job({
    title: 'Kotlin Developer',
    company_name: 'Fjord Apps',
    company_website: 'https://fjord.example',
    description: 'Build Android apps.\n\n- Kotlin\n- Compose',
    location: 'Oslo',
    location_id: osloId,
    job_type: 'full-time',
    category: 'Engineering',
    salary_min: 600000,
    salary_max: 750000,
    salary_currency: 'NOK',
    salary_period: 'yearly',
    how_to_apply_method: 'form-internal',
    contact_email: 'jobs@fjord.example',
  });
  const external = await job({
    title: 'Brand Designer',
    company_name: 'Lumen',
    description: 'Design the brand.',
    is_remote: true,
    job_type: 'contract',
    category: 'Design',
    how_to_apply_method: 'form-external',
    how_to_apply: 'https://lumen.example/careers/brand-designer',
  });
  const email = await job({
    title: 'Android Developer',
    company_name: 'Fjord Apps',
    description: 'Ship the app.',
    location: 'Oslo',
    location_id: osloId,
    category: 'Engineering',
    how_to_apply_method: 'email',
    contact_email: 'jobs@fjord.example',
  });
  const expired = await job({
    title: 'Closed Role',
    company_name: 'Gone Inc',
    description: 'Filled.',
    category: 'Engineering',
  });
  await api(request, key, 'patch', `/jobs/${expired.id}`, { status: 'expired' });
  ctx.jobs = { internal: internal.slug, external: external.slug, email: email.slug, expired: expired.slug };

  const page = (data: Record<string, unknown>) =>
    api(request, key, 'post', '/pages', { status: 'published', ...data });
  ctx.post = (
    await page({
      title: 'Five interview questions to ask',
      kind: 'blog_post',
      content: '<p>Ask about the first ninety days.</p><h2>Why it works</h2><p>It shows you plan ahead.</p>',
    })
  ).slug;
  ctx.membersPost = (
    await page({
      title: 'Salaries in Oslo, 2026',
      kind: 'blog_post',
      members_only: true,
      content: `<p>${'What engineers in Oslo earn, by role and by years of experience. '.repeat(10)}</p><h2>By role</h2><p>Android leads the table.</p>`,
    })
  ).slug;
  ctx.customPage = (
    await page({
      title: 'About Fjord Jobs',
      kind: 'page',
      content:
        '<p>Jobs in the Nordics.</p><h2>For employers</h2><p>Post a job from the pricing page.</p><ul><li>Featured posts</li><li>Reader passes</li></ul>',
    })
  ).slug;

  const item = await post(request, key, '/cms/events', {
    status: 'published',
    data: {
      title: 'Oslo open evening',
      summary: '<p>Pizza and <strong>demos</strong>.</p>',
      city: 'Oslo',
      seats: 1200,
      free: true,
      day: '2026-12-03',
      link: 'https://fjord.example/events',
      job: internal.id,
    },
  });
  ctx.item = item.item.id;
  await post(request, key, '/cms', {
    slug: 'salary-reports',
    name: 'Salary reports',
    description: 'What the board’s employers pay.',
    visibility: 'gated',
    required_entitlement: 'paywall',
    schema: [
      { name: 'title', type: 'text', required: true },
      { name: 'median', type: 'number' },
    ],
  });
  ctx.gatedCollection = 'salary-reports';
  ctx.gatedItem = (
    await post(request, key, '/cms/salary-reports', {
      status: 'published',
      data: { title: 'Android engineers', median: 720000 },
    })
  ).item.id;

  await sellOnBoard(request, key, { readerPass: true });
}

/** The route's pattern over this board: `[param]` segments match any one segment. */
const servedAt = (route: string, base: string) =>
  new RegExp(`^${base}${route.slice('/b/[board]'.length).replace(/\[[^\]]+\]/g, '[^/]+')}/?$`);

test('every board page, in every state, passes the axe gate', async ({ page, browser, request, baseURL }) => {
  // Three sign-ins, two checkouts, mail round trips and ~60 axe runs.
  test.setTimeout(240_000);
  expect(new Set(BOARD_STATES.map((state) => state.phase))).toEqual(new Set(PHASES));

  await signUp(page, { board: 'Fjord Jobs' });
  const key = await createKey(page);
  const slug = (await get(request, key, '/organization')).slug as string;
  const stamp = Date.now();
  const ctx = {
    base: `/b/${slug}`,
    baseURL: baseURL!,
    slug,
    key,
    request,
    employerEmail: `hiring-${stamp}@example.com`,
    readerEmail: `reader-${stamp}@example.com`,
  } as BoardContext;

  // Each viewer in a browser of their own: cookies (the member session) stay apart.
  const contexts: BrowserContext[] = [];
  const pages = {} as Record<BoardViewer, Page>;
  for (const viewer of ['visitor', 'employer', 'reader'] as const) {
    const context = await browser.newContext({ baseURL });
    contexts.push(context);
    pages[viewer] = await context.newPage();
  }

  // axe findings are collected so one run names every failing state; a state that cannot be
  // reached fails at once, since the states after it build on it.
  const failures: string[] = [];
  const osloId = await seedEmpty(ctx);
  for (const phase of PHASES) {
    if (phase === 'content') await seedContent(ctx, osloId);
    if (phase === 'paywall') {
      await api(request, key, 'put', '/organization/payments', {
        provider: 'local',
        paywall: { jobs_preview_count: 1, apply: true, members_only_posts: true },
      });
    }
    for (const state of BOARD_STATES.filter((candidate) => candidate.phase === phase)) {
      const title = `${state.route} · ${state.name} (${state.viewer})`;
      await test.step(title, async () => {
        const viewerPage = pages[state.viewer];
        await state.visit(viewerPage, ctx);
        expect(new URL(viewerPage.url()).pathname).toMatch(state.servedAt ?? servedAt(state.route, ctx.base));
        if (state.screenshot) await screenshot(viewerPage, state.screenshot);
        try {
          await expectAccessible(viewerPage);
        } catch (error) {
          failures.push(`${title}\n${(error as Error).message}`);
        }
      });
    }
  }
  for (const context of contexts) await context.close();
  expect(failures.length, `axe violations in ${failures.length} states:\n\n${failures.join('\n\n')}`).toBe(0);
});
