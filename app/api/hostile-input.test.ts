// Input PostgreSQL cannot store, or that nests deep enough to overflow a recursive parser, is a
// 400 naming the field on every route: the check sits in the one parsing step all routes share.
import { describe, expect, it } from 'vitest';
import { createTenant } from '@/test/factories';
import { call } from '@/test/http';
import { POST as POST_ITEM } from './cms/[slug]/route';
import { POST as POST_CMS } from './cms/route';
import { POST as POST_APPLICATION } from './jobs/[id]/applications/route';
import { GET as LIST_JOBS, POST as POST_JOB } from './jobs/route';
import { POST as POST_LOCATION } from './locations/route';
import { POST as POST_PAGE } from './pages/route';

const job = { title: 'Engineer', description: 'Build things.', company_name: 'Acme' };

// JSON text, built by hand: JSON.stringify itself recurses and would overflow first.
const nested = (depth: number) => `${'['.repeat(depth)}"leaf"${']'.repeat(depth)}`;

function deepDocument(depth: number): string {
  const open = '{"type":"blockquote","content":['.repeat(depth);
  const paragraph = '{"type":"paragraph","content":[{"type":"text","text":"x"}]}';
  return `{"type":"doc","content":[${open}${paragraph}${']}'.repeat(depth)}]}`;
}

const withRaw = (body: Record<string, unknown>, field: string, json: string) =>
  `${JSON.stringify(body).slice(0, -1)},${JSON.stringify(field)}:${json}}`;

describe('text PostgreSQL cannot store', () => {
  it.each([
    ['a NUL in a string', { ...job, title: 'Engi\u0000neer' }, 'title', 'nul_character'],
    ['a NUL in a nested string', { ...job, categories: ['ok', 'b\u0000d'] }, 'categories.1', 'nul_character'],
    ['a lone high surrogate', { ...job, company_name: 'Acme \ud800' }, 'company_name', 'lone_surrogate'],
    ['a lone low surrogate', { ...job, description: '\udc00 text' }, 'description', 'lone_surrogate'],
  ])('refuses %s with 400 naming the field', async (_, body, field, code) => {
    const { key } = await createTenant();
    const response = await call(POST_JOB, { method: 'POST', path: '/jobs', apiKey: key, body });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ code: 'validation_error' });
    expect(response.body.error.details[0]).toMatchObject({ location: 'body', field, code });
  });

  it('refuses the escaped forms in raw JSON text too', async () => {
    const { key } = await createTenant();
    for (const sequence of ['\\u0000', '\\ud83d']) {
      const body = `{"title":"x${sequence}y","description":"d","company_name":"c"}`;
      const response = await call(POST_JOB, { method: 'POST', path: '/jobs', apiKey: key, body });
      expect(response.status).toBe(400);
      expect(response.body.error.details[0].field).toBe('title');
    }
    const pair = `{"title":"rocket \\ud83d\\ude80","description":"d","company_name":"c"}`;
    const ok = await call(POST_JOB, { method: 'POST', path: '/jobs', apiKey: key, body: pair });
    expect(ok.status).toBe(200);
    expect(ok.body.data.title).toBe('rocket 🚀');
  });

  it('refuses a NUL in a key and in the query string', async () => {
    const { key } = await createTenant();
    const keyed = await call(POST_JOB, {
      method: 'POST',
      path: '/jobs',
      apiKey: key,
      body: { ...job, 'x\u0000': 1 },
    });
    expect(keyed.status).toBe(400);
    const query = await call(LIST_JOBS, { path: '/jobs?q=a%00b', apiKey: key });
    expect(query.status).toBe(400);
    expect(query.body.error.details[0]).toMatchObject({
      location: 'query',
      field: 'q',
      code: 'nul_character',
    });
  });
});

describe('nesting', () => {
  it('refuses JSON 10,000 levels deep before any schema recurses into it', async () => {
    const { key } = await createTenant();
    const response = await call(POST_JOB, {
      method: 'POST',
      path: '/jobs',
      apiKey: key,
      body: withRaw(job, 'categories', nested(10_000)),
    });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0]).toMatchObject({ code: 'too_deep' });
  });

  it('refuses deep page content, CMS rich text and application answers with 400', async () => {
    const { key } = await createTenant();
    const page = await call(POST_PAGE, {
      method: 'POST',
      path: '/pages',
      apiKey: key,
      body: withRaw({ kind: 'page', title: 'Deep' }, 'content', deepDocument(10_000)),
    });
    expect(page.status).toBe(400);
    const html = await call(POST_PAGE, {
      method: 'POST',
      path: '/pages',
      apiKey: key,
      body: { kind: 'page', title: 'Deep HTML', content: `${'<div>'.repeat(10_000)}x` },
    });
    expect(html.status).toBe(400);
    expect(html.body.error.details[0]).toMatchObject({ field: 'content' });

    await call(POST_CMS, {
      method: 'POST',
      path: '/cms',
      apiKey: key,
      body: { slug: 'notes', name: 'Notes', schema: [{ name: 'body', type: 'richtext' }] },
    });
    // Within the request's 64 levels, but too deep as a document once HTML is measured.
    const item = await call(POST_ITEM, {
      method: 'POST',
      path: '/cms/notes',
      apiKey: key,
      params: { slug: 'notes' },
      body: { data: { body: `${'<blockquote>'.repeat(200)}x` } },
    });
    expect(item.status).toBe(400);

    const created = await call(POST_JOB, { method: 'POST', path: '/jobs', apiKey: key, body: job });
    const application = await call(POST_APPLICATION, {
      method: 'POST',
      path: `/jobs/${created.body.data.id}/applications`,
      apiKey: key,
      params: { id: created.body.data.id },
      body: withRaw({ name: 'Ada', email: 'ada@example.com' }, 'answers', `{"q":${nested(10_000)}}`),
    });
    expect(application.status).toBe(400);
    expect(application.body.error.details[0]).toMatchObject({ code: 'too_deep' });
  });

  it('accepts a document nested as deep as real content goes', async () => {
    const { key } = await createTenant();
    const page = await call(POST_PAGE, {
      method: 'POST',
      path: '/pages',
      apiKey: key,
      body: withRaw({ kind: 'page', title: 'Quotes' }, 'content', deepDocument(12)),
    });
    expect(page.status).toBe(201);
  });
});

describe('POST /api/locations odd input', () => {
  it.each([
    [{ query: 'Berlin', country: 'AAA' }, 'country'],
    [{ query: 'Berlin', country: 'QQ' }, 'country'],
    [{ query: 'Berlin', country: 12 }, 'country'],
  ])('answers 400 for %j', async (body, field) => {
    const { key } = await createTenant();
    const response = await call(POST_LOCATION, { method: 'POST', path: '/locations', apiKey: key, body });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe(field);
  });

  it.each(['!!!', '...', '-', ',,,', '@#$%^&*', '()', '"\'`', '\u00a0', '¿?'])(
    'previews the punctuation-only query %j as no match',
    async (query) => {
      const { key } = await createTenant();
      const response = await call(POST_LOCATION, {
        method: 'POST',
        path: '/locations',
        apiKey: key,
        body: { query },
      });
      expect([200, 400]).toContain(response.status);
      if (response.status === 200) expect(response.body.data).toEqual([]);
    },
  );
});
