// Board members sign in by email: the code typed on the board, and the link whose page POSTs.
import { expect, test } from '@playwright/test';
import { expectAccessible, screenshot as shot, signInMail, signUp } from './helpers';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);

test('a job seeker signs in with the emailed code, then with the link, and signs out', async ({
  page,
  browser,
  baseURL,
}) => {
  await signUp(page, { board: 'Member Board' });
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  const slug = new URL(boardLink!, baseURL).hostname.split('.')[0]!;
  const base = `/b/${slug}`;
  const visitor = await browser.newContext({ baseURL });
  const board = await visitor.newPage();
  const email = `seeker-${Date.now()}@example.com`;

  await board.goto(base);
  await board.getByRole('link', { name: 'Sign in' }).click();
  await expect(board.getByRole('heading', { level: 1, name: 'Sign in to Member Board' })).toBeVisible();
  await expectAccessible(board);
  await shot(board, 'members-01-sign-in');
  await board.getByLabel('Email').fill('not-an-email');
  await board.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(board.getByText('Enter an email address like name@example.com.')).toBeVisible();
  await expect(board.getByLabel('Email')).toHaveValue('not-an-email');
  await board.getByLabel('Email').fill(email);
  await board.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(board.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expectAccessible(board);

  const first = await signInMail(email);
  const { code } = first;
  await board.getByLabel('Code').fill(code === '000000' ? '111111' : '000000');
  await board.getByRole('button', { name: 'Sign in' }).click();
  await expect(board.getByText('That code is not right. 4 attempts left.')).toBeVisible();
  await shot(board, 'members-02-code');
  await board.getByLabel('Code').fill(code);
  await board.getByRole('button', { name: 'Sign in' }).click();
  await expect(board).toHaveURL(new RegExp(`${base}/account$`));
  await expect(board.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(board.getByRole('link', { name: 'Your account' })).toBeVisible();
  const cookie = (await visitor.cookies()).find((c) => c.name === 'bk_member')!;
  expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: base });
  await board.getByLabel('Name').fill('Sam Seeker');
  await board.getByLabel('Picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await board.getByRole('button', { name: 'Save profile' }).click();
  await expect(board.getByText('Saved.')).toBeVisible();
  await expect(board.getByRole('img', { name: 'Sam Seeker, as others see you' })).toBeVisible();
  await expectAccessible(board);
  await shot(board, 'members-03-account');
  await board.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(board.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await board.goto(`${base}/account`);
  await expect(board).toHaveURL(new RegExp(`${base}/sign-in`));

  // The link: its page signs in only when the button is pressed.
  await board.getByLabel('Email').fill(email.toUpperCase());
  await board.getByRole('button', { name: 'Email me a sign-in code' }).click();
  await expect(board.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  const { token } = await signInMail(email, [first.token]);
  await board.goto(`${base}/sign-in/verify?token=${token}`);
  await expect(board.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(board);
  await board.getByRole('button', { name: 'Sign in' }).click();
  await expect(board).toHaveURL(new RegExp(`${base}/account$`));
  await expect(board.getByLabel('Name')).toHaveValue('Sam Seeker');
  await visitor.close();

  // The owner sees the new member, and their page.
  await page.goto('/dashboard/members');
  await expect(page.getByRole('link', { name: 'Sam Seeker' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'members-04-dashboard');
  await page.getByRole('link', { name: 'Sam Seeker' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Sam Seeker' })).toBeVisible();
  await expect(page.getByText(`${email} · Job seeker`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'members-05-member');

  // An erasure request that reached the owner.
  await page.getByRole('button', { name: 'Erase member Sam Seeker' }).click();
  await expect(page.getByRole('dialog', { name: 'Erase Sam Seeker?' })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Erase' }).click();
  await expect(page).toHaveURL(/\/dashboard\/members$/);
  await expect(page.getByRole('link', { name: 'Sam Seeker' })).toHaveCount(0);
});
