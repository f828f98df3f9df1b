// The accessibility gate for every page outside the boards (issue 22): each state of
// dashboard-states.ts, signed out, then in a fresh organization, then once it has content.
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { api, createKey, expectAccessible, screenshot, signInOnBoard, signUp } from '../helpers';
import { DASHBOARD_STATES, type Phase, type SeededIds, type StateContext } from './dashboard-states';

/** The states a screenshot is taken of, to look at: one of each kind. */
const SHOTS = new Set([
  '/sign-up · field errors',
  '/dashboard · with content',
  '/dashboard/jobs · with content',
  '/dashboard/jobs/[id] · edit form with applications',
  '/dashboard/webhooks · add dialog errors',
  '/dashboard/cms/[slug]/items/new · field errors',
  '/dashboard/payments · cancel subscription dialog open',
]);

/**
 * Visits every state of `phase`, each in a step named after its route and state. A failing state is
 * recorded and the next one still runs (each loads its own page), so one run lists every violation.
 */
async function visit(page: Page, phase: Phase, context: StateContext, failures: string[]): Promise<void> {
  for (const state of DASHBOARD_STATES.filter((candidate) => candidate.phase === phase)) {
    const label = `${state.route} · ${state.name}`;
    await test.step(label, async () => {
      try {
        await state.enter(page, context);
        await expectAccessible(page, { exclude: state.axeExclude });
        if (state.dialog) await expectFocusGuardsOutOfTree(page);
        if (SHOTS.has(label)) await screenshot(page, `a11y-${label.replace(/[^a-z0-9]+/gi, '-')}`);
      } catch (error) {
        failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      }
      // Leave no dialog open for the next state's page load.
      if (state.dialog) await page.keyboard.press('Escape');
    });
  }
}

/**
 * With a modal dialog open, Radix's focus guards (tabbable spans at both ends of <body>, aria-hidden with
 * the rest of the page) make axe list `aria-hidden-focus` for review. They are harmless: Chromium keeps
 * them out of the accessibility tree, and focus that reaches one is sent back into the dialog.
 */
async function expectFocusGuardsOutOfTree(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(page.locator('[data-radix-focus-guard]')).toHaveCount(2);
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send('DOM.getDocument', { depth: -1 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: '[data-radix-focus-guard]',
    });
    const { nodes } = await cdp.send('Accessibility.getFullAXTree');
    for (const nodeId of nodeIds) {
      const { node } = await cdp.send('DOM.describeNode', { nodeId });
      const axNode = nodes.find((candidate) => candidate.backendDOMNodeId === node.backendNodeId);
      // Absent from the tree, or present but ignored: either way no assistive technology meets it.
      expect(axNode?.ignored ?? true, 'a focus guard in the accessibility tree').toBe(true);
    }
  } finally {
    await cdp.detach();
  }
}

const PNG = () =>
  sharp({ create: { width: 800, height: 450, channels: 3, background: '#2563eb' } })
    .png()
    .toBuffer();

/** Fills the organization through the management API (and the media library, which has no API). */
async function seed(
  page: Page,
  browser: Browser,
  request: APIRequestContext,
  key: string,
  base: string,
  baseURL: string,
): Promise<SeededIds> {
  const call = (method: 'post' | 'put' | 'patch', path: string, data: unknown) =>
    api(request, key, method, path, data);
  await call('put', '/organization/payments', { provider: 'local' });
  // A webhook first, so the jobs below leave deliveries in its log.
  const webhook = await call('post', '/webhooks', {
    event: 'job.created',
    target_url: 'https://hooks.example.com/boardkit',
  });
  await call('post', '/secrets', { name: 'stripe_api_key', value: 'sk_test_a11y-value' });
  await call('post', '/categories', { name: 'Engineering' });
  await call('post', '/categories', { name: 'Backend', parent: 'engineering' });
  const lisbon = await call('post', '/locations', { query: 'Lisbon', create: true });
  const job = await call('post', '/jobs', {
    title: 'Platform Engineer',
    company_name: 'Acme',
    description: 'Run the platform.',
    category: 'Engineering',
    location_id: lisbon.id,
    salary_min: 80000,
    salary_max: 110000,
    salary_currency: 'EUR',
    salary_period: 'yearly',
  });
  // Three salaried jobs in one category: the salaries page shows a category from three on.
  await call('post', '/jobs', {
    title: 'Data Engineer',
    company_name: 'Acme',
    description: 'Build the pipelines.',
    category: 'Engineering',
    salary_min: 70000,
    salary_max: 90000,
    salary_currency: 'EUR',
    salary_period: 'yearly',
  });
  // No place and not remote: listed, but with no JobPosting, which its edit page explains.
  const placeless = await call('post', '/jobs', {
    title: 'Product Designer',
    company_name: 'Acme',
    description: 'Design the product.',
    category: 'Engineering',
    salary_min: 60000,
    salary_max: 75000,
    salary_currency: 'EUR',
    salary_period: 'yearly',
  });
  // The jobs above carry its name: they join it.
  const company = await call('post', '/companies', { name: 'Acme', website: 'https://acme.example' });
  const application = await call('post', `/jobs/${job.id}/applications`, {
    name: 'Ada Applicant',
    email: 'ada@example.com',
    phone: '+44 20 7946 0000',
    cover_letter: 'I keep systems running.\n\nAnd I write things down.',
    answers: { 'Years of experience': 7 },
  });
  const member = await call('post', '/members', {
    email: 'ada.lovelace@example.com',
    name: 'Ada Lovelace',
    role: 'candidate',
  });
  await call('post', '/members', { email: 'hr@acme.example', name: 'Acme HR', role: 'employer' });
  const author = await call('post', '/authors', { name: 'Grace Hopper' });
  const aboutPage = await call('post', '/pages', { title: 'About us', kind: 'page' });
  const post = await call('post', '/pages', {
    title: 'How we hire engineers',
    kind: 'blog_post',
    author_id: author.id,
    status: 'published',
  });
  const plan = await call('post', '/plans', {
    name: 'Job pack',
    kind: 'job_post',
    amount: 14950,
    currency: 'USD',
    jobs_included: 3,
  });
  await call('post', '/plans', {
    name: 'Featured post',
    kind: 'job_post',
    amount: 4900,
    currency: 'USD',
    jobs_included: 1,
    featured: true,
  });
  await call('post', '/plans', {
    name: 'Reader',
    kind: 'paywall',
    amount: 900,
    currency: 'USD',
    interval: 'month',
  });

  // The CMS answers { collection } and { item }, not { data }: plain requests.
  const cms = async (path: string, data: unknown, headers: Record<string, string> = { 'x-api-key': key }) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return response.json();
  };
  await cms('/cms', {
    slug: 'events',
    name: 'Events',
    visibility: 'public',
    rules: { allow_public_submit: true, moderation: 'manual' },
    schema: [
      { name: 'title', type: 'text', required: true, max_length: 80 },
      { name: 'format', type: 'select', options: ['online', 'in-person'], default: 'online' },
      { name: 'seats', type: 'number', min: 1, max: 500, integer: true },
      { name: 'summary', type: 'longtext' },
    ],
  });
  const { item } = await cms('/cms/events', {
    data: { title: 'Harbor walk', seats: 30 },
    status: 'published',
  });
  const slug = base.split('/').pop()!;
  await cms(`/organization/cms/events/submit?organization=${slug}`, { data: { title: 'Night market' } }, {});

  await page.goto('/dashboard/media');
  await page
    .getByLabel('Upload images')
    .setInputFiles([{ name: 'office-view.png', mimeType: 'image/png', buffer: await PNG() }]);
  await expect(page.getByTestId('asset-tile').filter({ hasText: 'office-view' })).toBeVisible({
    timeout: 20_000,
  });

  // A visitor's job alert (waiting for confirmation, with its mail) and a reader's subscription.
  const visitor = await browser.newContext({ baseURL });
  const board = await visitor.newPage();
  await board.goto(`${base}/alerts`);
  await board.getByLabel('Email', { exact: true }).fill('alerts-reader@example.com');
  await board.getByRole('button', { name: 'Create alert' }).click();
  await expect(board.getByText('Check your inbox.')).toBeVisible();
  await board.goto(`${base}/pricing`);
  await board.getByRole('button', { name: 'Subscribe to Reader' }).click();
  await signInOnBoard(board, `reader-${Date.now()}@example.com`, 'candidate');
  await expect(board).toHaveURL(new RegExp(`${base}/pricing`));
  await board.getByRole('button', { name: 'Subscribe to Reader' }).click();
  await board.getByRole('button', { name: 'Pay $9' }).click();
  await expect(board).toHaveURL(new RegExp(`${base}/account`));
  await visitor.close();

  return {
    job: job.id,
    placeless: placeless.id,
    company: company.id,
    page: aboutPage.id,
    post: post.id,
    member: member.id,
    plan: plan.id,
    webhook: webhook.id,
    collection: 'events',
    item: item.id,
    application: application.id,
  };
}

test('every page outside the boards passes axe in every state', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const context: StateContext = { request, key: '', ids: {} };
  // A state that cannot be reached fails in seconds, not at the test's timeout.
  page.setDefaultTimeout(15_000);
  // Page loads keep the usual allowance: a busy CI machine can be slow to serve one.
  page.setDefaultNavigationTimeout(60_000);
  const failures: string[] = [];
  // Error states leave forms with unsaved changes: leave them when the next state loads its page.
  page.on('dialog', (dialog) => (dialog.type() === 'beforeunload' ? dialog.accept() : dialog.dismiss()));
  await visit(page, 'signed-out', context, failures);

  await signUp(page, { board: 'Gate Careers' });
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  const base = `/b/${new URL(boardLink!, baseURL).hostname.split('.')[0]}`;
  await visit(page, 'empty', context, failures);

  context.key = await createKey(page);
  context.ids = await seed(page, browser, request, context.key, base, baseURL!);
  await visit(page, 'seeded', context, failures);
  expect(failures, 'states that failed').toEqual([]);
});
