// The board's feeds as an owner finds them under Settings (each with a line on what reads it and its
// address to copy) and as job sites then read them: every feed parses and carries the live job only.

import { expect, test } from '@playwright/test';
import { DOMParser } from '@xmldom/xmldom';
import { api, createKey, expectAccessible, screenshot, signUp } from './helpers';

const FEEDS = [
  ['Sitemap', 'sitemap'],
  ['RSS feed', 'rss-feed'],
  ['JSON feed', 'json-feed'],
  ['Indeed XML feed', 'indeed-xml-feed'],
  ['LinkedIn XML feed', 'linkedin-xml-feed'],
  ['ZipRecruiter XML feed', 'ziprecruiter-xml-feed'],
  ['robots.txt', 'robots-txt'],
] as const;

test('settings list every feed with its address to copy, and each feed carries only the live job', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await signUp(page, { board: 'Feeds Board' });
  const key = await createKey(page);
  const title = 'Harbour <Pilot> & Co "night" ]]> shift';
  await api(request, key, 'post', '/jobs', {
    title,
    company_name: 'Tugs & Sons',
    description: 'Bring ships in safely.',
    job_type: 'full-time',
    salary_min: 50_000,
    salary_max: 60_000,
    salary_currency: 'EUR',
    salary_period: 'yearly',
  });
  await api(request, key, 'post', '/jobs', {
    title: 'Draft deckhand',
    company_name: 'Tugs & Sons',
    description: 'Not yet.',
    status: 'draft',
  });

  await page.goto('/dashboard/settings');
  const list = page.getByRole('list', { name: 'Feeds and files of your board' });
  await expect(list.getByRole('listitem')).toHaveCount(FEEDS.length);
  await expect(list).toContainText('Every live job in LinkedIn’s job wrapping format.');
  await expectAccessible(page);
  await screenshot(page, 'feeds-settings-1280');

  // Keyboard: the copy button is reached with Tab and shows its focus.
  const copy = page.getByRole('button', { name: 'Copy the LinkedIn XML feed address' });
  await page.getByRole('link', { name: 'LinkedIn XML feed' }).focus();
  await page.keyboard.press('Tab');
  await expect(copy).toBeFocused();
  const ring = () =>
    copy.evaluate((element) => `${getComputedStyle(element).outline} ${getComputedStyle(element).boxShadow}`);
  const focusedRing = await ring();
  await screenshot(page, 'feeds-settings-copy-focused', { fullPage: false });
  await copy.evaluate((element) => (element as HTMLElement).blur());
  expect(await ring(), 'the focused copy button looks different').not.toBe(focusedRing);
  await copy.focus();
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.keyboard.press('Enter');
  await expect(list.getByText('Copied to the clipboard.')).toBeVisible();
  const urls = Object.fromEntries(
    await Promise.all(
      FEEDS.map(
        async ([, id]) => [id, (await page.getByTestId(`feed-url-${id}`).textContent())!.trim()] as const,
      ),
    ),
  );
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(urls['linkedin-xml-feed']);
  expect(urls['linkedin-xml-feed']).toMatch(/\/jobs\/linkedin\.xml$/);

  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await screenshot(page, 'feeds-settings-320');
  await page.setViewportSize({ width: 1280, height: 800 });

  // The settings show the board's public https address; this server answers it over http on its own
  // port. The browser resolves *.boards.test (launch flags); Node's request client would not.
  const local = (url: string) => {
    const address = new URL(url);
    return `http://${address.hostname}:${new URL(baseURL!).port}${address.pathname}`;
  };
  const read = async (id: string) => {
    const response = (await page.goto(local(urls[id]!)))!;
    expect(response.status(), id).toBe(200);
    return { type: response.headers()['content-type'], body: await response.text() };
  };
  for (const [id, tag, idTag] of [
    ['indeed-xml-feed', 'job', 'title'],
    ['linkedin-xml-feed', 'job', 'title'],
    ['ziprecruiter-xml-feed', 'job', 'title'],
    ['rss-feed', 'item', 'title'],
  ] as const) {
    const { type, body } = await read(id);
    expect(type, id).toMatch(/^application\/(?:rss\+)?xml; charset=utf-8$/);
    const errors: string[] = [];
    const doc = new DOMParser({
      onError: (level, message) => void (level !== 'warning' && errors.push(message)),
    }).parseFromString(body, 'text/xml');
    expect(errors, id).toEqual([]);
    const items = Array.from(doc.getElementsByTagName(tag));
    expect(items, id).toHaveLength(1);
    expect(items[0]!.getElementsByTagName(idTag)[0]?.textContent, id).toBe(
      id === 'rss-feed' ? `${title} at Tugs & Sons` : title,
    );
    expect(body, id).not.toContain('Draft deckhand');
  }
  const json = await read('json-feed');
  expect(json.type).toBe('application/feed+json; charset=utf-8');
  const feed = JSON.parse(json.body);
  expect(feed.version).toBe('https://jsonfeed.org/version/1.1');
  expect(feed.items.map((item: { title: string }) => item.title)).toEqual([title]);
  expect(feed.items[0].authors).toEqual([{ name: 'Tugs & Sons' }]);

  // The board's head names the JSON Feed beside RSS.
  await page.goto(local(urls.sitemap!).replace(/\/sitemap\.xml$/, '/'));
  await expect(page.locator('link[rel="alternate"][type="application/feed+json"]')).toHaveAttribute(
    'href',
    urls['json-feed']!,
  );
});
