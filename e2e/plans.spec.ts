// A board owner sets up what the board sells, watching the pricing card take shape as they type.
import { expect, type Page, test } from '@playwright/test';
import { expectAccessible, screenshot as shot, signUp } from './helpers';

const planRow = (page: Page, name: string) => page.getByTestId('plan-row').filter({ hasText: name });

test('a board owner creates plans with a live preview, edits one and deletes one', async ({ page }) => {
  await signUp(page, { board: 'Plans Board' });
  await page.getByRole('link', { name: 'Plans' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Plans' })).toBeVisible();
  await expect(page.getByText('No plans yet')).toBeVisible();
  await expect(page.getByText(/employers pay to post jobs/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'plans-01-empty');

  await page.getByRole('link', { name: 'New plan' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'New plan' })).toBeVisible();
  const preview = page.getByTestId('plan-preview');
  await expect(preview.getByRole('heading', { name: 'Plan name' })).toBeVisible();
  await expect(page.getByLabel('Currency')).toHaveValue('USD');
  await expectAccessible(page);
  await shot(page, 'plans-02-new');

  // The card follows every keystroke.
  await page.getByLabel('Name', { exact: true }).fill('Job pack');
  await expect(preview.getByRole('heading', { name: 'Job pack' })).toBeVisible();
  await page.getByLabel('Description (optional)').fill('For teams hiring a few people at once.');
  await expect(preview).toContainText('For teams hiring a few people at once.');
  await page.getByLabel('Price').fill('149.5');
  await expect(preview).toContainText('$149.50');
  await expect(preview).toContainText('one-time');
  await page.getByLabel('Job posts', { exact: true }).fill('3');
  await expect(preview).toContainText('3 job posts');
  await page.getByLabel('Featured placement').check();
  await expect(preview.getByRole('list', { name: 'Job pack includes' })).toHaveText(
    /3 job posts\s*Featured placement\s*Listed 30 days/,
  );

  // Refused: the form keeps what was typed and says what to fix on each input.
  await page.getByLabel('Name', { exact: true }).fill('  ');
  await page.getByLabel('Price').fill('149.555');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page.getByText('Give the plan a name.')).toBeVisible();
  await expect(page.getByText('Prices in USD have at most 2 decimals.')).toBeVisible();
  await expect(page.getByLabel('Price')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Price')).toHaveValue('149.555');
  await expect(page.getByLabel('Job posts', { exact: true })).toHaveValue('3');
  await expect(page.getByLabel('Featured placement')).toBeChecked();
  await expect(page.getByRole('alert').filter({ hasText: 'Some fields need attention' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'plans-03-form-error');
  await page.getByLabel('Name', { exact: true }).fill('Job pack');
  await page.getByLabel('Price').fill('149.50');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/plans$/);
  await expect(planRow(page, 'Job pack')).toContainText('On sale');
  await expect(planRow(page, 'Job pack')).toContainText(
    'Job post pack · $149.50 one-time · 3 job posts · Featured placement · Listed 30 days',
  );

  // A reader subscription, the kind chosen with the keyboard.
  await page.getByRole('link', { name: 'New plan' }).click();
  await page.getByRole('radio', { name: /^Job post pack/ }).focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('radio', { name: /^Reader access/ })).toBeChecked();
  await expect(page.getByLabel('Job posts', { exact: true })).toHaveCount(0);
  await page.getByLabel('Name', { exact: true }).fill('Reader pass');
  await page.getByLabel('Price').fill('9');
  await page.getByLabel('Currency').selectOption('EUR');
  await page.getByLabel('Billing').selectOption('year');
  await page.getByLabel('Free trial (days)').fill('7');
  await expect(preview).toContainText('€9');
  await expect(preview).toContainText('/year');
  await expect(preview.getByRole('list', { name: 'Reader pass includes' })).toHaveText(
    /Full access to the board\s*7-day free trial/,
  );
  await expectAccessible(page);
  await shot(page, 'plans-04-paywall-form');
  await page.getByRole('button', { name: 'Create plan' }).click();
  await expect(page).toHaveURL(/\/dashboard\/plans$/);
  await expect(planRow(page, 'Reader pass')).toContainText(
    'Reader access · €9/year · Full access to the board · 7-day free trial',
  );
  await expectAccessible(page);
  await shot(page, 'plans-05-list');

  // Editing: the saved plan comes back into the form, the preview with it.
  await page.getByRole('link', { name: 'Edit Reader pass' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reader pass' })).toBeVisible();
  await expect(page.getByLabel('Price')).toHaveValue('9');
  await page.getByLabel('Price').fill('12.90');
  await page.getByLabel('Billing').selectOption('month');
  await expect(preview).toContainText('€12.90');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await expect(page.getByLabel('Price')).toHaveValue('12.90');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'All plans' }).click();
  await expect(planRow(page, 'Reader pass')).toContainText('€12.90/month');

  // Nobody bought it: deleting removes it for good.
  await planRow(page, 'Reader pass').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Delete “Reader pass”?' })).toBeVisible();
  await expectAccessible(page);
  await shot(page, 'plans-06-delete');
  await page.getByRole('button', { name: 'Delete plan' }).click();
  await expect(planRow(page, 'Reader pass')).toHaveCount(0);
  await expect(planRow(page, 'Job pack')).toBeVisible();
});
