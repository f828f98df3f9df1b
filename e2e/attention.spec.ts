// What needs the owner's attention on the overview: an employer signs up on the board and waits,
// the owners are mailed a link, the owner approves from the overview (focus on the answer) and the
// item goes; a paid job expiring soon names itself; a job pending review leads to the jobs list
// filtered by pending. Accessible and without sideways scrolling at 320 px, with items and without.
import { expect, type Page, test } from '@playwright/test';
import {
  api,
  createKey,
  expectAccessible,
  mailTo,
  screenshot as shot,
  signInOnBoard,
  signUp,
} from './helpers';

/** Nothing wider than the screen: the page does not scroll sideways. */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

/** The overview at 1280 and 320 px: checked with axe, shot under `name`. */
async function lookAtOverview(page: Page, name: string) {
  await expectAccessible(page);
  await shot(page, `${name}-1280`);
  await page.setViewportSize({ width: 320, height: 720 });
  await expectNoSidewaysScroll(page);
  await expectAccessible(page);
  await shot(page, `${name}-320`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('an employer waiting for approval shows on the overview until the owner approves them there', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const ownerEmail = `owner-${Date.now()}@example.com`;
  await signUp(page, { board: 'Harbour Jobs', email: ownerEmail });
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  const base = `/b/${new URL(boardLink!, baseURL).hostname.split('.')[0]}`;

  // Nothing to do yet: one line says so.
  await expect(page.getByText('All clear: nothing needs your attention.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Needs your attention' })).toHaveCount(0);
  await lookAtOverview(page, 'attention-01-all-clear');

  // An employer signs up on the board; the board approves employers first (its default).
  const employerEmail = `hiring-${Date.now()}@acme.example`;
  const employerName = employerEmail.split('@')[0]!;
  const visitor = await browser.newContext({ baseURL });
  const board = await visitor.newPage();
  await board.goto(`${base}/sign-in`);
  await signInOnBoard(board, employerEmail, 'employer');
  await expect(board.getByText('waiting for approval by the board')).toBeVisible();

  // The owner is told by mail, with a link to the member's page.
  const mail = await mailTo(ownerEmail, (candidate) =>
    /waits for your approval/.test(candidate.subject ?? ''),
  );
  expect(mail.subject).toBe(`${employerEmail} waits for your approval to post jobs on Harbour Jobs`);
  const link = /Review and approve: (\S+)/.exec(mail.text ?? '')![1]!;
  expect(link).toMatch(new RegExp(`^${baseURL}/dashboard/members/[0-9a-f-]{36}$`));

  // And a job waits for review.
  const key = await createKey(page);
  const job = await api(request, key, 'post', '/jobs', {
    title: 'Harbour Pilot',
    description: 'Bring the ships in.',
    company_name: 'Port Authority',
    status: 'pending',
  });

  await page.goto('/dashboard');
  const attention = page.getByRole('region', { name: 'Needs your attention' });
  const employers = page.getByTestId('attention-employers');
  await expect(employers.getByRole('heading', { name: '1 employer waits for approval' })).toBeVisible();
  await expect(employers.getByText(employerEmail)).toBeVisible();
  await expect(employers.getByRole('link', { name: 'Review employers' })).toHaveAttribute(
    'href',
    '/dashboard/members?role=employer&approval_status=pending',
  );
  const jobs = page.getByTestId('attention-jobs');
  await expect(jobs.getByRole('heading', { name: '1 job waits for review' })).toBeVisible();
  await expect(page.getByText('All clear: nothing needs your attention.')).toHaveCount(0);
  await expect(attention).toBeVisible();
  await lookAtOverview(page, 'attention-02-items');

  // Approved right there: focus lands on the answer, and the item goes.
  await employers.getByRole('button', { name: `Approve ${employerEmail}` }).click();
  const status = page.getByRole('status').filter({ hasText: 'is approved and can post jobs now' });
  await expect(status).toBeFocused();
  await expect(status).toHaveText(`${employerEmail} is approved and can post jobs now.`);
  await expect(page.getByTestId('attention-employers')).toHaveCount(0);
  await expect(jobs).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'attention-03-approved');

  // The mail's link leads to the member, approved now.
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: employerName })).toBeVisible();
  await expect(page.getByText('approved', { exact: true }).first()).toBeVisible();

  // Approved, the employer posts a job on a 5-day plan: paid and live, it expires within the week.
  await api(request, key, 'put', '/organization/payments', { provider: 'local' });
  await api(request, key, 'post', '/plans', {
    name: 'Short post',
    kind: 'job_post',
    amount: 4900,
    currency: 'USD',
    jobs_included: 1,
    job_duration_days: 5,
  });
  await board.goto(`${base}/post-a-job`);
  await expect(board.getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible();
  await board.getByRole('textbox', { name: 'Job title', exact: true }).fill('Tide Planner');
  await board.getByRole('textbox', { name: 'Company name', exact: true }).fill('Acme Shipping');
  await board.getByRole('textbox', { name: 'Description', exact: true }).fill('Plan the tides.');
  await board.getByRole('textbox', { name: 'From', exact: true }).fill('50,000');
  await board.getByRole('textbox', { name: 'Currency', exact: true }).fill('EUR');
  await board.getByRole('button', { name: 'Post the job' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Pay for Short post' })).toBeVisible();
  await board.getByRole('button', { name: 'Pay $49' }).click();
  await expect(board).toHaveURL(new RegExp(`${base}/post-a-job/[0-9a-f-]{36}$`));
  await page.goto('/dashboard');
  const expiring = page.getByTestId('attention-expiring');
  await expect(expiring.getByRole('heading', { name: '1 paid job expires within 7 days' })).toBeVisible();
  const paidLink = expiring.getByRole('link', { name: 'Tide Planner' });
  const paidId = (await paidLink.getAttribute('href'))!.split('/').at(-1)!;
  await lookAtOverview(page, 'attention-04-expiring');

  // The job's item leads to the jobs list filtered by pending; once it is published and the paid
  // job renewed, all is clear.
  await jobs.getByRole('link', { name: 'Review jobs' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs\?status=pending$/);
  await expect(page.getByRole('link', { name: 'Harbour Pilot' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tide Planner' })).toHaveCount(0);
  await api(request, key, 'patch', `/jobs/${job.id}`, { status: 'active' });
  await api(request, key, 'patch', `/jobs/${paidId}`, {
    expires_at: new Date(Date.now() + 60 * 24 * 3600 * 1000).toISOString(),
  });
  await page.goto('/dashboard');
  await expect(page.getByText('All clear: nothing needs your attention.')).toBeVisible();
  await expectAccessible(page);
  await visitor.close();
});
