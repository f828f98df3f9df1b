// Board analytics in the dashboard: a new board's overview says how to get visitors; after people
// visit from browsers of their own (the owner's signed-in browser is not counted, by design), the
// overview shows visitors, the job among the top jobs, and the job's dashboard page its funnel.
import {
  type APIRequestContext,
  type Browser,
  expect,
  type Locator,
  type Page,
  test,
} from '@playwright/test';
import { createKey, expectAccessible, screenshot as shot, signUp } from './helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

// The headless browser's own user agent reads as a bot, and bots are not visitors. Each person's
// differs, so they stay apart whichever address a request is seen from.
const desktop = (version: number) =>
  `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${version}.0.0.0 Safari/537.36`;
const PHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

/** A person on the board: a fresh context (no dashboard session) from an address of their own. */
async function visitor(browser: Browser, baseURL: string, address: string, userAgent: string): Promise<Page> {
  const context = await browser.newContext({
    baseURL,
    userAgent,
    extraHTTPHeaders: { 'x-forwarded-for': address },
  });
  return context.newPage();
}

async function postJob(request: APIRequestContext, key: string, data: Record<string, unknown>) {
  const response = await request.post('/api/jobs', { headers: { 'x-api-key': key }, data });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()).data as { id: string; slug: string };
}

const numberIn = async (locator: Locator) => Number((await locator.textContent())!.replace(/[^\d]/g, ''));

test('the overview shows a board’s visitors and top jobs, and a job page its funnel', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { board: 'Harbor Jobs' });

  // A new board: no numbers yet, but how to get them, with the board's link to copy.
  await expect(page.getByRole('heading', { name: 'Your first visitors will show up here' })).toBeVisible();
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  await expect(page.getByTestId('share-board-url')).toHaveText(boardLink!);
  await expect(page.getByRole('button', { name: 'Copy your board’s link' })).toBeVisible();
  await expect(page.getByText('Your board has no live jobs yet.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Add a job source' })).toHaveAttribute(
    'href',
    '/dashboard/job-sources',
  );
  await expect(page.getByRole('heading', { name: 'First call' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'analytics-01-empty');

  const key = await createKey(page);
  const engineer = await postJob(request, key, {
    title: 'Data Engineer',
    company_name: 'Harbor Freight Labs',
    description: 'Build the pipelines that route our ships.',
    location: 'Rotterdam',
    job_type: 'full-time',
    category: 'Engineering',
    how_to_apply_method: 'form-internal',
    contact_email: 'jobs@harbor.example',
  });
  const designer = await postJob(request, key, {
    title: 'Product Designer',
    company_name: 'Quay Studio',
    description: 'Design the tools our crews use.',
    is_remote: true,
    category: 'Design',
    how_to_apply_method: 'form-external',
    how_to_apply: 'https://quay.example/careers',
  });
  const quiet = await postJob(request, key, {
    title: 'Harbor Pilot',
    company_name: 'Port Authority',
    description: 'Guide ships into the harbor.',
    how_to_apply_method: 'email',
    contact_email: 'pilots@harbor.example',
  });
  const slug = (await (await request.get('/api/organization', { headers: { 'x-api-key': key } })).json()).data
    .slug;
  const base = `/b/${slug}`;

  // From Google: the home page, the job, its Apply button (counted, then back to the form), an application.
  const fromGoogle = await visitor(browser, baseURL!, '203.0.113.10', desktop(131));
  await fromGoogle.goto(base, { referer: 'https://www.google.com/' });
  await fromGoogle.getByRole('link', { name: 'Data Engineer' }).first().click();
  await expect(fromGoogle.getByRole('heading', { level: 1, name: 'Data Engineer' })).toBeVisible();
  await fromGoogle.getByRole('link', { name: 'Apply now' }).click();
  await expect(fromGoogle).toHaveURL(new RegExp(`${base}/jobs/${engineer.slug}#apply$`));
  await fromGoogle.getByLabel('Full name').fill('Ada Lovelace');
  await fromGoogle.getByLabel('Email').fill('ada@example.com');
  await fromGoogle.getByLabel('Cover letter').fill('I have built data pipelines for ten years.');
  await fromGoogle
    .getByLabel('Resume')
    .setInputFiles({ name: 'ada.pdf', mimeType: 'application/pdf', buffer: PDF });
  await fromGoogle.getByRole('button', { name: 'Send application' }).click();
  await expect(fromGoogle.getByRole('heading', { name: 'Application sent' })).toBeVisible();

  // From LinkedIn on a phone, straight to a job; from a newsletter link, the home page and a job.
  const fromLinkedIn = await visitor(browser, baseURL!, '203.0.113.20', PHONE);
  await fromLinkedIn.goto(`${base}/jobs/${designer.slug}`, { referer: 'https://www.linkedin.com/' });
  await expect(fromLinkedIn.getByRole('heading', { level: 1, name: 'Product Designer' })).toBeVisible();
  const fromNewsletter = await visitor(browser, baseURL!, '203.0.113.30', desktop(130));
  await fromNewsletter.goto(`${base}?utm_source=newsletter`);
  await fromNewsletter.getByRole('link', { name: 'Data Engineer' }).first().click();
  await expect(fromNewsletter.getByRole('heading', { level: 1, name: 'Data Engineer' })).toBeVisible();

  // Events are written in batches: reload until they are counted.
  const topJobs = page.getByRole('region', { name: 'Top jobs' });
  const engineerRow = topJobs.getByRole('row').filter({ hasText: 'Data Engineer' });
  await expect(async () => {
    await page.goto('/dashboard');
    expect(await numberIn(page.getByTestId('metric-visitors'))).toBeGreaterThanOrEqual(3);
    expect(await numberIn(page.getByTestId('metric-applications'))).toBeGreaterThanOrEqual(1);
    await expect(engineerRow).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByRole('link', { name: '30 days' })).toHaveAttribute('aria-current', 'page');
  expect(await numberIn(page.getByTestId('metric-job_views'))).toBeGreaterThanOrEqual(3);
  // Everyone is new: no visitor in the 30 days before.
  await expect(page.getByText('none in the 30 days before').first()).toBeAttached();
  const [views, clicks, applications, rate] = await engineerRow.getByRole('cell').all();
  expect(await numberIn(views!)).toBeGreaterThanOrEqual(2);
  expect(await numberIn(clicks!)).toBeGreaterThanOrEqual(1);
  expect(await numberIn(applications!)).toBeGreaterThanOrEqual(1);
  await expect(rate!).toHaveText(/^\d+(\.\d)?%$/);
  await expect(topJobs.getByRole('link', { name: 'Product Designer' })).toBeVisible();
  const sources = page.getByRole('region', { name: 'Top sources' });
  for (const source of ['Google', 'LinkedIn', 'newsletter']) await expect(sources).toContainText(source);
  await expect(page.getByRole('region', { name: 'Top pages' })).toContainText(`/jobs/${engineer.slug}`);
  await expect(page.getByRole('heading', { name: 'Your first visitors will show up here' })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, 'analytics-02-overview');

  // The chart's numbers as a table, for everyone who does not read lines.
  await page.getByText('Show the numbers as a table').click();
  const table = page.getByTestId('trend-table');
  await expect(table.getByRole('columnheader')).toHaveText(['Day', 'Visitors', 'Page views']);
  await expect(table.getByRole('row')).toHaveCount(31);
  expect(await numberIn(table.getByRole('row').nth(1).getByRole('cell').first())).toBeGreaterThanOrEqual(3);
  await expectAccessible(page);

  // Other periods are links.
  await page.getByRole('navigation', { name: 'Period' }).getByRole('link', { name: 'Today' }).click();
  await expect(page).toHaveURL(/\/dashboard\?period=day$/);
  await expect(page.getByRole('link', { name: 'Today' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('compared with yesterday')).toBeVisible();
  expect(await numberIn(page.getByTestId('metric-visitors'))).toBeGreaterThanOrEqual(3);
  await expectAccessible(page);
  await shot(page, 'analytics-03-today');
  await page.getByRole('link', { name: '12 months' }).click();
  await expect(page).toHaveURL(/\?period=12mo$/);
  await expect(page.getByTestId('trend-chart')).toBeVisible();
  await expect(page.getByText('Per month, UTC time.')).toBeVisible();
  await shot(page, 'analytics-04-12-months');

  // The job's page in the dashboard: its own funnel.
  await page.getByRole('link', { name: '30 days' }).click();
  // Once the 30 days are shown: a click on the 12 months' list was overtaken by that navigation.
  await expect(page).toHaveURL(/\?period=30d$/);
  await topJobs.getByRole('link', { name: 'Data Engineer' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/jobs/${engineer.id}$`));
  const funnel = page.getByRole('region', { name: 'Last 30 days on the board' });
  expect(await numberIn(funnel.getByTestId('funnel-views'))).toBeGreaterThanOrEqual(2);
  expect(await numberIn(funnel.getByTestId('funnel-apply-clicks'))).toBeGreaterThanOrEqual(1);
  expect(await numberIn(funnel.getByTestId('funnel-applications'))).toBeGreaterThanOrEqual(1);
  await expect(funnel).toContainText(/\d+ unique visitors/);
  await expect(funnel).toContainText(/[\d.]+% of views/);
  await expect(funnel).toContainText(/[\d.]+% of apply clicks/);
  await expect(funnel.getByRole('region', { name: 'Top sources' })).toContainText('Google');
  await expect(funnel.getByTestId('job-views-chart')).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'analytics-05-job-funnel');

  // A job that sends applicants elsewhere says why its funnel ends at the apply click.
  await page.goto(`/dashboard/jobs/${designer.id}`);
  await expect(
    page
      .getByRole('region', { name: 'Last 30 days on the board' })
      .getByText(/sees the apply clicks but not/),
  ).toBeVisible();
  expect(await numberIn(page.getByTestId('funnel-views'))).toBeGreaterThanOrEqual(1);
  await expectAccessible(page);
  await shot(page, 'analytics-06-external-job');

  // A live job nobody has seen yet: its link, to share.
  await page.goto(`/dashboard/jobs/${quiet.id}`);
  const quietFunnel = page.getByRole('region', { name: 'Last 30 days on the board' });
  await expect(quietFunnel.getByTestId('funnel-views')).toHaveText('0');
  await expect(
    quietFunnel.getByText('No one has viewed this job in the last 30 days.', { exact: false }),
  ).toBeVisible();
  await expect(quietFunnel.getByTestId('share-job-url')).toHaveText(
    `https://${slug}.boards.test/jobs/${quiet.slug}`,
  );
  await expectAccessible(page);
});
