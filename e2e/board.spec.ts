// The public board as visitors use it: search, filter, open a job, apply with a PDF (with and
// without JavaScript), read the blog; in path mode (/b/{slug}) and host mode ({slug}.boards.test).
import { type APIRequestContext, expect, test } from '@playwright/test';
import { createKey, expectAccessible, screenshot as shot, signUp } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const port = Number(process.env.E2E_PORT ?? 3210);

async function seed(request: APIRequestContext, key: string) {
  const headers = { 'x-api-key': key };
  const post = async (path: string, data: unknown) => {
    const response = await request.post(`/api${path}`, { headers, data });
    expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()).data;
  };
  const jobs = {
    kotlin: await post('/jobs', {
      title: 'Kotlin Developer',
      company_name: 'Fjord Apps',
      company_website: 'https://fjord.example',
      description: 'Build Android apps.\n\n- Kotlin\n- Compose',
      location: 'Oslo',
      job_type: 'full-time',
      category: 'Engineering',
      salary_min: 600000,
      salary_max: 750000,
      salary_currency: 'NOK',
      salary_period: 'yearly',
      how_to_apply_method: 'form-internal',
      contact_email: 'jobs@fjord.example',
    }),
    designer: await post('/jobs', {
      title: 'Brand Designer',
      company_name: 'Lumen',
      description: 'Design the brand.',
      is_remote: true,
      job_type: 'contract',
      category: 'Design',
      how_to_apply_method: 'form-external',
      how_to_apply: 'https://lumen.example/careers/brand-designer',
    }),
    closed: await post('/jobs', {
      title: 'Closed Role',
      company_name: 'Gone Inc',
      description: 'Filled.',
      category: 'Engineering',
    }),
    draft: await post('/jobs', {
      title: 'Draft Role',
      company_name: 'Soon',
      description: 'Not yet.',
      status: 'draft',
    }),
  };
  const response = await request.patch(`/api/jobs/${jobs.closed.id}`, {
    headers,
    data: { status: 'expired' },
  });
  expect(response.ok()).toBe(true);
  const post_ = await post('/pages', {
    title: 'Five interview questions to ask',
    kind: 'blog_post',
    status: 'published',
    content: '<p>Ask about the first ninety days.</p><h2>Why it works</h2><p>It shows you plan ahead.</p>',
  });
  return { jobs, post: post_ };
}

test('a visitor searches, filters, applies with a PDF and reads the blog; the owner sees the application', async ({
  page,
  request,
  browser,
}) => {
  await signUp(page, { board: 'Fjord Jobs' });
  const key = await createKey(page);
  const { jobs, post } = await seed(request, key);
  const organization = (
    await (await request.get('/api/organization', { headers: { 'x-api-key': key } })).json()
  ).data;
  const base = `/b/${organization.slug}`;
  expect(jobs.kotlin.url).toBe(`https://${organization.slug}.boards.test/jobs/${jobs.kotlin.slug}`);
  expect(jobs.draft.url).toBeNull();

  // Home: newest first, live jobs only.
  await page.goto(base);
  await expect(page.getByRole('heading', { level: 1, name: 'Fjord Jobs' })).toBeVisible();
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  await expect(cards).toHaveCount(2);
  await expect(page.getByText('Closed Role')).toHaveCount(0);
  await expect(page.getByText('Draft Role')).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'board-01-home');

  // Search and filters are a plain GET form.
  await page.getByLabel('Keywords').fill('kotlin');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\?q=kotlin/);
  await expect(cards).toHaveCount(1);
  await page.getByLabel('Job type').selectOption('contract');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No jobs match these filters.')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(cards).toHaveCount(2);
  await page.getByLabel('Remote only').check();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(cards).toHaveCount(1);
  await expect(cards.first()).toContainText('Brand Designer');

  // The job page, its JobPosting data, and applying with JavaScript (upload progress).
  await page.goto(base);
  await page.getByRole('link', { name: 'Kotlin Developer' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/jobs/${jobs.kotlin.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Kotlin Developer' })).toBeVisible();
  const jsonLd = [
    JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!),
  ].flat();
  expect(jsonLd.find((item) => item['@type'] === 'JobPosting')).toMatchObject({
    title: 'Kotlin Developer',
    directApply: true,
  });
  expect(jsonLd.find((item) => item['@type'] === 'BreadcrumbList')?.itemListElement).toHaveLength(3);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', jobs.kotlin.url);
  await expectAccessible(page);
  await shot(page, 'board-02-job');
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Write a short cover letter')).toBeVisible();
  await expect(page.getByLabel('Full name')).toBeFocused();
  await expectAccessible(page);
  await page.getByLabel('Full name').fill('Ada Lovelace');
  await page.getByLabel('Email').fill('ada@example.com');
  await page.getByLabel('Cover letter').fill('I have shipped Kotlin apps for five years.');
  await page
    .getByLabel('Resume')
    .setInputFiles({ name: 'ada.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Application sent' })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${base}/jobs/${jobs.kotlin.slug}/applied$`));
  await expectAccessible(page);
  await shot(page, 'board-03-applied');

  // Without JavaScript: errors come back with what was typed, then the application goes through.
  const noScript = await browser.newContext({
    javaScriptEnabled: false,
    baseURL: `http://127.0.0.1:${port}`,
  });
  const plain = await noScript.newPage();
  await plain.goto(`${base}/jobs/${jobs.kotlin.slug}`);
  await plain.getByLabel('Full name').fill('Grace Hopper');
  await plain.getByLabel('Email').fill('grace@invalid');
  await plain.getByRole('button', { name: 'Send application' }).click();
  await expect(plain.getByText('Enter an email address like name@example.com')).toBeVisible();
  await expect(plain.getByText('Write a short cover letter')).toBeVisible();
  await expect(plain.getByLabel('Full name')).toHaveValue('Grace Hopper');
  await shot(plain, 'board-04-apply-errors');
  await plain.getByLabel('Email').fill('grace@example.com');
  await plain.getByLabel('Cover letter').fill('Compilers are my thing.');
  await plain
    .getByLabel('Resume')
    .setInputFiles({ name: 'grace.pdf', mimeType: 'application/pdf', buffer: PDF });
  await plain.getByRole('button', { name: 'Send application' }).click();
  await expect(plain.getByRole('heading', { name: 'Application sent' })).toBeVisible();
  await noScript.close();

  // An external job's button goes through the board's redirect.
  const redirect = await request.get(`${base}/jobs/${jobs.designer.slug}/apply`, { maxRedirects: 0 });
  expect(redirect.status()).toBe(302);
  expect(redirect.headers().location).toBe('https://lumen.example/careers/brand-designer');
  expect(redirect.headers()['x-robots-tag']).toContain('noindex');

  // Expired: 410 with open jobs instead. Draft: 404.
  const gone = await page.goto(`${base}/jobs/${jobs.closed.slug}`);
  expect(gone?.status()).toBe(410);
  await expect(page.getByText('This job is no longer accepting applications')).toBeVisible();
  expect(await page.locator('script[type="application/ld+json"]').count()).toBe(0);
  expect((await page.goto(`${base}/jobs/${jobs.draft.slug}`))?.status()).toBe(404);

  // The blog.
  await page.goto(`${base}/blog`);
  await page.getByRole('link', { name: post.title }).click();
  await expect(page.getByRole('heading', { level: 1, name: post.title })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'board-05-blog-post');

  // A public CMS collection, each field type rendered; a private one does not exist for visitors.
  const headers = { 'x-api-key': key };
  const collection = await request.post('/api/cms', {
    headers,
    data: {
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
    },
  });
  expect(collection.status(), await collection.text()).toBe(201);
  const item = await request.post('/api/cms/events', {
    headers,
    data: {
      status: 'published',
      data: {
        title: 'Oslo open evening',
        summary: '<p>Pizza and <strong>demos</strong>.</p>',
        city: 'Oslo',
        seats: 1200,
        free: true,
        day: '2026-12-03',
        link: 'https://fjord.example/events',
        job: jobs.kotlin.id,
      },
    },
  });
  expect(item.status(), await item.text()).toBe(201);
  const itemId = (await item.json()).item.id;
  await request.post('/api/cms', {
    headers,
    data: { slug: 'notes', name: 'Notes', schema: [{ name: 'title', type: 'text' }] },
  });
  await page.goto(`${base}/c/events`);
  await expect(page.getByRole('heading', { level: 1, name: 'Hiring events' })).toBeVisible();
  await page.getByRole('link', { name: 'Oslo open evening' }).click();
  await expect(page).toHaveURL(new RegExp(`${base}/c/events/${itemId}$`));
  await expect(page.getByText('demos')).toBeVisible();
  await expect(page.getByText('1,200')).toBeVisible();
  await expect(page.getByText('December 3, 2026')).toBeVisible();
  // Dates follow the organization's locale.
  const british = await request.patch('/api/organization', { headers, data: { locale: 'en-GB' } });
  expect(british.status()).toBe(200);
  await page.reload();
  await expect(page.getByText('3 December 2026')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Kotlin Developer' })).toHaveAttribute(
    'href',
    `${base}/jobs/${jobs.kotlin.slug}`,
  );
  await expectAccessible(page);
  await shot(page, 'board-06-cms-item');
  expect((await page.goto(`${base}/c/notes`))?.status()).toBe(404);

  // The owner sees both applications, from the board, in the dashboard.
  await page.goto(`/dashboard/jobs/${jobs.kotlin.id}/applicants`);
  await expect(page.getByRole('link', { name: 'Ada Lovelace' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Grace Hopper' })).toBeVisible();
});

test('on a phone the header is one row and the search folds away until it is asked for or in use', async ({
  page,
  request,
}) => {
  await signUp(page, { board: 'Pocket Jobs' });
  const key = await createKey(page);
  await seed(request, key);
  const headers = { 'x-api-key': key };
  const organization = (await (await request.get('/api/organization', { headers })).json()).data;
  // Enough links that one row of them could not fit a phone.
  const links = await request.patch('/api/organization', {
    headers,
    data: {
      board: {
        nav_links: [
          { label: 'About us', url: '/about' },
          { label: 'Salaries', url: 'https://example.com/salaries' },
        ],
      },
    },
  });
  expect(links.status(), await links.text()).toBe(200);
  const base = `/b/${organization.slug}`;
  const cards = page
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3 }) });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const menu = nav.locator('summary', { hasText: 'Menu' });
  const searchToggle = page.locator('summary', { hasText: 'Search and filters' });
  const keywords = page.getByLabel('Keywords');
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(base);

  // One header row: the logo, Menu; the links behind Menu.
  const row = async () => {
    const logo = (await page.getByRole('banner').getByRole('link', { name: 'Pocket Jobs' }).boundingBox())!;
    const toggle = (await menu.boundingBox())!;
    return Math.abs(logo.y + logo.height / 2 - (toggle.y + toggle.height / 2));
  };
  expect(await row()).toBeLessThan(4);
  await expect(nav.getByRole('link', { name: 'Salaries' })).toBeHidden();
  await menu.click();
  await expect(nav.getByRole('link', { name: 'Salaries' })).toBeVisible();
  await expectAccessible(page);
  await menu.click();
  await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden();
  // Escape closes it with focus back on Menu; so does a click elsewhere.
  await menu.focus();
  await page.keyboard.press('Enter');
  await nav.getByRole('link', { name: 'Blog' }).focus();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden();
  await expect(menu).toBeFocused();
  await menu.click();
  // Below the open menu, which covers the top of the page.
  await page.mouse.click(10, 780);
  await expect(nav.getByRole('link', { name: 'Blog' })).toBeHidden();

  // The search is one line until asked for; the jobs come first.
  await expect(keywords).toBeHidden();
  await expect(cards).toHaveCount(2);
  expect((await cards.first().boundingBox())!.y).toBeLessThan(812);
  await expectAccessible(page);
  await shot(page, 'board-07-phone-home');
  // By keyboard: the summary opens it, and shows where focus is.
  await searchToggle.focus();
  await page.keyboard.press('Enter');
  await expect(searchToggle).toHaveCSS('outline-style', 'solid');
  await expect(keywords).toBeVisible();
  await expectAccessible(page);
  await keywords.fill('kotlin');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\?q=kotlin/);
  await expect(cards).toHaveCount(1);
  // A search in use stays in sight, with what was typed.
  await expect(keywords).toHaveValue('kotlin');
  await expect(keywords).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'board-08-phone-search');
  await page.getByLabel('Remote only').check();
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText('No jobs match these filters.')).toBeVisible();

  // The job page: one header row too, and nothing wider than the screen down to 320 px (WCAG 1.4.10).
  await page.goto(base);
  await page.getByRole('link', { name: 'Kotlin Developer' }).click();
  expect(await row()).toBeLessThan(4);
  await expectAccessible(page);
  await shot(page, 'board-09-phone-job');
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of [base, `${base}/categories/engineering`]) {
    await page.goto(path);
    expect(await row(), path).toBeLessThan(4);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `${path} is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
  }

  // A wide screen shows every link and the whole form without asking.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(base);
  await expect(nav.getByRole('link', { name: 'Salaries' })).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(keywords).toBeVisible();
  await expect(searchToggle).toBeHidden();
});

test('host mode: the board answers on its own host, and nowhere else', async ({ page, request }) => {
  await signUp(page, { board: 'Harbor Careers' });
  const key = await createKey(page);
  const { jobs } = await seed(request, key);
  const organization = (
    await (await request.get('/api/organization', { headers: { 'x-api-key': key } })).json()
  ).data;
  const host = `http://${organization.slug}.boards.test:${port}`;
  // The dashboard's cookies stay on the app's host: here the visitor has none, so pages come from
  // the page cache, whose policy allows the inline scripts by hash.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to (load|execute)/i.test(message.text()))
      violations.push(message.text());
  });
  await page.goto(`${host}/`);
  await expect(page.getByRole('heading', { level: 1, name: 'Harbor Careers' })).toBeVisible();
  const again = (await page.reload())!;
  expect(again.headers()['cache-status']).toBe('Boardkit; hit');
  expect(again.headers()['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
  await page.getByRole('link', { name: 'Kotlin Developer' }).click();
  await expect(page).toHaveURL(`${host}/jobs/${jobs.kotlin.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Kotlin Developer' })).toBeVisible();
  // The cached job page runs its scripts: the form validates and uploads with JavaScript.
  await page.waitForFunction(() => 'next' in window);
  await page.getByLabel('Full name').fill('Linus Harbor');
  await page.getByLabel('Email').fill('linus@example.com');
  await page.getByLabel('Cover letter').fill('I sail and I code.');
  await page
    .getByLabel('Resume')
    .setInputFiles({ name: 'linus.pdf', mimeType: 'application/pdf', buffer: PDF });
  await page.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByRole('heading', { name: 'Application sent' })).toBeVisible();
  expect(violations).toEqual([]);
  expect((await page.goto(`${host}/jobs/${jobs.closed.slug}`))?.status()).toBe(410);
  expect((await page.goto(`http://no-such-board.boards.test:${port}/`))?.status()).toBe(404);
  // The browser resolves *.boards.test (launch flags); Node's request client would not.
  const feed = (await page.goto(`${host}/feed.xml`))!;
  expect(feed.headers()['content-type']).toContain('application/rss+xml');
  expect(await feed.text()).toContain(`https://${organization.slug}.boards.test/jobs/${jobs.kotlin.slug}`);
});
