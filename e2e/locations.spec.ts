import { expect, type Page, test } from '@playwright/test';
import { screenshot, signUp } from './helpers';

async function startJob(page: Page, title: string) {
  await page.goto('/dashboard/jobs/new');
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Company name').fill('Acme');
  await page.getByLabel('Description').fill(`We are hiring a ${title}.`);
}

const picker = (page: Page) => page.getByRole('combobox', { name: 'Location' });
const suggestions = (page: Page) => page.getByRole('listbox', { name: 'Suggested places' });
const locationRow = (page: Page, name: string) =>
  page.getByTestId('location-row').filter({ has: page.getByText(name, { exact: true }) });

test('a board owner picks job locations and browses the board’s places', async ({ page }) => {
  await signUp(page, { board: 'Places Board' });
  await page.getByRole('link', { name: 'Locations' }).click();
  await expect(page.getByText('No locations yet')).toBeVisible();

  // Mouse: the suggestions name the state, and picking one links the job to the place.
  await startJob(page, 'Backend Engineer');
  await picker(page).pressSequentially('Austin', { delay: 30 });
  const austin = suggestions(page).getByRole('option').filter({ hasText: 'Austin' }).first();
  // The first lookup loads the gazetteer.
  await expect(austin).toContainText('Texas', { timeout: 20_000 });
  await expect(austin).toContainText('City');
  await screenshot(page, 'job-location-picker');
  await austin.click();
  await expect(suggestions(page)).toBeHidden();
  await expect(picker(page)).toHaveValue('Austin, Texas, United States');
  await expect(page.getByText('Linked to Austin, Texas, United States')).toBeVisible();
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs$/);

  await page.getByRole('link', { name: 'Backend Engineer' }).click();
  await expect(picker(page)).toHaveValue('Austin, Texas, United States');
  await expect(page.getByText('Linked to Austin, Texas, United States')).toBeVisible();
  await screenshot(page, 'job-location-linked');

  // Keyboard: ↓ and Enter pick; the place is now on the board, and the form does not submit.
  await startJob(page, 'Support Lead');
  await picker(page).pressSequentially('Remote', { delay: 30 });
  await expect(suggestions(page).getByRole('option').first()).toContainText('Remote');
  await picker(page).press('ArrowDown');
  await expect(suggestions(page).getByRole('option').first()).toHaveAttribute('aria-selected', 'true');
  await picker(page).press('Enter');
  await expect(page.getByText('Linked to Remote')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/jobs\/new$/);
  // Escape closes the list; clearing drops the link and keeps the text.
  await picker(page).pressSequentially(' ', { delay: 30 });
  await expect(page.getByText('Linked to Remote')).toBeHidden();
  await expect(suggestions(page).getByRole('option').first()).toContainText('on your board');
  await picker(page).press('Escape');
  await expect(suggestions(page)).toBeHidden();
  await picker(page).press('ArrowDown');
  await picker(page).press('Enter');
  await expect(page.getByText('Linked to Remote')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the linked place' }).click();
  await expect(page.getByText('Linked to Remote')).toBeHidden();
  await expect(picker(page)).toHaveValue('Remote');
  await picker(page).click();
  await picker(page).press('ArrowDown');
  await picker(page).press('Enter');
  await expect(page.getByText('Linked to Remote')).toBeVisible();
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs$/);

  // An address: its city is the place, and the text stays as typed.
  const address = '1600 Amphitheatre Parkway, Mountain View, CA 94043';
  await startJob(page, 'Office Manager');
  await picker(page).fill(address);
  const city = suggestions(page).getByRole('option').first();
  await expect(city).toContainText('Mountain View, California, United States');
  await expect(city).toContainText(address);
  await city.click();
  await expect(page.getByText('Linked to Mountain View, California, United States')).toBeVisible();
  await expect(picker(page)).toHaveValue(address);
  // A place gone from the board meanwhile is reported at the field.
  await page.locator('input[name="location_id"]').evaluate((input: HTMLInputElement) => {
    input.value = '00000000-0000-4000-8000-000000000000';
  });
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page.getByText('This place is no longer on your board: pick it again')).toBeVisible();
  await expect(picker(page)).toHaveAttribute('aria-invalid', 'true');
  await screenshot(page, 'job-location-error');
  await expect(picker(page)).toHaveValue(address);
  await page.getByRole('button', { name: 'Clear the linked place' }).click();
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs$/);

  // Free text without a pick still saves, as text only.
  await startJob(page, 'Warehouse Lead');
  await picker(page).fill('Our garden office');
  await page.getByRole('button', { name: 'Create job' }).click();
  await expect(page).toHaveURL(/\/dashboard\/jobs$/);
  await page.getByRole('link', { name: 'Warehouse Lead' }).click();
  await expect(picker(page)).toHaveValue('Our garden office');
  await expect(page.getByText(/^Linked to/)).toBeHidden();

  await page.getByRole('link', { name: 'Locations' }).click();
  await expect(page.getByTestId('location-row')).toHaveCount(3);
  const austinRow = locationRow(page, 'Austin');
  await expect(austinRow).toContainText('Texas, United States');
  await expect(austinRow.getByRole('cell').nth(3)).toHaveText('1');
  await expect(austinRow.getByRole('cell').nth(4)).toHaveText('1');
  await expect(locationRow(page, 'Remote').getByRole('cell').nth(4)).toHaveText('1');
  // Picked, then unlinked before saving: on the board, without jobs.
  await expect(locationRow(page, 'Mountain View').getByRole('cell').nth(4)).toHaveText('0');
  await expect(page.getByText('3 locations · page 1 of 1')).toBeVisible();
  await screenshot(page, 'locations-list');

  await page.getByLabel('Type').selectOption('remote');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/dashboard\/locations\?location_type=remote$/);
  await expect(page.getByTestId('location-row')).toHaveCount(1);
  await expect(locationRow(page, 'Remote')).toBeVisible();

  await page.getByLabel('Type').selectOption('country');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByText('No locations match these filters')).toBeVisible();
  await page.getByRole('link', { name: 'Clear filters' }).click();
  await expect(page.getByTestId('location-row')).toHaveCount(3);
  await expect(page.getByLabel('Type')).toHaveValue('');

  await page.getByLabel('Country').selectOption('US');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByTestId('location-row')).toHaveCount(2);
  await expect(locationRow(page, 'Remote')).toBeHidden();

  await page.goto('/dashboard/locations?per_page=2');
  await expect(page.getByText('3 locations · page 1 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page.getByTestId('location-row')).toHaveCount(1);
  await expect(locationRow(page, 'Remote')).toBeVisible();
});
