// The dashboard's long lists a page at a time: members, job alerts and mail each reach page 2
// through the pager's links, which keep the list's filters; so do the short lists (categories, API
// keys) once they outgrow a page; a paginated list passes axe.
import { expect, type Page, test } from '@playwright/test';
import { api, createKey, expectAccessible, screenshot, signUp } from './helpers';

/** What the members, alerts and mail lists show a page; two more make a second page. */
const PER_PAGE = 50;
const COUNT = PER_PAGE + 2;

/** What the short lists (categories, authors, secrets, API keys) show a page. */
const ROWS_PER_PAGE = 20;

/** The pager of the list named `plural`. */
const pager = (page: Page, plural: string) => page.getByRole('navigation', { name: `Pages of ${plural}` });

async function expectOnPage(page: Page, plural: string, number: number, of: number) {
  const nav = pager(page, plural);
  await expect(nav.getByText(new RegExp(`^\\d+ ${plural} · page ${number} of ${of}$`))).toBeVisible();
  await expect(nav.getByRole('link', { name: `Page ${number}`, exact: true })).toHaveAttribute(
    'aria-current',
    'page',
  );
}

test('members, alerts and mail reach their second page through the pager, filters kept', async ({
  page,
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(300_000);
  await signUp(page, { board: 'Long Lists' });
  const boardLink = await page.getByRole('link', { name: 'View your board' }).getAttribute('href');
  const slug = new URL(boardLink!, baseURL).hostname.split('.')[0]!;

  // Members through the API; two keys, as a key may POST 30 times a minute.
  const keys = [await createKey(page), await createKey(page)];
  for (let index = 0; index < COUNT; index++)
    await api(request, keys[index % 2]!, 'post', '/members', {
      email: `member-${index}@example.com`,
      name: `Member ${index}`,
    });

  // Alerts as visitors make them on the board; each unconfirmed one queues a confirmation mail.
  // A client may have 30 mails sent every 15 minutes: each visitor comes from its own address.
  const visitor = await browser.newContext({ baseURL });
  const board = await visitor.newPage();
  const network = Math.floor(Math.random() * 200) + 1;
  for (let index = 0; index < COUNT; index++) {
    await board.setExtraHTTPHeaders({ 'x-forwarded-for': `198.19.${network}.${index + 1}` });
    await board.goto(`/b/${slug}/alerts`);
    await board.getByLabel('Email', { exact: true }).fill(`alert-${index}@example.com`);
    await board.getByRole('button', { name: 'Create alert' }).click();
    await expect(board.getByText('Check your inbox.')).toBeVisible();
  }
  await visitor.close();

  // Members, filtered: the page links keep the search.
  await page.goto('/dashboard/members');
  await page.getByLabel('Name or email').fill('Member');
  await page.getByRole('button', { name: 'Filter', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/members\?search=Member$/);
  await expectOnPage(page, 'members', 1, 2);
  await expect(pager(page, 'members').getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pager(page, 'members').getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/members\?search=Member&page=2$/);
  await expectOnPage(page, 'members', 2, 2);
  await expect(page.getByRole('listitem').filter({ hasText: /member-\d+@example\.com/ })).toHaveCount(
    COUNT - PER_PAGE,
  );
  await expect(page.getByLabel('Name or email')).toHaveValue('Member');
  await expect(pager(page, 'members').getByRole('button', { name: 'Next' })).toBeDisabled();
  await expectAccessible(page);

  // Alerts, filtered by status: Next keeps it.
  await page.goto('/dashboard/alerts?status=pending');
  await expect(page.getByLabel('Status')).toHaveValue('pending');
  await expectOnPage(page, 'alerts', 1, 2);
  await pager(page, 'alerts').getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/dashboard\/alerts\?status=pending&page=2$/);
  await expectOnPage(page, 'alerts', 2, 2);
  await expect(page.getByRole('listitem').filter({ hasText: /alert-\d+@example\.com/ })).toHaveCount(
    COUNT - PER_PAGE,
  );
  await expect(page.getByLabel('Status')).toHaveValue('pending');
  await expectAccessible(page);

  // Mail: the confirmations, and back to the first page.
  await page.goto('/dashboard/mail');
  await expectOnPage(page, 'messages', 1, 2);
  await pager(page, 'messages').getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/mail\?page=2$/);
  await expectOnPage(page, 'messages', 2, 2);
  await expect(page.getByText(/Alert confirmation to alert-\d+@example\.com/).first()).toBeVisible();
  await pager(page, 'messages').getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/dashboard\/mail$/);
  await expectOnPage(page, 'messages', 1, 2);
});

test('categories and API keys reach their second page through the pager', async ({ page, request }) => {
  test.setTimeout(300_000);
  await signUp(page, { board: 'Short Lists' });
  // One key more than a page (the first also adds the categories), newest first.
  const key = await createKey(page);
  for (let index = 1; index <= ROWS_PER_PAGE; index++) await createKey(page);
  for (let index = 0; index <= ROWS_PER_PAGE; index++)
    await api(request, key, 'post', '/categories', { name: `Category ${String(index).padStart(2, '0')}` });

  // Categories by name: the last one is alone on page 2, and Previous leads back.
  await page.goto('/dashboard/categories');
  await expectOnPage(page, 'categories', 1, 2);
  await expect(page.getByTestId('category-row')).toHaveCount(ROWS_PER_PAGE);
  await pager(page, 'categories').getByRole('link', { name: 'Page 2', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/categories\?page=2$/);
  await expectOnPage(page, 'categories', 2, 2);
  await expect(page.getByTestId('category-name')).toHaveText([`Category ${ROWS_PER_PAGE}`]);
  await expect(pager(page, 'categories').getByRole('button', { name: 'Next' })).toBeDisabled();
  await expectAccessible(page);
  await pager(page, 'categories').getByRole('link', { name: 'Previous' }).click();
  await expect(page).toHaveURL(/\/dashboard\/categories$/);
  await expectOnPage(page, 'categories', 1, 2);

  // API keys: Next reaches the oldest, the one made first.
  await page.goto('/dashboard/api-keys');
  await expectOnPage(page, 'API keys', 1, 2);
  await expect(page.getByTestId('api-key-row')).toHaveCount(ROWS_PER_PAGE);
  await pager(page, 'API keys').getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/dashboard\/api-keys\?page=2$/);
  await expectOnPage(page, 'API keys', 2, 2);
  await expect(page.getByTestId('api-key-row')).toHaveCount(1);
  // Its display prefix: `bk_` and 8 characters.
  await expect(page.getByTestId('api-key-row')).toContainText(key.slice(0, 11));
  await expectAccessible(page);
  await screenshot(page, 'dashboard-api-keys-page-2');
});
