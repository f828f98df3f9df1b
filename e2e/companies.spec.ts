// A board owner gives an employer a company: its logo, site and introduction, the jobs that join it
// by name, a page on the board; then renames it from its editor.
import { expect, type Page, test } from '@playwright/test';
import { api, createKey, expectAccessible, screenshot as shot, signUp } from './helpers';

const companyRow = (page: Page, name: string) => page.getByTestId('company-row').filter({ hasText: name });

test('a board owner adds a company with a logo, sees it listed, edits it and opens its editor', async ({
  page,
  request,
  baseURL,
}) => {
  await signUp(page, { board: 'Companies Board' });
  // A job under the name before the company exists: adding the company takes it in.
  const key = await createKey(page);
  await api(request, key, 'post', '/jobs', {
    title: 'Site Reliability Engineer',
    company_name: 'Acme',
    description: 'Keep the lights on.',
  });

  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Companies' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Companies' })).toBeVisible();
  await expect(page.getByText('No companies yet')).toBeVisible();
  await expect(page.getByText(/Jobs join a company by name automatically/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'companies-01-empty');

  // Refused: the message is on the input, and what was typed stays.
  await page.getByLabel('Website (optional)').fill('https://acme.example');
  await page.getByRole('button', { name: 'Add company' }).click();
  await expect(page.getByLabel('Name', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Company name is required')).toBeVisible();
  await expect(page.getByLabel('Website (optional)')).toHaveValue('https://acme.example');
  await expectAccessible(page);
  await shot(page, 'companies-02-refused');

  const logo = `${baseURL}/icon.svg`;
  await page.getByLabel('Name', { exact: true }).fill('Acme');
  await page.getByLabel('Logo (optional)').fill(logo);
  await expect(page.locator(`img[src="${logo}"]`)).toBeVisible();
  await page.getByLabel('Introduction (optional)').fill('We make anvils that never miss.');
  await page.getByRole('button', { name: 'Add company' }).click();
  await expect(page.getByText('Added Acme. 1 job under this name joined it.')).toBeVisible();
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('');

  const row = companyRow(page, 'Acme');
  await expect(row).toContainText('1 job · 1 live');
  await expect(row.locator(`img[src="${logo}"]`)).toBeVisible();
  const boardPage = row.getByRole('link', { name: /View page/ });
  await expect(boardPage).toHaveAttribute('href', /\/companies\/acme$/);
  await expect(boardPage).toHaveAttribute('target', '_blank');
  await expectAccessible(page);
  await shot(page, 'companies-03-listed');

  await row.getByRole('link', { name: 'Edit Acme' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme' })).toBeVisible();
  await expect(page.getByLabel('Logo (optional)')).toHaveValue(logo);
  await expect(page.getByRole('link', { name: 'Site Reliability Engineer' })).toHaveAttribute(
    'href',
    /\/dashboard\/jobs\/[0-9a-f-]{36}$/,
  );
  await expectAccessible(page);
  await shot(page, 'companies-04-editor');

  await page.getByLabel('Name', { exact: true }).fill('Acme Corp');
  await page.getByLabel('Page address').fill('acme-corp');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible();
  await expect(page.getByRole('link', { name: /View page/ })).toHaveAttribute(
    'href',
    /\/companies\/acme-corp$/,
  );

  // Deleting says what happens to its jobs; cancelled here.
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete “Acme Corp”?' });
  await expect(dialog).toContainText('Its job stays on the board, unlinked, under the name “Acme Corp”.');
  await expectAccessible(page);
  await shot(page, 'companies-05-delete');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('link', { name: 'All companies' }).click();
  await expect(companyRow(page, 'Acme Corp')).toContainText('1 job · 1 live');
  await companyRow(page, 'Acme Corp').getByRole('link', { name: 'Acme Corp', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Acme Corp' })).toBeVisible();

  // Another board's id or a malformed one is the dashboard's 404.
  expect((await page.goto('/dashboard/companies/not-an-id'))?.status()).toBe(404);
  expect((await page.goto('/dashboard/companies/01890000-0000-7000-8000-000000000000'))?.status()).toBe(404);
});
