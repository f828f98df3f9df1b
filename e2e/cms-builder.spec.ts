import { expect, type Locator, type Page, test } from '@playwright/test';
import { screenshot, signUp } from './helpers';

const fieldCards = (page: Page) => page.getByRole('list', { name: 'Fields' }).getByRole('listitem');

/** "Add field" (unless the type menu is already open), then the type's button. */
async function addField(page: Page, typeLabel: string): Promise<Locator> {
  const before = await fieldCards(page).count();
  const menu = page.getByRole('group', { name: 'Field types' });
  if (!(await menu.isVisible())) await page.getByRole('button', { name: 'Add field' }).click();
  await menu.getByRole('button', { name: typeLabel, exact: true }).click();
  await expect(fieldCards(page)).toHaveCount(before + 1);
  return fieldCards(page).nth(before);
}

/** Drags `card` by its handle onto the upper half of `target`, with both in view, as a person would. */
async function dragCard(page: Page, card: Locator, target: Locator): Promise<void> {
  const viewport = page.viewportSize()!;
  // The cards are tall: a taller window keeps both on screen without scrolling mid-drag.
  await page.setViewportSize({ width: viewport.width, height: 1600 });
  await target.scrollIntoViewIfNeeded();
  const from = (await card.getByTestId('drag-handle').boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 30, { steps: 3 });
  await page.mouse.move(to.x + 60, to.y + to.height / 4, { steps: 10 });
  await page.mouse.up();
  await page.setViewportSize(viewport);
}

const fieldNames = (page: Page) =>
  fieldCards(page)
    .getByLabel('Field name', { exact: true })
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

test('an owner builds an "Events" collection, reorders its fields by dragging, and reopens it as saved', async ({
  page,
}) => {
  await signUp(page, { board: 'Meetup Board' });
  await page.getByRole('link', { name: 'Collections' }).click();
  await expect(page.getByText('No collections yet')).toBeVisible();
  await screenshot(page, 'cms-list-empty');

  await page.getByRole('link', { name: 'New collection' }).first().click();
  await expect(page).toHaveURL(/\/dashboard\/cms\/new$/);
  await page.getByLabel('Collection name').fill('Events');
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue('events');
  await page.getByLabel('Description', { exact: true }).fill('Meetups and workshops we host or recommend.');

  const title = await addField(page, 'Text');
  await title.getByLabel('Label', { exact: true }).fill('Title');
  await expect(title.getByLabel('Field name', { exact: true })).toHaveValue('title');
  await title.getByLabel('Required').check();

  const format = await addField(page, 'Select');
  await format.getByLabel('Label', { exact: true }).fill('Format');
  await format.getByLabel('Options (one per line)').fill('In person\nOnline\nHybrid');

  const seats = await addField(page, 'Number');
  await seats.getByLabel('Label', { exact: true }).fill('Seats');
  await seats.getByLabel('Minimum', { exact: true }).fill('1');
  await expect.poll(() => fieldNames(page)).toEqual(['title', 'format', 'seats']);

  // Drag "Seats" by its handle onto the upper half of "Format": it lands between Title and Format.
  await dragCard(page, seats, format);
  await expect.poll(() => fieldNames(page)).toEqual(['title', 'seats', 'format']);

  // Keyboard users reorder with the arrows; a collapsed card shows its header only.
  await title.getByRole('button', { name: 'Move down' }).click();
  await expect.poll(() => fieldNames(page)).toEqual(['seats', 'title', 'format']);
  await fieldCards(page).nth(1).getByRole('button', { name: 'Move up' }).click();
  await expect.poll(() => fieldNames(page)).toEqual(['title', 'seats', 'format']);
  await fieldCards(page).nth(0).getByRole('button', { name: 'Collapse field' }).click();
  await expect(fieldCards(page).nth(0).getByLabel('Label', { exact: true })).toBeHidden();
  await fieldCards(page).nth(0).getByRole('button', { name: 'Expand field' }).click();
  await expect(fieldCards(page).nth(0).getByLabel('Label', { exact: true })).toHaveValue('Title');

  await page.getByLabel('Visibility').selectOption({ label: 'Public' });
  await page.getByLabel('Allow public submissions').check();
  await page.getByLabel('Moderation').selectOption({ label: 'Manual review' });

  // The preview renders the draft's fields with the item form.
  const preview = page.getByTestId('item-preview');
  await expect(preview.getByLabel('Title')).toBeVisible();
  await expect(preview.getByLabel('Seats')).toBeVisible();
  await screenshot(page, 'cms-builder');

  await page.getByRole('button', { name: 'Save collection' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cms\/events$/);

  await page.goto('/dashboard/cms/events/schema');
  await expect(page.getByLabel('Collection name')).toHaveValue('Events');
  await expect(page.getByLabel('Slug', { exact: true })).toHaveAttribute('readonly', '');
  await expect.poll(() => fieldNames(page)).toEqual(['title', 'seats', 'format']);
  const [savedTitle, savedSeats, savedFormat] = [0, 1, 2].map((i) => fieldCards(page).nth(i));
  await expect(savedTitle!.getByLabel('Required')).toBeChecked();
  await expect(savedSeats!.getByLabel('Minimum', { exact: true })).toHaveValue('1');
  await expect(savedFormat!.getByLabel('Options (one per line)')).toHaveValue('In person\nOnline\nHybrid');
  await expect(page.getByLabel('Visibility')).toHaveValue('public');
  await expect(page.getByLabel('Allow public submissions')).toBeChecked();
  await expect(page.getByLabel('Moderation')).toHaveValue('manual');

  // Invalid: a second "Title" and a select without options. The browser check marks both cards.
  const duplicate = await addField(page, 'Text');
  await duplicate.getByLabel('Label', { exact: true }).fill('Title');
  const empty = await addField(page, 'Select');
  await empty.getByLabel('Label', { exact: true }).fill('Level');
  await page.getByRole('button', { name: 'Save collection' }).click();
  await expect(page.getByTestId('builder-errors')).toContainText('2 fields need attention');
  await expect(duplicate).toContainText("'title' is already the name of an earlier field");
  await expect(empty).toContainText('List at least one option');
  await expect(savedTitle!).not.toContainText('already the name');
  await screenshot(page, 'cms-builder-errors');

  // Fixing the cards clears their messages as you type.
  await duplicate.getByLabel('Field name', { exact: true }).fill('subtitle');
  await expect(duplicate).not.toContainText('already the name');
  await empty.getByRole('button', { name: 'Remove field' }).click();
  await expect(page.getByTestId('builder-errors')).toHaveCount(0);

  // A saved field's type change asks first; "Change type anyway" resends with force.
  await savedFormat!.getByLabel('Type', { exact: true }).selectOption({ label: 'Multi-select' });
  await page.getByRole('button', { name: 'Save collection' }).click();
  await expect(page.getByTestId('type-change')).toContainText("Field 'format' is a select field");
  await page.getByRole('button', { name: 'Change type anyway' }).click();
  await expect(page.getByTestId('save-state')).toHaveText(/^Saved\./);
  await page.reload();
  await expect(fieldCards(page).nth(2).getByLabel('Type', { exact: true })).toHaveValue('multi_select');
  await expect.poll(() => fieldNames(page)).toEqual(['title', 'seats', 'format', 'subtitle']);

  await page.getByRole('link', { name: 'Collections', exact: true }).click();
  const row = page.getByTestId('collection-row').filter({ hasText: 'Events' });
  await expect(row).toContainText('Public');
  await expect(row.getByRole('cell').nth(2)).toHaveText('4');
  await expect(row).toContainText('0 total');
  await screenshot(page, 'cms-list');

  await row.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('The collection has no items.');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
});

test('an owner lets a site call the public routes from the browser', async ({ page, request }) => {
  await signUp(page, { board: 'Origin Board' });
  await page.getByRole('link', { name: 'Settings' }).click();
  const origins = page.getByLabel('Allowed origins');
  await expect(origins).toHaveValue('');

  await origins.fill('https://www.origin-board.example\nwww.origin-board.example/jobs');
  await page.getByRole('button', { name: 'Save origins' }).click();
  await expect(page.getByText("Line 2: 'www.origin-board.example/jobs' is not an origin")).toBeVisible();

  await origins.fill('https://www.origin-board.example/\n\nhttp://localhost:4321');
  await page.getByRole('button', { name: 'Save origins' }).click();
  await expect(page.getByText('Saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Allowed origins')).toHaveValue(
    'https://www.origin-board.example\nhttp://localhost:4321',
  );
  await screenshot(page, 'settings-cors');

  // The public routes now answer that site's browsers (even with "not found": no collection yet).
  const orgLine = await page
    .getByTestId('organization-name')
    .locator('xpath=following-sibling::p')
    .textContent();
  const slug = orgLine!.split(' · ')[0];
  const answer = await request.get(`/api/organization/cms/events?organization=${slug}`, {
    headers: { Origin: 'https://www.origin-board.example' },
  });
  expect(answer.headers()['access-control-allow-origin']).toBe('https://www.origin-board.example');
});
