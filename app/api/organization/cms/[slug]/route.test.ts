import { afterEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { PEER_ADDRESS_HEADER } from '@/lib/http/client-address';
import { setCorsOrigins } from '@/lib/organizations/service';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { createTenant } from '@/test/factories';
import { eventsCollection, patchItem, postItem, upsertCollection } from '@/test/fixtures/cms';
import { call } from '@/test/http';
import { GET, OPTIONS } from './route';

const publicList = (org: string, slug: string, search = '', headers: Record<string, string> = {}) =>
  call(GET, { path: `/organization/cms/${slug}?organization=${org}${search}`, params: { slug }, headers });

async function publicBoard() {
  const tenant = await createTenant();
  await upsertCollection(tenant.key, { ...eventsCollection, visibility: 'public' });
  return tenant;
}

const hour = 3_600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

afterEach(() => setRateLimiter(new MemoryRateLimiter()));

describe('GET /api/organization/cms/{slug}', () => {
  it('answers from its cache until an item or the collection changes', async () => {
    const { key, organization } = await publicBoard();
    const titlesNow = async () =>
      (await publicList(organization.slug, 'events', '&sort=title')).body.items.map(
        (item: { data: { title: string } }) => item.data.title,
      );
    await postItem(key, 'events', { data: { title: 'First' }, status: 'published' });
    expect(await titlesNow()).toEqual(['First']);
    await postItem(key, 'events', { data: { title: 'Second' }, status: 'published' });
    expect(await titlesNow()).toEqual(['First', 'Second']);
    await upsertCollection(key, { ...eventsCollection, visibility: 'private' });
    expect((await publicList(organization.slug, 'events', '&sort=title')).status).toBe(404);
  });

  it('shows only published items that have started and not expired, without a key', async () => {
    const { key, organization } = await publicBoard();
    const post = (title: string, extra: Record<string, unknown>) =>
      postItem(key, 'events', { data: { title }, ...extra });
    await post('Live', { status: 'published' });
    await post('Live until later', { status: 'published', starts_at: at(-hour), expires_at: at(hour) });
    await post('Draft', { status: 'draft' });
    await post('Pending', { status: 'pending_review' });
    await post('Scheduled', { status: 'published', starts_at: at(hour) });
    await post('Past', { status: 'published', expires_at: at(-1000) });
    await post('Archived', { status: 'archived' });
    const response = await publicList(organization.slug, 'events', '&sort=title');
    expect(response.status).toBe(200);
    expect(response.body.items.map((item: { data: { title: string } }) => item.data.title)).toEqual([
      'Live',
      'Live until later',
    ]);
    expect(Object.keys(response.body.items[0]).sort()).toEqual(
      ['created_at', 'data', 'expires_at', 'id', 'position', 'starts_at', 'updated_at'].sort(),
    );
    expect(response.body.collection).toEqual({
      slug: 'events',
      name: 'Events',
      description: null,
      schema: expect.any(Array),
      allow_public_submit: false,
    });
    expect(response.body.meta.pagination.total_items).toBe(2);
    expect(response.headers.get('cache-control')).toContain('s-maxage=10');
  });

  it('answers 404 for private and gated collections, unknown collections and unknown boards', async () => {
    const { key, organization } = await createTenant();
    await upsertCollection(key, { ...eventsCollection, slug: 'private-one' });
    await upsertCollection(key, {
      ...eventsCollection,
      slug: 'gated-one',
      visibility: 'gated',
      required_entitlement: 'pro',
    });
    await postItem(key, 'private-one', { data: { title: 'x' }, status: 'published' });
    for (const slug of ['private-one', 'gated-one', 'missing']) {
      const response = await publicList(organization.slug, slug);
      expect(response.status).toBe(404);
      expect(response.body.error.message).toBe('Collection not found.');
    }
    const unknownBoard = await publicList('no-such-board', 'private-one');
    expect(unknownBoard.status).toBe(404);
    expect(unknownBoard.body.error.message).toBe('Organization not found.');
  });

  it('needs ?organization', async () => {
    const response = await call(GET, { path: '/organization/cms/events', params: { slug: 'events' } });
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe('organization');
  });

  it('takes search, data filters and pagination', async () => {
    const { key, organization } = await publicBoard();
    await postItem(key, 'events', { data: { title: 'Rooftop', format: 'in-person' }, status: 'published' });
    await postItem(key, 'events', { data: { title: 'Webinar' }, status: 'published' });
    const inPerson = await publicList(organization.slug, 'events', '&data.format=in-person');
    expect(inPerson.body.items.map((item: { data: { title: string } }) => item.data.title)).toEqual([
      'Rooftop',
    ]);
    const searched = await publicList(organization.slug, 'events', '&search=webi');
    expect(searched.body.items).toHaveLength(1);
    const paged = await publicList(organization.slug, 'events', '&per_page=1&page=2');
    expect(paged.body.meta.pagination).toMatchObject({ total_items: 2, total_pages: 2, current_page: 2 });
  });

  it('reflects moderation: an archived item leaves the public list', async () => {
    const { key, organization } = await publicBoard();
    const item = await postItem(key, 'events', { data: { title: 'Live' }, status: 'published' });
    expect((await publicList(organization.slug, 'events')).body.items).toHaveLength(1);
    await patchItem(key, 'events', item.body.item.id, { status: 'archived' });
    expect((await publicList(organization.slug, 'events')).body.items).toHaveLength(0);
  });

  it('rate limits each client address', async () => {
    // A frozen clock: crossing a minute boundary mid-test would free part of the window.
    setRateLimiter(new MemoryRateLimiter(() => 1_800_000_000_000));
    const { organization } = await publicBoard();
    // The peer address server.mjs records; a forged X-Forwarded-For on each request changes nothing.
    const from = (address: string) => ({
      [PEER_ADDRESS_HEADER]: address,
      'x-forwarded-for': `198.18.0.${Math.floor(Math.random() * 250)}`,
    });
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++)
      statuses.push((await publicList(organization.slug, 'events', '', from('203.0.113.7'))).status);
    expect(statuses.every((status) => status === 200)).toBe(true);
    const limited = await publicList(organization.slug, 'events', '', from('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await publicList(organization.slug, 'events', '', from('203.0.113.8'))).status).toBe(200);
  });

  it("sends CORS headers only to the organization's allowed origins, on errors too", async () => {
    const { organization } = await publicBoard();
    await setCorsOrigins(await getDb(), organization.id, ['https://jobs.example.com']);
    const allowed = await publicList(organization.slug, 'events', '', { origin: 'https://jobs.example.com' });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://jobs.example.com');
    expect(allowed.headers.get('vary')).toContain('Origin');
    const error = await publicList(organization.slug, 'missing', '', { origin: 'https://jobs.example.com' });
    expect(error.status).toBe(404);
    expect(error.headers.get('access-control-allow-origin')).toBe('https://jobs.example.com');
    const foreign = await publicList(organization.slug, 'events', '', { origin: 'https://evil.example' });
    expect(foreign.status).toBe(200);
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();

    const preflight = (origin: string) =>
      OPTIONS(
        new Request(`http://localhost:3000/api/organization/cms/events?organization=${organization.slug}`, {
          method: 'OPTIONS',
          headers: { origin, 'access-control-request-method': 'GET' },
        }),
      );
    const ok = await preflight('https://jobs.example.com');
    expect(ok.status).toBe(204);
    expect(ok.headers.get('access-control-allow-origin')).toBe('https://jobs.example.com');
    expect(ok.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();

    await setCorsOrigins(await getDb(), organization.id, ['*']);
    const any = await publicList(organization.slug, 'events', '', { origin: 'https://anyone.example' });
    expect(any.headers.get('access-control-allow-origin')).toBe('*');
  });
});
