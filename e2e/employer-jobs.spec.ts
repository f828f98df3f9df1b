// An employer's own job after it is paid for: edited with the job form (problems beside the fields),
// its new title on the board, then closed from the account page (confirmed without JavaScript) and
// gone from the board. No one else can open its edit page.
import { expect, test } from '@playwright/test';
import {
  createKey,
  expectAccessible,
  sellOnBoard,
  screenshot as shot,
  signInOnBoard,
  signUp,
} from './helpers';

test('an employer edits their job, sees it on the board, then closes it', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  // Two sign-ins, a checkout, the edit form twice and a close.
  test.setTimeout(180_000);
  await signUp(page, { board: 'Edit Board' });
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  const base = `/b/${new URL(boardLink!, baseURL).hostname.split('.')[0]}`;
  const key = await createKey(page);
  await sellOnBoard(request, key);
  /** The board's job list as a visitor without a session gets it: the cached page. */
  const publicList = async () => (await request.get(base)).text();

  // Posted and paid, as in payments.spec.ts.
  const employerContext = await browser.newContext({ baseURL });
  const board = await employerContext.newPage();
  await board.goto(`${base}/post-a-job`);
  await expect(board).toHaveURL(/\/sign-in\?next=/);
  await signInOnBoard(board, `hiring-${Date.now()}@example.com`, 'employer');
  await expect(board.getByRole('heading', { level: 1, name: 'Post a job' })).toBeVisible();
  await board.getByRole('textbox', { name: 'Job title', exact: true }).fill('Robotics Engineer');
  await board.getByRole('textbox', { name: 'Company name', exact: true }).fill('Acme Robotics');
  await board
    .getByRole('textbox', { name: 'Description', exact: true })
    .fill('Build robot arms.\n\n- ROS\n- C++');
  await board.getByRole('textbox', { name: 'From', exact: true }).fill('70,000');
  await board.getByRole('textbox', { name: 'Currency', exact: true }).fill('EUR');
  await board.getByRole('button', { name: 'Post the job' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Pay for Featured post' })).toBeVisible();
  await board.getByRole('button', { name: 'Pay $49' }).click();
  await expect(board).toHaveURL(new RegExp(`${base}/post-a-job/[0-9a-f-]{36}$`));
  const statusPath = new URL(board.url()).pathname;
  const editPath = `${statusPath}/edit`;
  await expect(board.getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
  expect(await publicList()).toContain('Robotics Engineer');

  // The edit page: the job form filled in, without the choice of how to pay; private and never cached.
  await board.getByRole('link', { name: 'Edit this job' }).click();
  await expect(board).toHaveURL(editPath);
  await expect(board.getByRole('heading', { level: 1, name: 'Edit your job' })).toBeVisible();
  await expect(board.getByRole('textbox', { name: 'Job title', exact: true })).toHaveValue(
    'Robotics Engineer',
  );
  await expect(board.getByRole('textbox', { name: 'Description', exact: true })).toHaveValue(
    'Build robot arms.\n\n- ROS\n- C++',
  );
  await expect(board.getByRole('textbox', { name: 'From', exact: true })).toHaveValue('70000');
  await expect(board.getByRole('radio', { name: /^Through this board/ })).toBeChecked();
  await expect(board.getByRole('heading', { name: 'How to pay' })).toHaveCount(0);
  await expect(board.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  const editResponse = await employerContext.request.get(editPath);
  expect(editResponse.status()).toBe(200);
  expect(editResponse.headers()['cache-control']).toContain('no-store');
  await expectAccessible(board);
  await shot(board, 'employer-jobs-01-edit');

  // Problems: the summary takes focus, each field says what is wrong, and what was typed stays.
  await board.getByRole('textbox', { name: 'Job title', exact: true }).fill('');
  await board.getByRole('textbox', { name: 'To', exact: true }).fill('50000');
  await board.getByRole('button', { name: 'Save changes' }).click();
  const summary = board.getByRole('alert').filter({ hasText: 'Please fix these before saving' });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText([
    'Enter the job title.',
    'The maximum salary must be at least the minimum.',
  ]);
  await expect(board.getByRole('textbox', { name: 'Job title', exact: true })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
  await expect(board.getByRole('textbox', { name: 'To', exact: true })).toHaveAccessibleDescription(
    'The maximum salary must be at least the minimum.',
  );
  await expect(board.getByRole('textbox', { name: 'To', exact: true })).toHaveValue('50000');
  await expect(board.getByRole('textbox', { name: 'Company name', exact: true })).toHaveValue(
    'Acme Robotics',
  );
  await expectAccessible(board);
  await shot(board, 'employer-jobs-02-edit-errors');

  await summary.getByRole('link', { name: 'Enter the job title.' }).click();
  await expect(board.getByRole('textbox', { name: 'Job title', exact: true })).toBeFocused();
  await board.getByRole('textbox', { name: 'Job title', exact: true }).fill('Senior Robotics Engineer');
  await board.getByRole('textbox', { name: 'To', exact: true }).fill('90000');
  await board.getByRole('button', { name: 'Save changes' }).click();
  await expect(board).toHaveURL(`${statusPath}?saved=1`);
  await expect(board.getByRole('status')).toHaveText('Saved: your changes are on the job.');
  await expect(board.getByRole('heading', { level: 1, name: 'Senior Robotics Engineer' })).toBeVisible();
  await expect(board.getByRole('heading', { level: 2, name: 'Live' })).toBeVisible();
  await expect(board.getByText('Featured', { exact: true })).toBeVisible();
  await expectAccessible(board);
  await shot(board, 'employer-jobs-03-saved');

  // The board lists it under its new title, for members and for the cached public page alike.
  await board.goto(base);
  const listed = (title: string) =>
    board.getByRole('main').getByRole('heading', { level: 3, name: title, exact: true });
  await expect(listed('Senior Robotics Engineer')).toBeVisible();
  await expect(listed('Robotics Engineer')).toHaveCount(0);
  expect(await publicList()).toContain('Senior Robotics Engineer');

  // From the account page, Close opens the job's status page at the confirmation.
  await board.goto(`${base}/account`);
  const jobs = board.getByRole('region', { name: 'Your jobs' });
  const listedJob = jobs.getByRole('listitem').filter({ hasText: 'Senior Robotics Engineer' });
  const edit = listedJob.getByRole('link', { name: 'Edit', exact: true });
  await expect(edit).toHaveAttribute('href', editPath);
  await expect(edit).toHaveAccessibleDescription('Senior Robotics Engineer');
  await expectAccessible(board);
  await shot(board, 'employer-jobs-04-account');
  await listedJob.getByRole('link', { name: 'Close', exact: true }).click();
  await expect(board).toHaveURL(`${statusPath}?close=1#close-job`);
  await expect(board.getByRole('button', { name: 'Yes, close this job' })).toBeVisible();
  await expectAccessible(board);
  await shot(board, 'employer-jobs-05-close-confirmation');

  // Closing needs no JavaScript: the summary opens the confirmation, the button posts the form.
  const plainContext = await browser.newContext({
    baseURL,
    javaScriptEnabled: false,
    storageState: await employerContext.storageState(),
  });
  const plain = await plainContext.newPage();
  await plain.goto(statusPath);
  const confirm = plain.getByRole('button', { name: 'Yes, close this job' });
  await expect(confirm).toBeHidden();
  await plain.locator('summary', { hasText: 'Close this job' }).click();
  await confirm.click();
  await expect(plain).toHaveURL(`${statusPath}?closed=1`);
  await expect(plain.getByRole('status')).toHaveText(
    'Job closed: it is no longer on Edit Board and takes no more applications.',
  );
  await expect(plain.getByRole('heading', { level: 2, name: 'Expired' })).toBeVisible();
  await expect(plain.getByRole('link', { name: 'Edit this job' })).toHaveCount(0);
  await expect(plain.getByRole('main').locator('summary')).toHaveCount(0);
  await shot(plain, 'employer-jobs-06-closed');

  // Gone from the board; the account keeps it, with nothing left to do.
  await board.goto(base);
  await expect(listed('Senior Robotics Engineer')).toHaveCount(0);
  expect(await publicList()).not.toContain('Senior Robotics Engineer');
  await board.goto(`${base}/account`);
  await expect(jobs.getByRole('link', { name: 'Senior Robotics Engineer', exact: true })).toBeVisible();
  await expect(jobs).toContainText(/Expired · Expired \w+ \d+, \d{4}/);
  await expect(jobs.getByRole('link', { name: /^(Edit|Close)$/ })).toHaveCount(0);

  // A closed job's edit page says why there is no form.
  await board.goto(editPath);
  await expect(board.getByText('This job has expired, so it can no longer be changed.')).toBeVisible();
  await expect(board.getByRole('textbox', { name: 'Job title', exact: true })).toHaveCount(0);
  await expectAccessible(board);
  await shot(board, 'employer-jobs-07-edit-expired');

  // Signed out: sign-in, coming back to the edit page. Another employer: the board's 404.
  const otherContext = await browser.newContext({ baseURL });
  const other = await otherContext.newPage();
  await other.goto(editPath);
  await expect(other).toHaveURL(/\/sign-in\?next=/);
  expect(new URL(other.url()).searchParams.get('next')).toBe(editPath.slice(base.length));
  await signInOnBoard(other, `other-${Date.now()}@example.com`, 'employer');
  await expect(other).toHaveURL(editPath);
  await expect(other.getByRole('textbox', { name: 'Job title', exact: true })).toHaveCount(0);
  for (const path of [editPath, statusPath]) expect((await other.goto(path))?.status()).toBe(404);

  await employerContext.close();
  await plainContext.close();
  await otherContext.close();
});
