import { expect, type Page, test } from '@playwright/test';
import { screenshot, signUp } from './helpers';

const shot = (page: Page, name: string) => screenshot(page, `pages-${name}`);

const videoUrl = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

type Node = {
  type: string;
  content?: Node[];
  marks?: { type: string; attrs?: Record<string, unknown> }[];
  attrs?: Record<string, unknown>;
};
const walk = (node: Node): Node[] => [node, ...(node.content ?? []).flatMap(walk)];

async function createApiKey(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'API keys' }).click();
  await page.getByRole('button', { name: 'Create API key' }).click();
  await page.getByLabel('Name').fill('Blog reader');
  await page.getByRole('button', { name: 'Create key' }).click();
  const key = (await page.getByTestId('new-api-key').textContent())!.trim();
  await page.getByRole('button', { name: 'Done' }).click();
  return key;
}

test('an owner adds an author, writes a blog post with a table, a link and a video, publishes it, and the API returns the same document', async ({
  page,
  request,
}) => {
  await signUp(page, { board: 'Acme Careers' });
  const apiKey = await createApiKey(page);

  await page.getByRole('link', { name: 'Authors' }).click();
  await expect(page.getByText('No authors yet')).toBeVisible();
  await page.getByLabel('Name').fill('Ada Lovelace');
  await page.getByRole('button', { name: 'Add author' }).click();
  await expect(page.getByTestId('author-row').filter({ hasText: 'Ada Lovelace' })).toBeVisible();

  await page.getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByText('No posts yet')).toBeVisible();
  await page.getByRole('link', { name: 'New post' }).click();
  await page.getByLabel('Title', { exact: true }).fill('How we hire engineers');
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page).toHaveURL(/\/dashboard\/blog\/[0-9a-f-]{36}$/);
  const id = page.url().split('/').at(-1)!;
  await expect(page.getByLabel('Slug', { exact: true })).toHaveValue('how-we-hire-engineers');

  // Drafts save themselves once typing pauses.
  const editor = page.getByTestId('content-editor');
  await editor.click();
  await page.keyboard.type('Read the Boardkit docs');
  await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 10_000 });

  for (let i = 0; i < 'Boardkit docs'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await page.getByRole('button', { name: 'Add link' }).click();
  await page.getByLabel('Link address').fill('https://boardkit.example/docs');
  await page.getByRole('button', { name: 'Set link' }).click();
  await expect(editor.locator('a[href="https://boardkit.example/docs"]')).toHaveText('Boardkit docs');
  // The link's text is still selected: once the link form has handed focus back, move past it before
  // Enter, or Enter replaces the text (a busy machine's flake).
  await expect(page.getByLabel('Link address')).toBeHidden();
  await editor.press('End');
  await expect.poll(() => page.evaluate(() => window.getSelection()?.isCollapsed)).toBe(true);
  await editor.press('Enter');
  await expect(editor.locator('a[href="https://boardkit.example/docs"]')).toHaveText('Boardkit docs');

  await page.getByRole('button', { name: 'YouTube video' }).click();
  await page.getByLabel('YouTube video address').fill(videoUrl);
  await page.getByRole('button', { name: 'Embed video' }).click();
  await expect(editor.locator('div[data-youtube-video] iframe')).toHaveCount(1);

  await page.getByRole('button', { name: 'Insert table' }).click();
  for (const [i, text] of ['Role', 'Team', 'Where', 'Engineer', 'Platform', 'Remote'].entries()) {
    if (i > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(text);
  }
  await expect(page.getByRole('toolbar', { name: 'Table' })).toBeVisible();
  await expect(editor.locator('table th')).toHaveCount(3);

  await page.getByLabel('Author').selectOption({ label: 'Ada Lovelace' });
  await shot(page, 'editor');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByTestId('save-state')).toHaveText('Saved');
  await expect(page.getByRole('link', { name: 'View on the board' })).toHaveAttribute(
    'href',
    /\/blog\/how-we-hire-engineers$/,
  );

  await page.getByRole('tab', { name: 'Preview' }).click();
  const preview = page.getByTestId('preview');
  await expect(preview.locator('table')).toBeVisible();
  await expect(preview.locator('a[href="https://boardkit.example/docs"]')).toBeVisible();
  await expect(preview.locator('div[data-youtube-video] iframe')).toHaveAttribute('src', /youtube/);
  await shot(page, 'preview');

  const authors = await request.get('/api/authors', { headers: { 'x-api-key': apiKey } });
  const ada = (await authors.json()).data.find((author: { name: string }) => author.name === 'Ada Lovelace');
  const response = await request.get(`/api/pages/${id}`, { headers: { 'x-api-key': apiKey } });
  expect(response.status()).toBe(200);
  const { data } = await response.json();
  expect(data).toMatchObject({
    title: 'How we hire engineers',
    slug: 'how-we-hire-engineers',
    type: 'blog_post',
    is_blog_article: true,
    status: 'published',
    author_id: ada.id,
  });
  const nodes = walk(data.content);
  expect(nodes.filter((node) => node.type === 'table')).toHaveLength(1);
  expect(nodes.filter((node) => node.type === 'tableHeader')).toHaveLength(3);
  expect(nodes.filter((node) => node.type === 'youtube')).toHaveLength(1);
  const link = nodes.find((node) => node.marks?.some((mark) => mark.type === 'link'));
  expect(link).toMatchObject({ text: 'Boardkit docs' });
  expect(data.content_html).toContain('<a href="https://boardkit.example/docs">Boardkit docs</a>');
  expect(data.content_html).toMatch(/<table[\s\S]*<th[\s\S]*Role[\s\S]*<td[\s\S]*Remote[\s\S]*<\/table>/);
  expect(data.content_html).toMatch(
    /<div data-youtube-video[^>]*><iframe[^>]*src="https:\/\/www\.youtube(-nocookie)?\.com\/embed\/dQw4w9WgXcQ/,
  );
  // The preview showed exactly what the API serves.
  const served = await page.evaluate((html) => {
    // Serialized by the browser too, so attribute spelling (`data-youtube-video=""`) matches.
    const element = document.createElement('div');
    element.innerHTML = html;
    return element.innerHTML;
  }, data.content_html as string);
  expect(await preview.locator('article > div').innerHTML()).toBe(served);

  await page.getByRole('link', { name: 'Blog' }).click();
  const row = page.getByTestId('page-row').filter({ hasText: 'How we hire engineers' });
  await expect(row).toContainText('Published');
  await expect(row).toContainText('Ada Lovelace');
  await page.getByLabel('Status').selectOption('draft');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('No posts match these filters')).toBeVisible();
  await page.getByRole('link', { name: 'Clear' }).click();
  await expect(row).toBeVisible();
  await shot(page, 'blog-list');

  // An author with posts cannot simply be deleted: the dialog offers to hand the posts over.
  await page.getByRole('link', { name: 'Authors' }).click();
  await page.getByLabel('Name').fill('Grace Hopper');
  await page.getByRole('button', { name: 'Add author' }).click();
  const adaRow = page.getByTestId('author-row').filter({ hasText: 'Ada Lovelace' });
  await expect(adaRow).toContainText('1 post');
  await adaRow.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('button', { name: 'Delete author' }).click();
  await expect(page.getByRole('dialog')).toContainText('Ada Lovelace is credited on a post');
  await shot(page, 'author-in-use');
  await page.getByRole('button', { name: 'Reassign and delete' }).click();
  await expect(adaRow).toHaveCount(0);
  await expect(page.getByTestId('author-row').filter({ hasText: 'Grace Hopper' })).toContainText('1 post');
});
