// Job alerts as a job seeker uses them: subscribe from the jobs list, confirm from the mail, receive
// a new job within a minute, stop it with the mail's one-click unsubscribe; the owner's views.
import { expect, test } from '@playwright/test';
import { createKey, expectAccessible, mailTo, screenshot as shot, signUp } from './helpers';

test('a visitor subscribes to a job alert, confirms it, gets a new job by mail and unsubscribes in one click', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(150_000);
  await signUp(page, { board: 'Alert Board' });
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  const slug = new URL(boardLink!, baseURL).hostname.split('.')[0]!;
  const base = `/b/${slug}`;
  // Mail links carry the board's canonical host-mode address; the same paths answer in path mode.
  const local = (url: string) => url.replace(`https://${slug}.boards.test`, `${baseURL}${base}`);
  const key = await createKey(page);
  const email = `alerts-${Date.now()}@example.com`;

  const visitor = await browser.newContext({ baseURL });
  const board = await visitor.newPage();
  await board.goto(`${base}?q=gardener`);
  await board.getByRole('link', { name: 'Email me new jobs like these' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Get new jobs by email' })).toBeVisible();
  await expect(board.getByLabel('Keywords')).toHaveValue('gardener');
  await board.getByLabel('Email', { exact: true }).fill('not-an-email');
  await board.getByRole('button', { name: 'Create alert' }).click();
  await expect(board.getByText('Enter an email address like name@example.com.')).toBeVisible();
  await expect(board.getByLabel('Keywords')).toHaveValue('gardener');
  await expectAccessible(board);
  await shot(board, 'alerts-01-form');
  await board.getByLabel('Email', { exact: true }).fill(email);
  await board.getByLabel(/Instantly/).check();
  await board.getByRole('button', { name: 'Create alert' }).click();
  await expect(board.getByText('Check your inbox.')).toBeVisible();

  const confirmation = await mailTo(
    email,
    (mail) => mail.subject === 'Confirm your job alert on Alert Board',
  );
  const confirmUrl = /(https?:\/\/\S+\/alerts\/confirm\?token=\S+)/.exec(confirmation.text ?? '')![1]!;
  await board.goto(local(confirmUrl));
  await expect(
    board.getByText(`${email} will get “gardener” jobs, as soon as a job is posted.`),
  ).toBeVisible();
  await expectAccessible(board);
  await shot(board, 'alerts-02-confirm');
  await board.getByRole('button', { name: 'Confirm alert' }).click();
  await expect(board.getByText(`Alert confirmed. New jobs will come to ${email}.`)).toBeVisible();
  await expect(board.getByText('“gardener” jobs')).toBeVisible();
  await expectAccessible(board);
  await shot(board, 'alerts-03-manage');

  const created = await request.post('/api/jobs', {
    headers: { 'x-api-key': key },
    data: { title: 'Head Gardener', company_name: 'Kew', description: 'Look after the glasshouses.' },
  });
  expect(created.status()).toBe(200);
  await request.post('/api/jobs', {
    headers: { 'x-api-key': key },
    data: { title: 'Accountant', company_name: 'Kew', description: 'Count the plants.' },
  });
  // The alert worker runs every 30 seconds.
  const alert = await mailTo(email, (mail) => mail.subject === 'New job: Head Gardener at Kew', 75_000);
  const header = alert.headerLines.find((line) => line.key === 'list-unsubscribe')!.line;
  expect(alert.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe(
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  );
  const oneClick = /<(https:\/\/[^>]+)>/.exec(header)![1]!;
  expect(header).toMatch(/<mailto:[^>]+>/);
  const unsubscribed = await request.post(local(oneClick), {
    form: { 'List-Unsubscribe': 'One-Click' },
  });
  expect(unsubscribed.status()).toBe(200);
  const listed = await request.get(`/api/alerts?email=${encodeURIComponent(email)}`, {
    headers: { 'x-api-key': key },
  });
  expect((await listed.json()).data).toMatchObject([{ status: 'unsubscribed', frequency: 'instant' }]);
  await visitor.close();

  await page.goto('/dashboard/alerts');
  await expect(page.getByRole('heading', { level: 1, name: 'Job alerts' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'alerts-04-dashboard');
  const csv = await page.request.get('/dashboard/alerts/export');
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  expect(await csv.text()).toContain(`${email},unsubscribed,instant,gardener`);
  await page.goto('/dashboard/mail');
  await expect(page.getByText('New job: Head Gardener at Kew')).toBeVisible();
  await page.getByText('Open message').first().click();
  await expectAccessible(page);
  await shot(page, 'alerts-05-mail-log');
});
