import { expect, type Page, test } from '@playwright/test';
import { screenshot, signUp } from './helpers';

const shot = (page: Page, name: string) => screenshot(page, `cms-${name}`);

/** The organization's slug, from the sidebar's "<slug> · <role>" line under its name. */
async function organizationSlug(page: Page): Promise<string> {
  const line = await page
    .getByTestId('organization-name')
    .locator('xpath=following-sibling::p[1]')
    .textContent();
  return line!.split('·')[0]!.trim();
}

/** Adds a field of `type` through the builder's menu and names it. */
async function addField(page: Page, type: string, label: string, required = false) {
  const typeButton = page.getByRole('button', { name: type, exact: true });
  if (!(await typeButton.isVisible())) await page.getByRole('button', { name: 'Add field' }).click();
  await typeButton.click();
  const card = page.getByRole('list', { name: 'Fields' }).getByRole('listitem').last();
  await card.getByLabel('Label', { exact: true }).fill(label);
  if (required) await card.getByLabel('Required').check();
  return card;
}

test('an owner builds a collection, approves a public submission, and writes an item with rich text', async ({
  page,
  request,
}) => {
  await signUp(page, { board: 'Harbor Events' });
  const organization = await organizationSlug(page);

  // The collection, through the builder.
  await page.goto('/dashboard/cms/new');
  await page.getByLabel('Collection name').fill('Meetups');
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue('meetups');
  await addField(page, 'Text', 'Title', true);
  await addField(page, 'Rich text', 'Summary');
  const seats = await addField(page, 'Number', 'Seats');
  await seats.getByLabel('Minimum', { exact: true }).fill('1');
  await seats.getByLabel('Maximum', { exact: true }).fill('500');
  await page.getByLabel('Visibility').selectOption({ label: 'Public' });
  await page.getByLabel('Allow public submissions').check();
  await page.getByLabel('Moderation').selectOption({ label: 'Manual review' });
  await page.getByRole('button', { name: 'Save collection' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cms\/meetups$/);
  await expect(page.getByRole('heading', { name: 'Meetups' })).toBeVisible();
  await expect(page.getByText('No items yet')).toBeVisible();

  // A visitor submits an item: it waits for review and stays off the public list.
  const publicList = `/api/organization/cms/meetups?organization=${organization}`;
  const submitted = await request.post(`/api/organization/cms/meetups/submit?organization=${organization}`, {
    data: {
      data: { title: 'Harbor walk', summary: '<p>Meet at the <strong>lighthouse</strong>.</p>', seats: 30 },
    },
  });
  expect(submitted.status()).toBe(201);
  const { item: submission } = await submitted.json();
  expect(submission.status).toBe('pending_review');
  let listed = await (await request.get(publicList)).json();
  expect(listed.items).toEqual([]);

  // The owner approves it from the review queue.
  await page.reload();
  await page.getByRole('link', { name: 'Review queue (1)' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cms\/meetups\/review$/);
  const pending = page.getByTestId('review-item');
  await expect(pending).toHaveCount(1);
  await expect(pending.getByText('Harbor walk')).toBeVisible();
  await expect(pending.locator('strong', { hasText: 'lighthouse' })).toBeVisible();
  await expect(pending.getByText('Public form')).toBeVisible();
  await shot(page, 'review');
  await pending.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Nothing waiting for review')).toBeVisible();

  listed = await (await request.get(publicList)).json();
  expect(listed.items).toHaveLength(1);
  expect(listed.items[0]).toMatchObject({ id: submission.id, data: { title: 'Harbor walk', seats: 30 } });

  await page.goto('/dashboard/cms/meetups');
  await page.getByRole('link', { name: 'Published', exact: true }).click();
  await expect(page).toHaveURL(/status=published/);
  const publishedRow = page.getByTestId('item-row');
  await expect(publishedRow).toHaveCount(1);
  await expect(publishedRow).toContainText('Harbor walk');
  await expect(publishedRow).toContainText('Meet at the lighthouse.');
  await expect(publishedRow).toContainText('Public form');
  await page.getByRole('link', { name: 'Draft', exact: true }).click();
  await expect(page.getByText('No drafts')).toBeVisible();

  // An item through the form: the service's errors land on their fields first.
  await page.getByRole('link', { name: 'New item' }).click();
  await expect(page).toHaveURL(/\/dashboard\/cms\/meetups\/items\/new$/);
  await page.getByLabel('Seats').fill('900');
  await page.getByLabel('Starts at').fill('2026-01-01T09:00');
  await page.getByLabel('Expires at').fill('2025-12-01T09:00');
  await page.getByRole('button', { name: 'Create item' }).click();
  await expect(page.getByTestId('form-error')).toContainText('Some fields need attention');
  await expect(page.getByText('Must be after “Starts at”')).toBeVisible();
  // Live now and for years: the public list shows it.
  await page.getByLabel('Expires at').fill('2040-06-30T18:00');
  await page.getByRole('button', { name: 'Create item' }).click();
  await expect(page.getByText("'Title' is required")).toBeVisible();
  await expect(page.getByText('Must be at most 500')).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveAttribute('aria-invalid', 'true');
  await shot(page, 'item-form-errors');

  await page.getByLabel('Title').fill('Night market');
  await page.getByLabel('Seats').fill('120');
  const summary = page.getByRole('textbox', { name: 'Summary' });
  await summary.click();
  await page.keyboard.type('Street food and ');
  await page.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('live music');
  await expect(summary.locator('strong')).toHaveText('live music');
  await page.getByLabel('Status').selectOption({ label: 'Published' });
  await page.getByRole('button', { name: 'Create item' }).click();
  await expect(page.getByTestId('saved')).toHaveText('Item created.');
  await expect(page).toHaveURL(/\/dashboard\/cms\/meetups\/items\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Night market' })).toBeVisible();
  await shot(page, 'item-form');

  // What was saved: the rich text as a document, the schedule as UTC instants.
  listed = await (await request.get(publicList)).json();
  const created = listed.items.find(
    (item: { data: { title: string } }) => item.data.title === 'Night market',
  );
  expect(created).toBeTruthy();
  expect(JSON.stringify(created.data.summary)).toContain('"type":"bold"');
  expect(created.data.seats).toBe(120);
  expect(created.expires_at).toMatch(/^2040-06-30T\d{2}:00:00(\.000)?Z$/);

  // A reload shows the stored values back in the form.
  await page.reload();
  await expect(page.getByLabel('Title')).toHaveValue('Night market');
  await expect(page.getByRole('textbox', { name: 'Summary' }).locator('strong')).toHaveText('live music');
  await expect(page.getByLabel('Expires at')).toHaveValue('2040-06-30T18:00');

  await page.getByRole('link', { name: 'Meetups' }).click();
  await expect(page.getByTestId('item-row')).toHaveCount(2);
  await expect(page.getByRole('link', { name: 'Night market' })).toBeVisible();
  await shot(page, 'items');

  await page.getByLabel('Search items').fill('lighthouse');
  await page.getByLabel('Search items').press('Enter');
  await expect(page.getByTestId('item-row')).toHaveCount(1);
  await expect(page.getByTestId('item-row')).toContainText('Harbor walk');
});
