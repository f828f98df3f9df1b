import { expect, type Page, test } from '@playwright/test';
import { screenshot as shot, signUp } from './helpers';

const secretRow = (page: Page, name: string) => page.getByTestId('secret-row').filter({ hasText: name });
const lastSet = async (page: Page, name: string) =>
  Date.parse(
    (await secretRow(page, name).getByTestId('secret-updated').locator('time').getAttribute('datetime'))!,
  );

test('a board owner sets a secret, sees it listed without its value, rotates it and deletes it', async ({
  page,
}) => {
  const firstValue = 'sk_live_first-e2e-value';
  const secondValue = 'sk_live_second-e2e-value';
  await signUp(page, { board: 'Vault Careers' });

  await page.getByRole('link', { name: 'Secrets' }).click();
  await expect(page).toHaveURL(/\/dashboard\/secrets$/);
  await expect(page.getByText('No secrets yet')).toBeVisible();

  await page.getByRole('button', { name: 'Save secret' }).click();
  await expect(page.getByText('Give the secret a name')).toBeVisible();
  await expect(page.getByText('The value cannot be empty')).toBeVisible();

  await page.getByLabel('Name').fill('Stripe Key');
  await page.getByLabel('Value', { exact: true }).fill(firstValue);
  await page.getByRole('button', { name: 'Save secret' }).click();
  await expect(page.getByText('Use lowercase letters, digits, _ and - only')).toBeVisible();
  // The name comes back to be corrected; the value is never sent back to the page.
  await expect(page.getByLabel('Name')).toHaveValue('Stripe Key');
  await expect(page.getByLabel('Value', { exact: true })).toHaveValue('');
  await expect(page.getByLabel('Value', { exact: true })).toHaveAttribute('type', 'password');

  await page.getByLabel('Name').fill('stripe_api_key');
  await page.getByLabel('Value', { exact: true }).fill(firstValue);
  await page.getByRole('button', { name: 'Save secret' }).click();
  await expect(page.getByText('Saved “stripe_api_key”. Refer to it as vault:stripe_api_key.')).toBeVisible();
  await expect(page.getByLabel('Name')).toHaveValue('');
  await expect(page.getByLabel('Value', { exact: true })).toHaveValue('');
  const row = secretRow(page, 'stripe_api_key');
  await expect(row).toContainText('vault:stripe_api_key');
  expect(await page.content()).not.toContain(firstValue);
  await shot(page, 'secrets');

  const setAt = await lastSet(page, 'stripe_api_key');
  await row.getByRole('button', { name: 'Replace value' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Replace the value of “stripe_api_key”');
  await dialog.getByLabel('New value').fill(secondValue);
  await shot(page, 'secrets-rotate');
  await dialog.getByRole('button', { name: 'Replace value' }).click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => lastSet(page, 'stripe_api_key')).toBeGreaterThan(setAt);
  await expect(page.getByTestId('secret-row')).toHaveCount(1);
  const html = await page.content();
  expect(html).not.toContain(firstValue);
  expect(html).not.toContain(secondValue);

  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(dialog).toContainText('will get an empty value');
  await shot(page, 'secrets-delete-confirm');
  await dialog.getByRole('button', { name: 'Delete secret' }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText('No secrets yet')).toBeVisible();
});
