// Settings as sub-pages: General, Look (logo from the library or uploaded, an accent colour darkened
// for contrast with the reason said, a live preview), Domain (DNS pending with its records), Payments
// & paywall, and Analytics (the time zone the overview's chart then names).
import { expect, type Page, test } from '@playwright/test';
import sharp from 'sharp';
import { expectAccessible, screenshot, signUp } from './helpers';

const png = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

const VISITOR_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function boardSlug(page: Page): Promise<string> {
  const line = await page
    .getByTestId('organization-name')
    .locator('xpath=following-sibling::p')
    .textContent();
  return line!.split(' · ')[0]!;
}

/** A screenshot at 1280 px and one at 320 px, where nothing may scroll sideways. */
async function shootBothWidths(page: Page, name: string) {
  await screenshot(page, `settings-${name}-1280`);
  await page.setViewportSize({ width: 320, height: 800 });
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${name} at 320 px`,
  ).toBeLessThanOrEqual(320);
  await screenshot(page, `settings-${name}-320`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('each settings sub-page is a link of its own, current when shown, and accessible', async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, { board: 'Sections Board' });
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Settings' }).click();
  const sections = page.getByRole('navigation', { name: 'Settings sections' });
  await expect(sections.getByRole('link', { name: 'General' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByLabel('Board name')).toBeVisible();
  await expect(page.getByLabel('Allowed origins')).toBeVisible();
  await expectAccessible(page);
  await shootBothWidths(page, 'general');

  for (const [label, path, heading] of [
    ['Look', '/dashboard/settings/look', 'Board look'],
    ['Domain', '/dashboard/settings/domain', 'Custom domain'],
    ['Widget', '/dashboard/settings/widget', 'Where the widget may appear'],
    ['Payments & paywall', '/dashboard/settings/payments', 'Payments'],
    ['Analytics', '/dashboard/settings/analytics', 'Analytics'],
  ] as const) {
    await sections.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(sections.getByRole('link', { name: label, exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(sections.locator('[aria-current="page"]')).toHaveCount(1);
    await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    await expectAccessible(page);
    await shootBothWidths(page, label.split(' ')[0]!.toLowerCase());
  }
});

test('the look editor: a logo uploaded or picked from the library, an adjusted accent explained, a live preview', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { board: 'Yellow Boats' });
  const slug = await boardSlug(page);
  await page.goto('/dashboard/settings/look');
  const preview = page.getByTestId('board-preview');
  await expect(preview).toContainText('Yellow Boats');
  await expect(preview).toContainText('The latest jobs at Yellow Boats');

  // Uploaded right here: it lands in the media library and becomes the logo, previewed.
  await page
    .getByLabel('Upload a logo')
    .setInputFiles({ name: 'boat-logo.png', mimeType: 'image/png', buffer: await png(240, 80, '#0f766e') });
  const logo = page.getByRole('img', { name: 'Your logo' });
  await expect(logo).toHaveAttribute('src', /\/cdn\//);
  await expect(preview.locator('img')).toHaveAttribute('src', (await logo.getAttribute('src'))!);
  await page.getByText('Advanced: use an image address').click();
  await expect(page.getByLabel('Logo URL')).toHaveValue((await logo.getAttribute('src'))!);

  // Removed, then chosen from the library (where the upload went).
  await page.getByRole('button', { name: 'Remove logo' }).click();
  await expect(logo).toHaveCount(0);
  await expect(page.getByText('No logo: the header shows the name')).toBeVisible();
  await page.getByRole('button', { name: 'Choose from library' }).click();
  const dialog = page.getByRole('dialog', { name: 'Choose your logo' });
  await dialog.getByRole('list', { name: 'Images' }).getByRole('button').first().click();
  await expect(dialog).toHaveCount(0);
  await expect(logo).toHaveAttribute('src', /\/cdn\//);

  // A light yellow is darkened for white text, and the page says to which colour and why.
  await page.getByLabel('Accent colour', { exact: true }).fill('#fde047');
  const verdict = page.getByTestId('accent-verdict');
  await expect(verdict).toContainText(
    '#fde047 is too light for white text (contrast 1.3:1, WCAG AA needs 4.5:1), so the board uses #7e7122',
  );
  await expect(page.getByLabel('Pick the accent colour')).toHaveValue('#fde047');
  await expect(preview).toHaveAttribute('data-accent', '#7e7122');
  await expect(preview.getByText('Search', { exact: true })).toHaveCSS(
    'background-color',
    'rgb(126, 113, 34)',
  );
  await expectAccessible(page);
  await shootBothWidths(page, 'look-adjusted');

  // The picker writes the text field; a dark colour is used as chosen.
  await page.getByLabel('Pick the accent colour').fill('#1d4ed8');
  await expect(page.getByLabel('Accent colour', { exact: true })).toHaveValue('#1d4ed8');
  await expect(verdict).toContainText('Used as chosen');
  await expect(preview).toHaveAttribute('data-accent', '#1d4ed8');

  // The preview follows the tagline and links as they are typed.
  await page.getByLabel('Tagline').fill('Crew wanted on every deck');
  await expect(preview).toContainText('Crew wanted on every deck');
  await page.getByLabel('Navigation links').fill('About us | /about');
  await expect(preview).toContainText('About us');

  await page.getByLabel('Accent colour', { exact: true }).fill('#fde047');
  await page.getByRole('button', { name: 'Save board look' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Saved. Your board shows the change now.' }),
  ).toBeFocused();
  await expect(page.getByLabel('Accent colour', { exact: true })).toHaveValue('#fde047');
  await expect(preview).toContainText('Crew wanted on every deck');

  // The board wears what the preview showed: the logo, and the adjusted accent.
  await page.goto(`/b/${slug}`);
  await expect(page.getByRole('banner').getByRole('img', { name: 'Yellow Boats' })).toHaveAttribute(
    'src',
    /\/cdn\//,
  );
  await expect(page.getByText('Crew wanted on every deck')).toBeVisible();
  const accent = await page.evaluate(() =>
    getComputedStyle(document.querySelector('[style*="--color-primary"]')!).getPropertyValue(
      '--color-primary',
    ),
  );
  expect(accent.trim()).toBe('#7e7122');
});

test('analytics settings: the time zone the overview chart then names, and a refused retention', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { board: 'Berlin Jobs' });
  const slug = await boardSlug(page);
  await page.goto('/dashboard/settings/analytics');
  await expect(page.getByLabel('Time zone')).toHaveValue('UTC');
  await page.getByLabel('Time zone').selectOption('Europe/Berlin');
  await page.getByLabel('Keep raw visits for (days)').fill('ninety');
  await page.getByRole('button', { name: 'Save analytics settings' }).click();
  await expect(page.getByText('Enter a whole number of days from 1 to 3,650.')).toBeVisible();
  await expect(page.getByLabel('Keep raw visits for (days)')).toHaveValue('ninety');
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
  await page.getByLabel('Keep raw visits for (days)').fill('30');
  await page.getByRole('button', { name: 'Save analytics settings' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Saved. Charts read days in Europe/Berlin time; raw events are kept 30 days.',
  );
  await expect(page.getByRole('status')).toBeFocused();
  await expectAccessible(page);
  await page.reload();
  await expect(page.getByLabel('Time zone')).toHaveValue('Europe/Berlin');
  await expect(page.getByLabel('Keep raw visits for (days)')).toHaveValue('30');

  // A visitor (not the signed-in owner) comes by; the overview's chart then reads Berlin time.
  const context = await browser.newContext({
    baseURL,
    userAgent: VISITOR_AGENT,
    extraHTTPHeaders: { 'x-forwarded-for': '203.0.113.77' },
  });
  const visitor = await context.newPage();
  await visitor.goto(`/b/${slug}`);
  await expect(visitor.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(async () => {
    await page.goto('/dashboard');
    await expect(page.getByText('Per day, Europe/Berlin time.')).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
  await context.close();
});

test('a new custom domain is DNS pending, with the record to create and no CNAME to an IP', async ({
  page,
}) => {
  await signUp(page, { board: 'Domain Board' });
  await page.goto('/dashboard/settings/domain');
  await expect(page.getByTestId('domain-status')).toHaveCount(0);
  await page.getByLabel('Custom domain').fill('jobs.domain-board.example');
  await page.getByRole('button', { name: 'Add domain' }).click();
  const status = page.getByTestId('domain-status');
  await expect(status).toHaveAttribute('data-status', 'pending');
  await expect(status).toBeFocused();
  await expect(status).toContainText('DNS pending');
  await expect(status).toContainText('Still missing:');
  await expect(status).toContainText('TXT _boardkit.jobs.domain-board.example not found');
  // One status at a time: no green "Saved", no red badge.
  await expect(page.getByText(/^Saved/)).toHaveCount(0);
  await expect(page.getByText('failed', { exact: true })).toHaveCount(0);
  // The e2e server's APP_URL is an IP address: only the TXT record, and who must set the CNAME target.
  await expect(status.getByTestId('dns-record')).toHaveCount(1);
  await expect(status.getByTestId('dns-txt-name')).toHaveText('_boardkit.jobs.domain-board.example');
  await expect(status.getByTestId('dns-txt-value')).toHaveText(/^boardkit-verify=[0-9a-f]{32}$/);
  await expect(status.getByTestId('no-cname-target')).toContainText('BOARD_CNAME_TARGET');
  await expect(status.getByTestId('dns-record')).not.toContainText('127.0.0.1');
  await expect(page.getByLabel('Custom domain')).toHaveValue('jobs.domain-board.example');
  await expect(page.getByRole('button', { name: 'Save and check DNS' })).toBeVisible();
  await expectAccessible(page);
  await shootBothWidths(page, 'domain-pending');

  // Removed: back to no domain, said once.
  await page.getByLabel('Custom domain').fill('');
  await page.getByRole('button', { name: 'Save and check DNS' }).click();
  await expect(page.getByRole('status')).toHaveText(
    'Custom domain removed; your board is back at its default address.',
  );
  await expect(page.getByTestId('domain-status')).toHaveCount(0);
});
