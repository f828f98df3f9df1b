import { describe, expect, it, vi } from 'vitest';
import { POST as createAuthor } from '@/app/api/authors/route';
import { resetEnvCache } from '@/lib/core/env';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { DELETE, GET as getOne, PATCH } from './[id]/route';
import { GET, POST } from './route';

const create = (key: string, body: Record<string, unknown>) =>
  call(POST, { method: 'POST', path: '/pages', apiKey: key, body });
const patch = (key: string, id: string, body: Record<string, unknown>) =>
  call(PATCH, { method: 'PATCH', path: `/pages/${id}`, apiKey: key, params: { id }, body });
const read = (key: string, id: string) => call(getOne, { path: `/pages/${id}`, apiKey: key, params: { id } });

describe('POST /api/pages', () => {
  it('creates a draft page by default, with derived fields', async () => {
    const { key } = await createTenant();
    const response = await create(key, {
      title: 'About us',
      content: '<h2>Who we are</h2><p>We connect <strong>people</strong> and jobs.</p>',
      cover_image: 'https://cdn.example.com/cover.png',
    });
    expect(response.status).toBe(201);
    expect(response.body.data).toMatchObject({
      title: 'About us',
      slug: 'about-us',
      type: 'page',
      is_blog_article: false,
      status: 'draft',
      url: expect.stringMatching(/^http:\/\/localhost:3000\/b\/tenant-[\w-]+\/about-us$/),
      published_at: null,
      meta_title: 'About us',
      meta_description: 'Who we are',
      og_image: 'https://cdn.example.com/cover.png',
      custom_fields: {},
      author_id: null,
    });
    expect(response.body.data.content).toMatchObject({ type: 'doc' });
    expect(response.body.data.content_html).toContain('<strong>people</strong>');
    expect(response.body.data.content_text).toContain('We connect people and jobs.');
    expect(response.body.warnings).toEqual([]);
  });

  it('publishes at once when asked, stamping published_at unless one is sent', async () => {
    const { key } = await createTenant();
    const before = Date.now();
    const now = await create(key, { title: 'Launch', kind: 'blog_post', status: 'published' });
    expect(now.body.data).toMatchObject({ status: 'published', type: 'blog_post', is_blog_article: true });
    expect(now.body.data.url).toMatch(/^http:\/\/localhost:3000\/b\/tenant-[\w-]+\/blog\/launch$/);
    expect(Date.parse(now.body.data.published_at)).toBeGreaterThanOrEqual(before - 1000);
    const dated = await create(key, {
      title: 'Backdated',
      status: 'published',
      published_at: '2026-01-02T03:04:05Z',
    });
    expect(dated.body.data.published_at).toBe('2026-01-02T03:04:05.000Z');
  });

  it('makes generated slugs unique per organization and kind', async () => {
    const { key } = await createTenant();
    const slugs = [];
    for (const kind of ['page', 'page', 'blog_post', 'page']) {
      slugs.push((await create(key, { title: 'Hiring Guide!', kind })).body.data.slug);
    }
    expect(slugs).toEqual(['hiring-guide', 'hiring-guide-2', 'hiring-guide', 'hiring-guide-3']);
    expect((await create(key, { title: 'Jobs' })).body.data.slug).toBe('jobs-page');
  });

  it('checks a supplied slug: format, reserved words, and 409 slug_conflict when taken', async () => {
    const { key } = await createTenant();
    expect((await create(key, { title: 'A', slug: 'team' })).status).toBe(201);
    const taken = await create(key, { title: 'B', slug: 'team' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('slug_conflict');
    expect((await create(key, { title: 'C', slug: 'team', kind: 'blog_post' })).status).toBe(201);
    for (const slug of ['Team', 'team page', 'team--x', '-team', 'jobs', 'api', 'dashboard']) {
      const response = await create(key, { title: 'D', slug });
      expect(response.status, slug).toBe(400);
      expect(response.body.error.details[0].field).toBe('slug');
    }
  });

  it.each([
    [{}, 'title'],
    [{ title: 'x', kind: 'post' }, 'kind'],
    [{ title: 'x', status: 'archived' }, 'status'],
    [{ title: 'x', cover_image: 'javascript:alert(1)' }, 'cover_image'],
    [{ title: 'x', author_id: 'nope' }, 'author_id'],
    [{ title: 'x', published_at: 'yesterday' }, 'published_at'],
    [{ title: 'x', content: 42 }, 'content'],
    [{ title: 'x', content: { type: 'not-a-doc' } }, 'content'],
  ])('refuses %j with 400 on %s', async (body, field) => {
    const { key } = await createTenant();
    const response = await create(key, body);
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe(field);
  });

  it("accepts only the organization's own authors", async () => {
    const owner = await createTenant();
    const stranger = await createTenant();
    const author = await call(createAuthor, {
      method: 'POST',
      path: '/authors',
      apiKey: stranger.key,
      body: { name: 'Elsewhere' },
    });
    const response = await create(owner.key, { title: 'x', author_id: author.body.data.id });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe('author_id');
  });

  it('accepts Tiptap JSON, strips what is not allowed, and warns about images off the CDN', async () => {
    const { key } = await createTenant();
    const response = await create(key, {
      title: 'Rich',
      content: {
        type: 'doc',
        content: [
          { type: 'paragraph', content: [{ type: 'text', text: 'Hello', marks: [{ type: 'bold' }] }] },
          { type: 'image', attrs: { src: 'https://elsewhere.example.com/pic.png' } },
        ],
      },
    });
    expect(response.status).toBe(201);
    expect(response.body.data.content_html).toContain('<strong>Hello</strong>');
    expect(response.body.warnings).toHaveLength(1);
    expect(response.body.warnings[0]).toContain('https://elsewhere.example.com/pic.png');

    const hostile = await create(key, {
      title: 'Hostile',
      content: '<p onclick="alert(1)">Hi<script>alert(2)</script><a href="javascript:alert(3)">x</a></p>',
    });
    expect(hostile.body.data.content_html).not.toMatch(/script|onclick|javascript:/i);
  });
});

describe('content configuration', () => {
  it('warns only about images off CDN_URL, and lets CONTENT_IFRAME_HOSTS iframes run scripts', async () => {
    vi.stubEnv('CDN_URL', 'https://cdn.board.example');
    vi.stubEnv('CONTENT_IFRAME_HOSTS', 'maps.example.com');
    resetEnvCache();
    try {
      const { key } = await createTenant();
      const response = await create(key, {
        title: 'Media',
        content:
          '<img src="https://cdn.board.example/a.png"><img src="https://elsewhere.example/b.png"><iframe src="https://maps.example.com/embed" width="400" height="300"></iframe><iframe src="https://other.example.com/x"></iframe>',
      });
      expect(response.body.warnings).toHaveLength(1);
      expect(response.body.warnings[0]).toContain('https://elsewhere.example/b.png');
      const html = response.body.data.content_html as string;
      expect(html).toMatch(
        /<iframe[^>]*src="https:\/\/maps\.example\.com\/embed"[^>]*sandbox="allow-scripts allow-same-origin allow-popups"/,
      );
      expect(html).toMatch(/<iframe[^>]*src="https:\/\/other\.example\.com\/x"[^>]*sandbox(="")?[ >]/);
    } finally {
      vi.unstubAllEnvs();
      resetEnvCache();
    }
  });
});

describe('GET /api/pages', () => {
  it('filters by kind, status and title, newest first, without body fields', async () => {
    const { key } = await createTenant();
    await create(key, { title: 'Careers at Acme', content: '<p>x</p>' });
    await create(key, { title: 'Acme news', kind: 'blog_post', status: 'published' });
    await create(key, { title: 'Remote tips', kind: 'blog_post' });
    const list = (query: string) => call(GET, { path: `/pages${query}`, apiKey: key });

    const all = await list('');
    expect(all.body.data.map((page: { title: string }) => page.title)).toEqual([
      'Remote tips',
      'Acme news',
      'Careers at Acme',
    ]);
    expect(all.body.data[0]).not.toHaveProperty('content');
    expect(all.body.data[0]).not.toHaveProperty('content_html');
    expect(all.body.meta.pagination).toMatchObject({ total_items: 3 });
    expect((await list('?kind=blog_post')).body.data).toHaveLength(2);
    expect((await list('?kind=page')).body.data).toHaveLength(1);
    expect((await list('?status=published')).body.data.map((page: { title: string }) => page.title)).toEqual([
      'Acme news',
    ]);
    expect((await list('?search=acme')).body.data).toHaveLength(2);
    expect((await list('?per_page=1&page=2')).body.data.map((page: { title: string }) => page.title)).toEqual(
      ['Acme news'],
    );
    for (const bad of ['?kind=posts', '?status=live', '?per_page=101', '?page=0']) {
      expect((await list(bad)).status, bad).toBe(400);
    }
  });
});

describe('PATCH and DELETE /api/pages/{id}', () => {
  it('moves between draft, published and archived, stamping the first publication only', async () => {
    const { key } = await createTenant();
    const id = (await create(key, { title: 'Policy' })).body.data.id;
    const published = await patch(key, id, { status: 'published' });
    const firstPublished = published.body.data.published_at;
    expect(firstPublished).not.toBeNull();
    expect((await patch(key, id, { status: 'archived' })).body.data.status).toBe('archived');
    expect((await patch(key, id, { status: 'draft' })).body.data.status).toBe('draft');
    const again = await patch(key, id, { status: 'published' });
    expect(again.body.data.published_at).toBe(firstPublished);
  });

  it('replaces content, renames, and answers 409 for a taken slug', async () => {
    const { key } = await createTenant();
    await create(key, { title: 'Taken' });
    const id = (await create(key, { title: 'Draft', content: '<p>old</p>' })).body.data.id;
    const changed = await patch(key, id, { title: 'Renamed', content: '<p>new</p>', meta_title: 'SEO' });
    expect(changed.body.data).toMatchObject({ title: 'Renamed', slug: 'draft', meta_title: 'SEO' });
    expect(changed.body.data.content_text.trim()).toBe('new');
    expect((await patch(key, id, { slug: 'taken' })).status).toBe(409);
    expect((await patch(key, id, {})).status).toBe(400);
    expect((await read(key, id)).body.data.title).toBe('Renamed');
  });

  it('a second save of the same content changes nothing', async () => {
    const { key } = await createTenant();
    const html =
      '<h2 style="text-align: center">Title</h2><p>Text with <a href="https://example.com">a link</a>.</p><table><tbody><tr><th colspan="2"><p>Head</p></th></tr><tr><td><p>a</p></td><td><p>b</p></td></tr></tbody></table>';
    const first = (await create(key, { title: 'Stable', content: html })).body.data;
    const second = (await patch(key, first.id, { content: first.content_html })).body.data;
    expect(second.content).toEqual(first.content);
    expect(second.content_html).toBe(first.content_html);
    const third = (await patch(key, first.id, { content: second.content })).body.data;
    expect(third.content_html).toBe(first.content_html);
  });

  it('deletes with { id, deleted: true }; other organizations and bad ids get 404 and 400', async () => {
    const owner = await createTenant();
    const stranger = await createTenant();
    const id = (await create(owner.key, { title: 'Gone soon' })).body.data.id;
    expect((await read(stranger.key, id)).status).toBe(404);
    expect((await patch(stranger.key, id, { title: 'x' })).status).toBe(404);
    expect(
      (await call(getOne, { path: '/pages/nope', apiKey: owner.key, params: { id: 'nope' } })).status,
    ).toBe(400);
    const removed = await call(DELETE, {
      method: 'DELETE',
      path: `/pages/${id}`,
      apiKey: owner.key,
      params: { id },
    });
    expect(removed.body).toEqual({ data: { id, deleted: true } });
    expect((await read(owner.key, id)).status).toBe(404);
  });
});
