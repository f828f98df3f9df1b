import { afterEach, describe, expect, it } from 'vitest';
import { PEER_ADDRESS_HEADER } from '@/lib/http/client-address';
import { setRateLimiter } from '@/lib/rate-limit';
import { MemoryRateLimiter } from '@/lib/rate-limit/memory';
import { createTenant } from '@/test/factories';
import {
  emittedEvents,
  eventsCollection,
  listItems,
  subscribeToEverything,
  upsertCollection,
} from '@/test/fixtures/cms';
import { call } from '@/test/http';
import { POST } from './route';

const submit = (org: string, slug: string, body: unknown, headers: Record<string, string> = {}) =>
  call(POST, {
    method: 'POST',
    path: `/organization/cms/${slug}/submit?organization=${org}`,
    params: { slug },
    body,
    headers,
  });

async function openCollection(rules: Record<string, unknown>, visibility = 'public') {
  const tenant = await createTenant();
  await upsertCollection(tenant.key, {
    ...eventsCollection,
    visibility,
    rules: { allow_public_submit: true, ...rules },
  });
  return tenant;
}

afterEach(() => setRateLimiter(new MemoryRateLimiter()));

describe('POST /api/organization/cms/{slug}/submit', () => {
  it('refuses with 403 submissions_closed unless the collection allows it', async () => {
    const { key, organization } = await createTenant();
    await upsertCollection(key, { ...eventsCollection, visibility: 'public' });
    const response = await submit(organization.slug, 'events', { data: { title: 'Spam' } });
    expect(response.status).toBe(403);
    expect(response.body.error.code).toBe('submissions_closed');
    expect((await submit(organization.slug, 'missing', { data: {} })).status).toBe(404);
  });

  it('holds submissions for review under manual moderation, and takes only data', async () => {
    const { key, organization } = await openCollection({ moderation: 'manual' });
    await subscribeToEverything(organization.id);
    const response = await submit(organization.slug, 'events', {
      data: { title: 'Community meetup', seats: 20 },
      status: 'published',
      position: -5,
      owner_user_id: '0190b4a1-7a7e-7000-8000-000000000001',
      starts_at: '2020-01-01T00:00:00Z',
    });
    expect(response.status).toBe(201);
    expect(response.body.item).toMatchObject({
      status: 'pending_review',
      data: { title: 'Community meetup', seats: 20, format: 'online' },
      starts_at: null,
      expires_at: null,
    });
    const stored = (await listItems(key, 'events')).body.items[0];
    expect(stored).toMatchObject({
      status: 'pending_review',
      source: 'submission',
      owner_user_id: null,
      position: 1,
    });
    const events = await emittedEvents(organization.id);
    expect(events.map((event) => event.type)).toEqual(['cms_item.created', 'cms_item.submitted']);
    expect(events[1]!.data).toMatchObject({ id: stored.id, collection: 'events', status: 'pending_review' });
  });

  it('publishes at once under auto moderation, even for a private collection', async () => {
    const { key, organization } = await openCollection({ moderation: 'auto' }, 'private');
    const response = await submit(organization.slug, 'events', { data: { title: 'Feedback' } });
    expect(response.status).toBe(201);
    expect(response.body.item.status).toBe('published');
    expect((await listItems(key, 'events')).body.items[0].status).toBe('published');
  });

  it('validates data like the keyed API', async () => {
    const { organization } = await openCollection({});
    const response = await submit(organization.slug, 'events', { data: { seats: 0 } });
    expect(response.status).toBe(400);
    expect(response.body.error.details.map((d: { field: string }) => d.field).sort()).toEqual([
      'data.seats',
      'data.title',
    ]);
  });

  it('discards a submission that fills the honeypot (202, nothing stored)', async () => {
    const { key, organization } = await openCollection({});
    const response = await submit(organization.slug, 'events', {
      data: { title: 'Cheap pills' },
      _gotcha: 'http://spam.example',
    });
    expect(response.status).toBe(202);
    expect(response.body).toEqual({ item: null, warnings: [] });
    expect((await listItems(key, 'events')).body.items).toEqual([]);
    const empty = await submit(organization.slug, 'events', { data: { title: 'Real' }, _gotcha: '' });
    expect(empty.status).toBe(201);
  });

  it('refuses bodies over 64 KB with 413', async () => {
    const { key, organization } = await openCollection({});
    const response = await submit(organization.slug, 'events', {
      data: { title: 'Big', summary: 'x'.repeat(70 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.error.code).toBe('payload_too_large');
    expect((await listItems(key, 'events')).body.items).toEqual([]);
  });

  it('allows 10 submissions per minute per client address', async () => {
    // A frozen clock: crossing a minute boundary mid-test would free part of the window.
    setRateLimiter(new MemoryRateLimiter(() => 1_800_000_000_000));
    const { organization } = await openCollection({});
    // The peer address server.mjs records; a forged X-Forwarded-For on each request changes nothing.
    const from = (address: string) => ({
      [PEER_ADDRESS_HEADER]: address,
      'x-forwarded-for': `198.18.0.${Math.floor(Math.random() * 250)}`,
    });
    for (let i = 0; i < 10; i++) {
      const response = await submit(
        organization.slug,
        'events',
        { data: { title: `#${i}` } },
        from('198.51.100.4'),
      );
      expect(response.status).toBe(201);
    }
    const limited = await submit(
      organization.slug,
      'events',
      { data: { title: 'one more' } },
      from('198.51.100.4'),
    );
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    const elsewhere = await submit(
      organization.slug,
      'events',
      { data: { title: 'ok' } },
      from('198.51.100.5'),
    );
    expect(elsewhere.status).toBe(201);
  });

  it('ignores an API key: the submission is anonymous and scoped by ?organization', async () => {
    const { organization } = await openCollection({});
    const other = await createTenant();
    const response = await call(POST, {
      method: 'POST',
      path: `/organization/cms/events/submit?organization=${organization.slug}`,
      params: { slug: 'events' },
      apiKey: other.key,
      body: { data: { title: 'x' } },
    });
    expect(response.status).toBe(201);
    expect((await listItems(other.key, 'events')).status).toBe(404);
  });
});
