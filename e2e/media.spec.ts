import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { screenshot, signUp } from './helpers';

const png = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** Random pixels do not compress: about 1 MB, so a throttled upload shows its progress for a while. */
const noisyPng = () =>
  sharp(Buffer.from(Array.from({ length: 600 * 600 * 3 }, () => Math.floor(Math.random() * 256))), {
    raw: { width: 600, height: 600, channels: 3 },
  })
    .png({ compressionLevel: 0 })
    .toBuffer();

test('an owner uploads images with progress, finds, copies, renames and deletes them, and inserts one in a page', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signUp(page, { board: 'Acme Careers' });

  await page.getByRole('link', { name: 'Media' }).click();
  await expect(page.getByText('Your library is empty')).toBeVisible();

  // Slow the upload link down so each file's progress bar is on screen long enough to see.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  await page.getByLabel('Upload images').setInputFiles([
    { name: 'office-view.png', mimeType: 'image/png', buffer: await noisyPng() },
    { name: 'orange-banner.png', mimeType: 'image/png', buffer: await png(1200, 630, '#f97316') },
  ]);
  const rows = page.getByTestId('upload-row');
  await expect(page.getByRole('progressbar', { name: 'Uploading office-view.png' })).toBeVisible();
  await screenshot(page, 'media-upload-progress');
  await expect(rows.filter({ hasText: 'Uploaded' })).toHaveCount(2, { timeout: 30_000 });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });

  const tiles = page.getByTestId('asset-tile');
  await expect(tiles).toHaveCount(2);
  // Newest first.
  await expect(tiles.first()).toContainText('orange-banner');
  await expect(tiles.first()).toContainText('PNG · 1200 × 630');
  await expect(tiles.nth(1)).toContainText('office-view');

  // The same bytes again, and a file that is not an image.
  await page.getByRole('button', { name: 'Clear list' }).click();
  await page.getByLabel('Upload images').setInputFiles([
    { name: 'banner-copy.png', mimeType: 'image/png', buffer: await png(1200, 630, '#f97316') },
    { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image at all') },
  ]);
  await expect(rows.filter({ hasText: 'banner-copy.png' })).toContainText('Already in your library');
  await expect(rows.filter({ hasText: 'notes.txt' })).toContainText(
    'This is not an image type we accept. Use JPEG, PNG, GIF, WebP, AVIF or SVG.',
  );
  await expect(tiles).toHaveCount(2);
  await screenshot(page, 'media-library');

  await page.getByLabel('Search media').fill('office');
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/search=office/);
  await expect(tiles).toHaveCount(1);
  await expect(tiles.first()).toContainText('office-view');

  await page.getByRole('button', { name: 'Copy URL of office-view' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  const url = await page.evaluate(() => navigator.clipboard.readText());
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cdn\/[0-9a-f-]{36}\/[0-9a-f]{16}\.png$/);
  const served = await page.request.get(url);
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');

  await page.getByRole('button', { name: 'Rename office-view' }).click();
  await page.getByRole('dialog').getByLabel('Title').fill('Our office');
  await page.getByRole('dialog').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('dialog')).toBeHidden();
  await page.getByRole('link', { name: 'Clear' }).click();
  await expect(tiles).toHaveCount(2);
  await expect(tiles.nth(1)).toContainText('Our office');

  await tiles.first().getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog')).toContainText('Delete “orange-banner”?');
  await page.getByRole('button', { name: 'Delete image' }).click();
  await expect(page.getByText('Deleted “orange-banner”.')).toBeVisible();
  await expect(tiles).toHaveCount(1);

  // The page editor's image button opens the library.
  await page.goto('/dashboard/pages/new');
  await page.getByLabel('Title', { exact: true }).fill('Life at Acme');
  const editor = page.getByTestId('content-editor');
  await editor.click();
  await page.keyboard.type('Where we work:');
  await page.getByRole('button', { name: 'Image', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Insert an image' });
  await expect(picker.getByRole('button', { name: 'Our office' })).toBeVisible();
  await picker.getByLabel('Search images').fill('nothing like this');
  await expect(picker.getByText('No images match this search.')).toBeVisible();
  await picker.getByLabel('Search images').fill('office');
  await expect(picker.getByRole('button', { name: 'Our office' })).toBeVisible();
  await screenshot(page, 'media-picker');
  await picker.getByRole('button', { name: 'Our office' }).click();
  await expect(picker).toBeHidden();
  await expect(editor.locator(`img[src="${url}"]`)).toHaveCount(1);

  // The cover image field picks from the same library.
  await page.getByRole('button', { name: 'Choose from library' }).click();
  await page
    .getByRole('dialog', { name: 'Cover image URL' })
    .getByRole('button', { name: 'Our office' })
    .click();
  await expect(page.getByLabel('Cover image URL')).toHaveValue(url);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/dashboard\/pages\/[0-9a-f-]{36}$/);
  const pageId = page.url().split('/').at(-1)!;

  // Deleting an image still in use says where it is missing, with a link to fix it.
  await page.getByRole('link', { name: 'Media' }).click();
  await tiles.first().getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete image' }).click();
  const broken = page.getByTestId('broken-references');
  await expect(broken).toContainText(
    'Deleted “Our office”. It was still in use here, which now shows a missing image:',
  );
  await expect(broken).toContainText('(page: cover image, text)');
  await expect(broken.getByRole('link', { name: 'Life at Acme' })).toHaveAttribute(
    'href',
    `/dashboard/pages/${pageId}`,
  );
  await expect(page.getByText('Your library is empty')).toBeVisible();
  await screenshot(page, 'media-broken-references');
});

test('the upload handler answers 401 without a session', async ({ request }) => {
  const response = await request.post('/dashboard/media/upload', {
    multipart: { file: { name: 'a.png', mimeType: 'image/png', buffer: await png(10, 10, '#000000') } },
  });
  expect(response.status()).toBe(401);
  expect((await response.json()).error.code).toBe('unauthorized');
});
