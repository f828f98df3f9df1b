// The apply route: the button's redirect keeps the visitor on the host they used, and the JavaScript
// form's POST is refused from any other origin (it acts as the signed-in member).
import { NextRequest } from 'next/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { applications } from '@/db/schema';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { createTenant, createTestJob } from '@/test/factories';
import { GET, POST } from './route';

beforeEach(() => setRateLimiter(new MemoryRateLimiter()));

async function board() {
  const { organization } = await createTenant();
  const job = await createTestJob(organization.id, { how_to_apply_method: 'form-internal' });
  const context = { params: Promise.resolve({ board: organization.slug, slug: job.slug }) };
  return { organization, job, context };
}

const PDF = new TextEncoder().encode('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const applyForm = () => {
  const form = new FormData();
  form.set('name', 'Ada Lovelace');
  form.set('email', 'ada@example.com');
  form.set('cover_letter', 'I would love to.');
  form.set('resume', new File([PDF], 'cv.pdf'));
  return form;
};

describe('GET /jobs/{slug}/apply', () => {
  it('sends the visitor to the form with a relative address, never the server’s internal host', async () => {
    const { organization, job, context } = await board();
    const response = await GET(
      new NextRequest(`http://localhost:3000/b/${organization.slug}/jobs/${job.slug}/apply`, {
        headers: { host: 'jobs.acme.example', 'x-boardkit-board-base': '' },
      }),
      context,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/jobs/${job.slug}#apply`);
  });

  it('keeps the path-mode base', async () => {
    const { organization, job, context } = await board();
    const response = await GET(
      new NextRequest(`http://localhost:3000/b/${organization.slug}/jobs/${job.slug}/apply`),
      context,
    );
    expect(response.headers.get('location')).toBe(`/b/${organization.slug}/jobs/${job.slug}#apply`);
  });
});

describe('POST /jobs/{slug}/apply', () => {
  const post = (slug: string, jobSlug: string, headers: Record<string, string>) =>
    new NextRequest(`http://localhost:3000/b/${slug}/jobs/${jobSlug}/apply`, {
      method: 'POST',
      body: applyForm(),
      headers: { host: 'localhost:3000', ...headers },
    });

  it.each<Record<string, string>>([
    { 'sec-fetch-site': 'same-site', origin: 'http://localhost:4000' },
    { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
    { origin: 'http://localhost:4000' },
    { origin: 'http://other.boards.example' },
    { origin: 'null' },
  ])('refuses a submission from another origin (%o) and stores nothing', async (headers) => {
    const { organization, job, context } = await board();
    const response = await POST(post(organization.slug, job.slug, headers), context);
    expect(response.status).toBe(403);
    expect(await response.json()).toMatchObject({ ok: false });
    expect(await (await getDb()).select().from(applications)).toHaveLength(0);
  });

  it.each<Record<string, string>>([
    { 'sec-fetch-site': 'same-origin', origin: 'http://localhost:3000' },
    { origin: 'http://localhost:3000' },
    {},
  ])('takes a submission from the board’s own page (%o)', async (headers) => {
    const { organization, job, context } = await board();
    const response = await POST(post(organization.slug, job.slug, headers), context);
    expect([response.status, await response.json()]).toMatchObject([201, { ok: true }]);
  });
});
