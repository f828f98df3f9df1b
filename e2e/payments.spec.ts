// Selling on the board with the built-in local provider: an employer posts a featured job and pays
// on the test checkout; a reader subscribes (without JavaScript) and finds it in their account.
import { expect, test } from '@playwright/test';
import {
  api,
  createKey,
  expectAccessible,
  sellOnBoard,
  screenshot as shot,
  signInOnBoard,
  signUp,
} from './helpers';

test('an employer pays for a featured job and a reader subscribes, on the local checkout', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Two members through sign-in, the job form twice and two checkouts.
  test.setTimeout(180_000);
  await signUp(page, { board: 'Paid Board' });
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  const base = `/b/${new URL(boardLink!, baseURL).hostname.split('.')[0]}`;
  const key = await createKey(page);

  // Nothing for sale yet: no Pricing link, and the page says so.
  const employerContext = await browser.newContext({ baseURL });
  const board = await employerContext.newPage();
  await board.goto(base);
  await expect(board.getByRole('link', { name: 'Pricing' })).toHaveCount(0);
  await board.goto(`${base}/pricing`);
  await expect(board.getByText('This board does not sell anything yet.')).toBeVisible();
  await expectAccessible(board);

  await sellOnBoard(request, key, { readerPass: true });

  // The pricing page, grouped by who the plans are for.
  await board.goto(base);
  await board.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Pricing' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Pricing' })).toBeVisible();
  const employers = board.getByRole('region', { name: 'For employers' });
  await expect(employers.getByRole('heading', { level: 3, name: 'Featured post' })).toBeVisible();
  await expect(employers.getByRole('article')).toContainText('$49one-time');
  await expect(employers.getByRole('list', { name: 'Featured post includes' })).toHaveText(
    /1 job post\s*Featured placement\s*Listed 30 days/,
  );
  const readers = board.getByRole('region', { name: 'For readers' });
  await expect(readers.getByRole('article')).toContainText('$9/month');
  await expect(readers.getByRole('button', { name: 'Subscribe to Reader pass' })).toBeVisible();
  await expectAccessible(board);
  await shot(board, 'payments-01-pricing');

  // Job plans lead to the job form, through sign-in.
  await employers.getByRole('link', { name: 'Post a job with Featured post' }).click();
  await expect(board).toHaveURL(/\/sign-in\?next=/);
  const employerEmail = `hiring-${Date.now()}@example.com`;
  await signInOnBoard(board, employerEmail, 'employer');
  await expect(board).toHaveURL(new RegExp(`${base}/post-a-job\\?plan=`));
  await expect(board.getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible();
  await expect(board.getByRole('radio', { name: /^Featured post: \$49 one-time/ })).toBeChecked();
  await expect(board.getByRole('textbox', { name: 'Contact email' })).toHaveValue(employerEmail);
  await expectAccessible(board);
  await shot(board, 'payments-02-post-a-job');

  // Everything but the title: the summary takes focus, and what was typed stays.
  await board.getByRole('textbox', { name: 'Company name', exact: true }).fill('Acme Robotics');
  await board.getByRole('textbox', { name: 'Location (optional)', exact: true }).fill('Berlin');
  await board.getByRole('combobox', { name: 'Job type (optional)', exact: true }).selectOption('full-time');
  await board
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Build robot arms.\n\n- ROS\n- C++');
  await board.getByRole('textbox', { name: 'From', exact: true }).fill('70,000');
  await board.getByRole('textbox', { name: 'To', exact: true }).fill('90000');
  await board.getByRole('textbox', { name: 'Currency', exact: true }).fill('EUR');
  await board.getByRole('combobox', { name: 'Period', exact: true }).selectOption('yearly');
  await board.getByRole('radio', { name: /^On your website/ }).check();
  await board
    .getByRole('textbox', { name: 'Application page', exact: true })
    .fill('https://acme.example/jobs/robotics');
  await board.getByRole('button', { name: 'Post the job' }).click();
  const summary = board.getByRole('alert').filter({ hasText: 'Please fix these before posting' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link', { name: 'Enter the job title.' })).toBeVisible();
  await expect(board.getByRole('textbox', { name: 'Job title', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(board.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue(
    'Acme Robotics',
  );
  await expect(board.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
    'Build robot arms.\n\n- ROS\n- C++',
  );
  await expect(board.getByRole('textbox', { name: 'From', exact: true })).toHaveValue('70,000');
  await expect(board.getByRole('combobox', { name: 'Period', exact: true })).toHaveValue('yearly');
  await expect(board.getByRole('radio', { name: /^On your website/ })).toBeChecked();
  await expect(board.getByRole('textbox', { name: 'Application page', exact: true })).toHaveValue(
    'https://acme.example/jobs/robotics',
  );
  await expect(board.getByRole('radio', { name: /^Featured post/ })).toBeChecked();
  await expectAccessible(board);
  await shot(board, 'payments-03-post-a-job-errors');
  await summary.getByRole('link', { name: 'Enter the job title.' }).click();
  await expect(board.getByRole('textbox', { name: 'Job title', exact: true })).toBeFocused();
  await board.getByRole('textbox', { name: 'Job title', exact: true }).fill('Robotics Engineer');
  await board.getByRole('button', { name: 'Post the job' }).click();

  // The local provider's checkout, then the job's status page.
  await expect(board).toHaveURL(new RegExp(`${base}/checkout/lcs_`));
  const checkoutPath = new URL(board.url()).pathname;
  await expect(board.getByRole('heading', { level: 1, name: 'Pay for Featured post' })).toBeVisible();
  await expect(board.getByText('This is a test checkout')).toBeVisible();
  await expect(board.getByText('Robotics Engineer at Acme Robotics')).toBeVisible();
  await expectAccessible(board);
  await shot(board, 'payments-04-checkout');
  await board.getByRole('button', { name: 'Pay $49' }).click();
  await expect(board).toHaveURL(new RegExp(`${base}/post-a-job/[0-9a-f-]{36}$`));
  const statusPath = new URL(board.url()).pathname;
  await expect(board.getByRole('heading', { level: 1, name: 'Robotics Engineer' })).toBeVisible();
  await expect(board.getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
  await expect(board.getByText('Featured', { exact: true })).toBeVisible();
  await expect(board.getByText('Listed until')).toBeVisible();
  await expectAccessible(board);
  await shot(board, 'payments-05-status');
  // Paying again is not possible: the checkout says it is done.
  await board.goto(checkoutPath);
  await expect(board.getByRole('heading', { name: 'This checkout is complete' })).toBeVisible();

  // On the board, the featured job comes first (before a newer one) and wears its badge.
  await api(request, key, 'post', '/jobs', {
    title: 'Office Manager',
    company_name: 'Plain Co',
    description: 'Keep the office running.',
  });
  await board.goto(base);
  const cards = board
    .getByRole('main')
    .getByRole('listitem')
    .filter({ has: board.getByRole('heading', { level: 3 }) });
  await expect(cards.first()).toContainText('Robotics Engineer');
  await expect(cards.first()).toContainText('Featured');
  await expect(cards.nth(1)).toContainText('Office Manager');
  await expect(cards.nth(1)).not.toContainText('Featured');
  await expectAccessible(board);
  await shot(board, 'payments-06-board');

  await board.getByRole('link', { name: 'Your account' }).click();
  const jobs = board.getByRole('region', { name: 'Your jobs' });
  await expect(jobs.getByRole('link', { name: 'Robotics Engineer' })).toBeVisible();
  await expect(jobs).toContainText('Featured');
  await expect(jobs).toContainText(/Live · Expires \w+ \d+, \d{4} · 0 applications/);
  const employerBilling = board.getByRole('region', { name: 'Your subscriptions and payments' });
  await expect(employerBilling).toContainText('Featured post · for “Robotics Engineer”');
  await expect(employerBilling).toContainText('$49 · Paid');
  await expectAccessible(board);
  await shot(board, 'payments-07-employer-account');

  // A reader, without JavaScript: plain forms all the way.
  const readerContext = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const reader = await readerContext.newPage();
  await reader.goto(`${base}/pricing`);
  await reader.getByRole('button', { name: 'Subscribe to Reader pass' }).click();
  await expect(reader).toHaveURL(/\/sign-in\?next=\/pricing$/);
  const readerEmail = `reader-${Date.now()}@example.com`;
  await signInOnBoard(reader, readerEmail, 'candidate');
  await expect(reader).toHaveURL(new RegExp(`${base}/pricing$`));
  await expect(reader.getByRole('region', { name: 'For employers' })).toContainText(
    'Job posts are for employer accounts. Sign in with an employer account to post a job.',
  );
  await reader.getByRole('button', { name: 'Subscribe to Reader pass' }).click();
  await expect(reader).toHaveURL(new RegExp(`${base}/checkout/lcs_`));
  await expect(reader.getByRole('heading', { level: 1, name: 'Pay for Reader pass' })).toBeVisible();
  await expect(reader.getByText('$9/month')).toBeVisible();
  await reader.getByRole('button', { name: 'Pay $9' }).click();
  await expect(reader).toHaveURL(new RegExp(`${base}/account\\?paid=1$`));
  await expect(reader.getByRole('status')).toHaveText(/Thank you: your payment is complete/);
  const readerBilling = reader.getByRole('region', { name: 'Your subscriptions and payments' });
  await expect(readerBilling).toContainText('Reader pass · $9/month');
  await expect(readerBilling).toContainText(/Active · Renews on \w+ \d+, \d{4}/);
  await expect(readerBilling).toContainText('$9 · Paid');
  await expect(reader.getByRole('region', { name: 'Your jobs' })).toHaveCount(0);
  await reader.goto(`${base}/pricing`);
  await expect(reader.getByRole('region', { name: 'For readers' })).toContainText('You have reader access.');
  // Another member's job and checkout are not there for them.
  for (const path of [statusPath, checkoutPath]) expect((await reader.goto(path))?.status()).toBe(404);

  // axe runs in the page: the same session, with JavaScript.
  const readerWithScripts = await browser.newContext({
    baseURL,
    storageState: await readerContext.storageState(),
  });
  const readerPage = await readerWithScripts.newPage();
  await readerPage.goto(`${base}/account?paid=1`);
  await expect(readerPage.getByRole('region', { name: 'Your subscriptions and payments' })).toBeVisible();
  await expectAccessible(readerPage);
  await shot(readerPage, 'payments-08-reader-account');
  // A job seeker on the job form learns how to get an employer account.
  await readerPage.goto(`${base}/post-a-job`);
  await expect(
    readerPage.getByRole('heading', { level: 1, name: 'Job posts need an employer account' }),
  ).toBeVisible();
  await expectAccessible(readerPage);
  await shot(readerPage, 'payments-09-candidate-post-a-job');

  // The reader deletes their account (without scripts): the subscription ends at once, with the member.
  await reader.goto(`${base}/account`);
  await reader.getByRole('button', { name: 'Delete my account' }).click();
  await expect(reader.getByText('Tick the box to confirm that your account goes for good.')).toBeVisible();
  await reader.getByLabel('I understand that my account goes for good.').check();
  await reader.getByRole('button', { name: 'Delete my account' }).click();
  await expect(reader).toHaveURL(new RegExp(`${base}/sign-in\\?erased=1$`));
  await expect(reader.getByRole('status')).toContainText('Your account is deleted');
  await reader.goto(`${base}/account`);
  await expect(reader).toHaveURL(/\/sign-in\?next=/);
  const gone = await request.get(`/api/members/${encodeURIComponent(readerEmail)}`, {
    headers: { 'x-api-key': key },
  });
  expect(gone.status()).toBe(404);
  await employerContext.close();
  await readerContext.close();
  await readerWithScripts.close();
});
