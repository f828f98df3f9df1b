// The jobs widget as an owner sets it up and another site's visitors see it: the snippet on a page
// of another origin (a loopback server of this test) shows the board's jobs when that origin is
// listed, and Chromium refuses the frame once it is not.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type Page, test } from '@playwright/test';
import { api, createKey, expectAccessible, screenshot, signUp } from './helpers';

let host: Server;
let hostOrigin: string;
/** The snippet the host page carries, as the dashboard gave it. */
let snippet = '';

test.beforeAll(async () => {
  host = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Partner site</title></head><body style="font-family:sans-serif;max-width:40rem;margin:2rem auto"><main><h1>Work with us</h1><p>Our partner's open positions:</p>${snippet}<p>Footer text after the widget.</p></main></body></html>`,
    );
  });
  await new Promise<void>((done) => host.listen(0, '127.0.0.1', done));
  // Another origin than the app's http://127.0.0.1:{port}: another host name and port.
  hostOrigin = `http://localhost:${(host.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((done) => host.close(() => done()));
});

/** Every console line in which Chromium refused to frame something. */
function framingRefusals(page: Page): string[] {
  const lines: string[] = [];
  page.on('console', (message) => {
    if (/frame-ancestors|Refused to (display|frame)/i.test(message.text())) lines.push(message.text());
  });
  return lines;
}

async function saveOrigins(page: Page, origins: string) {
  await page.goto('/dashboard/settings/widget');
  await page.getByLabel('Sites that may show the widget').fill(origins);
  await page.getByRole('button', { name: 'Save sites' }).click();
  await expect(page.getByText(/^Saved\./)).toBeVisible();
}

test('the widget shows on a listed site, links to job pages, and is refused on a site not listed', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { board: 'Harbour Widget Board' });
  const key = await createKey(page);
  const org = await (await request.get('/api/organization', { headers: { 'x-api-key': key } })).json();
  const slug: string = org.data.slug;
  await api(request, key, 'post', '/jobs', {
    title: 'Harbour Pilot',
    description: 'Guide ships into port.',
    company_name: 'Port Authority',
    location: 'Lisbon',
    category: 'Maritime',
  });
  await api(request, key, 'post', '/jobs', {
    title: 'Deck Hand',
    description: 'Keep the deck shipshape.',
    company_name: 'Tall Ships',
    is_remote: true,
    category: 'Maritime',
  });
  await api(request, key, 'post', '/jobs', {
    title: 'Ferry Cashier',
    description: 'Sell tickets.',
    company_name: 'Ferries',
    location: 'Porto',
  });

  // The dashboard: no site listed yet, so the widget is framed nowhere, and it says so.
  await page.goto('/dashboard/settings/widget');
  await expect(
    page.getByText(/No site is listed, so browsers refuse to show the widget anywhere/),
  ).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, 'widget-settings-empty');

  await page.getByLabel('Category').selectOption('maritime');
  await page.getByLabel('Number of jobs').fill('5');
  await page.getByRole('button', { name: 'Update snippet' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings\/widget\?category=maritime&count=5$/);
  const shown = (await page.getByTestId('widget-snippet').textContent())!;
  // The board's address here is its host-mode one (BOARD_ROOT_DOMAIN=boards.test in the e2e config).
  const boardAddress = `https://${slug}.boards.test`;
  expect(shown).toBe(
    `<script src="${boardAddress}/embed.js" data-category="maritime" data-count="5" data-title="Jobs at Harbour Widget Board" async></script>`,
  );
  await expect(page.getByTestId('widget-address')).toHaveText(
    `${boardAddress}/embed?category=maritime&count=5`,
  );
  const preview = page.frameLocator('iframe[title="Widget preview"]');
  await expect(preview.getByRole('link', { name: /Harbour Pilot/ })).toBeVisible();
  await expect(preview.getByRole('link', { name: /Ferry Cashier/ })).toHaveCount(0);
  await expectAccessible(page);

  // A count out of range: said on the page, what was typed kept.
  await page.goto('/dashboard/settings/widget?count=99');
  await expect(page.locator('#widget-problem')).toContainText('count is a whole number from 1 to 50.');
  await expect(page.getByLabel('Number of jobs')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Number of jobs')).toHaveValue('99');

  await saveOrigins(page, hostOrigin);
  await expect(page.getByText('Shown on pages of 1 site.')).toBeVisible();
  await expect(page.getByLabel('Sites that may show the widget')).toHaveValue(hostOrigin);
  await page.goto('/dashboard/settings/widget?category=maritime&count=5');
  await expect(preview.getByRole('link', { name: /Harbour Pilot/ })).toBeVisible();
  await screenshot(page, 'widget-settings');
  // The e2e server answers plain http on its own port: the board's host there.
  const boardHost = `http://${slug}.boards.test:${new URL(baseURL!).port}`;
  snippet = shown.replace(boardAddress, boardHost);

  // A visitor of the partner site: a browser of their own, with no cookie of the board.
  const visitor = await browser.newContext();
  const partner = await visitor.newPage();
  const refusals = framingRefusals(partner);
  const fromBoard: string[] = [];
  partner.on('request', (sent) => {
    if (sent.url().startsWith(boardHost)) fromBoard.push(new URL(sent.url()).pathname);
  });
  await partner.goto(`${hostOrigin}/`);
  const frame = partner.frameLocator('iframe[title="Jobs at Harbour Widget Board"]');
  const pilot = frame.getByRole('link', { name: /Harbour Pilot/ });
  await expect(pilot).toBeVisible();
  await expect(frame.getByRole('link', { name: /Deck Hand/ })).toBeVisible();
  await expect(frame.getByRole('link', { name: /Ferry Cashier/ })).toHaveCount(0);
  await expect(pilot).toHaveAttribute('href', /^\/jobs\/harbour-pilot/);
  await expect(pilot).toHaveAttribute('target', '_blank');
  await expect(pilot).toHaveAttribute('rel', 'noopener');
  // Sized to its content from the frame's own message: no inner scroll bar, not the initial 480 px.
  const iframe = partner.locator('iframe[title="Jobs at Harbour Widget Board"]');
  const widgetFrame = partner.frame({ url: /\/embed\?/ })!;
  const contentHeight = await widgetFrame.evaluate(() =>
    Math.ceil(document.documentElement.getBoundingClientRect().height),
  );
  expect(contentHeight).not.toBe(480);
  await expect
    .poll(() => iframe.evaluate((element) => Math.round(element.getBoundingClientRect().height)))
    .toBe(contentHeight);
  await screenshot(partner, 'widget-on-partner-site');
  expect(refusals).toEqual([]);
  // Light: the script and the document, nothing else (no framework chunk, font or beacon).
  expect(fromBoard).toEqual(['/embed.js', '/embed']);

  const [jobPage] = await Promise.all([partner.waitForEvent('popup'), pilot.click()]);
  await jobPage.waitForLoadState();
  await expect(jobPage).toHaveURL(new RegExp(`^${boardHost}/jobs/harbour-pilot`));
  await expect(jobPage.getByRole('heading', { level: 1, name: 'Harbour Pilot' })).toBeVisible();
  await jobPage.close();
  // Nothing the widget loaded set a cookie.
  expect(await visitor.cookies()).toEqual([]);

  // The widget document itself passes the accessibility gate.
  const direct = await visitor.newPage();
  await direct.goto(`${baseURL}/b/${slug}/embed?category=maritime`);
  await expect(direct.getByRole('link', { name: /Harbour Pilot/ })).toBeVisible();
  await expectAccessible(direct);
  await direct.close();

  // The owner lists another site only: the partner's page still loads, the frame does not.
  await saveOrigins(page, 'https://elsewhere.example');
  await partner.reload();
  await expect.poll(() => refusals.join('\n')).toMatch(/frame-ancestors/);
  const framed = partner.frames().find((candidate) => candidate.url().includes('/embed'));
  const framedText = framed
    ? await framed
        .locator('body')
        .textContent()
        .catch(() => '')
    : '';
  expect(framedText ?? '').not.toContain('Harbour Pilot');
  await expect(frame.getByRole('link', { name: /Harbour Pilot/ })).toHaveCount(0);
  await screenshot(partner, 'widget-refused-on-partner-site');

  // The rest of the board stays unframeable even for a listed site.
  await saveOrigins(page, hostOrigin);
  const home = await request.get(`/b/${slug}`);
  expect(home.headers()['x-frame-options']).toBe('DENY');
  expect(home.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  const widget = await request.get(`/b/${slug}/embed`);
  expect(widget.headers()['x-frame-options']).toBeUndefined();
  expect(widget.headers()['content-security-policy']).toContain(`frame-ancestors ${hostOrigin}`);
  const scriptBytes = (await (await request.get(`/b/${slug}/embed.js`)).body()).length;
  const documentBytes = (await widget.body()).length;
  console.log(`embed.js: ${scriptBytes} bytes; /embed with 3 jobs: ${documentBytes} bytes`);
  expect(scriptBytes).toBeLessThan(1024);
  expect(documentBytes).toBeLessThan(8 * 1024);
  await visitor.close();
});
