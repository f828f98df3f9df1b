import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { locations } from '@/db/schema';
import { setGeocoder } from '@/lib/geo/geocoder';
import { NominatimGeocoder } from '@/lib/geo/nominatim';
import { createTenant } from '@/test/factories';
import { FakeNominatim } from '@/test/fixtures/nominatim';
import { call } from '@/test/http';
import { POST as createJob } from '../jobs/route';
import { GET, POST } from './route';

const resolve = (key: string, body: Record<string, unknown>) =>
  call(POST, { method: 'POST', path: '/locations', apiKey: key, body });
const list = (key: string, query = '') => call(GET, { path: `/locations${query}`, apiKey: key });

describe('POST /api/locations (preview)', () => {
  it('previews candidates without writing, limit 5 by default, 10 at most', async () => {
    const { key, organization } = await createTenant();
    const preview = await resolve(key, { query: 'Springfield' });
    expect(preview.status).toBe(200);
    expect(preview.body.meta).toEqual({ query: 'Springfield', created: false, ambiguous: true });
    expect(preview.body.data).toHaveLength(5);
    expect(preview.body.data[0]).toEqual({
      id: null,
      display_name: expect.stringContaining('Springfield'),
      city: 'Springfield',
      state: expect.any(String),
      state_code: expect.any(String),
      country: 'United States',
      country_code: 'US',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      location_type: 'city',
      full_address: null,
      source: 'geocoded',
      // Five US cities of similar size: the most populous first, none certain.
      confidence: 'low',
    });
    expect((await resolve(key, { query: 'Springfield', limit: 10 })).body.data).toHaveLength(10);
    const over = await resolve(key, { query: 'Springfield', limit: 11 });
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('validation_error');
    const db = await getDb();
    expect(
      (await db.select().from(locations)).filter((row) => row.organizationId === organization.id),
    ).toEqual([]);
  });

  it('caches gazetteer answers for every organization, then prefers the board’s own place', async () => {
    const [one, two] = await Promise.all([createTenant(), createTenant()]);
    expect((await resolve(one.key, { query: 'Lisbon' })).body.data[0]).toMatchObject({
      city: 'Lisbon',
      country_code: 'PT',
      source: 'geocoded',
    });
    expect((await resolve(two.key, { query: ' LISBON ' })).body.data[0]).toMatchObject({
      city: 'Lisbon',
      source: 'cache',
      id: null,
    });
    const committed = await resolve(two.key, { query: 'Lisbon', create: true });
    expect((await resolve(two.key, { query: 'lisbon' })).body.data[0]).toMatchObject({
      source: 'existing',
      id: committed.body.data.id,
    });
    expect((await resolve(one.key, { query: 'lisbon' })).body.data[0]).toMatchObject({
      source: 'cache',
      id: null,
    });
  });

  it('validates query and country', async () => {
    const { key } = await createTenant();
    expect((await resolve(key, { query: '  ' })).body.error.code).toBe('validation_error');
    expect((await resolve(key, { query: 'x'.repeat(201) })).status).toBe(400);
    const bad = await resolve(key, { query: 'Paris', country: 'XX' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0].field).toBe('country');
    const texas = await resolve(key, { query: 'Paris', country: 'us' });
    expect(texas.body.data[0]).toMatchObject({ country_code: 'US', state_code: 'TX' });
  });

  it('answers an unknown place with an empty list, and 422 on create', async () => {
    const { key } = await createTenant();
    const preview = await resolve(key, { query: 'Xqzzyvl' });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toEqual([]);
    const commit = await resolve(key, { query: 'Xqzzyvl', create: true });
    expect(commit.status).toBe(422);
    expect(commit.body.error.code).toBe('location_not_found');
  });

  it('previews remote places and addresses', async () => {
    const { key } = await createTenant();
    const remote = await resolve(key, { query: 'remote - europe' });
    expect(remote.body.data).toEqual([
      expect.objectContaining({
        display_name: 'Remote (Europe)',
        location_type: 'remote',
        source: 'remote',
        confidence: 'exact',
      }),
    ]);
    const address = await resolve(key, { query: '1600 Amphitheatre Parkway, Mountain View, CA 94043' });
    expect(address.body.data[0]).toMatchObject({
      city: 'Mountain View',
      state_code: 'CA',
      latitude: expect.closeTo(37.39, 1),
      longitude: expect.closeTo(-122.08, 1),
      full_address: '1600 Amphitheatre Parkway, Mountain View, CA 94043',
      confidence: 'high',
    });
    // The parsed postal code and street stay inside: not in the API's candidates.
    expect(address.body.data[0]).not.toHaveProperty('postal_code');
    expect(address.body.data[0]).not.toHaveProperty('street_address');
    const berlin = await resolve(key, { query: '10115 Berlin' });
    expect(berlin.body.data[0]).toMatchObject({ city: 'Berlin', country_code: 'DE', confidence: 'high' });
  });
});

describe('POST /api/locations (create)', () => {
  it('commits the best match once: the same id again with meta.created false', async () => {
    const { key } = await createTenant();
    const first = await resolve(key, { query: 'Austin, TX', create: true });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      data: { id: expect.any(String), display_name: 'Austin, Texas, United States', created: true },
      meta: { query: 'Austin, TX', created: true },
    });
    const again = await resolve(key, { query: 'austin texas', create: true });
    expect(again.body).toEqual({
      data: { ...first.body.data },
      meta: { query: 'austin texas', created: false },
    });
    const preview = await resolve(key, { query: 'Austin' });
    expect(preview.body.data[0]).toMatchObject({ id: first.body.data.id, source: 'existing' });
  });

  it('commits the place the query names, not a same-named one already on the board', async () => {
    const { key } = await createTenant();
    const illinois = await resolve(key, { query: 'Springfield, IL', create: true });
    const massachusetts = await resolve(key, { query: 'Springfield, MA', create: true });
    expect(massachusetts.body.meta.created).toBe(true);
    expect(massachusetts.body.data.id).not.toBe(illinois.body.data.id);
    expect(massachusetts.body.data.display_name).toContain('Massachusetts');
    const portland = await resolve(key, { query: 'Portland, OR', create: true });
    const maine = await resolve(key, { query: 'Portland, ME', create: true });
    expect(maine.body.data.id).not.toBe(portland.body.data.id);
    // Without qualifiers, a place on the board leads the equally good matches.
    const preview = await resolve(key, { query: 'Springfield' });
    expect(preview.body.data[0]).toMatchObject({ source: 'existing' });
  });

  it('ends ten concurrent commits of one place on one row', async () => {
    const tenants = await Promise.all([createTenant(), createTenant()]);
    const [{ key, organization }] = tenants;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => resolve(key, { query: 'Zürich', create: true })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((answer) => answer.body.data.id)).size).toBe(1);
    expect(answers.filter((answer) => answer.body.meta.created)).toHaveLength(1);
    const db = await getDb();
    const rows = (await db.select().from(locations)).filter((row) => row.organizationId === organization.id);
    expect(rows).toHaveLength(1);
    // Another organization gets its own row.
    const other = await resolve(tenants[1].key, { query: 'zurich', create: true });
    expect(other.body.data.id).not.toBe(answers[0]!.body.data.id);
  });

  it('commits one remote place per region', async () => {
    const { key } = await createTenant();
    const a = await resolve(key, { query: 'Remote', create: true });
    const b = await resolve(key, { query: 'REMOTE', create: true });
    const c = await resolve(key, { query: 'Remote (Europe)', create: true });
    expect(b.body.data.id).toBe(a.body.data.id);
    expect(b.body.meta.created).toBe(false);
    expect(c.body.data.id).not.toBe(a.body.data.id);
  });
});

describe('resolution order with an HTTP geocoder', () => {
  let fake: FakeNominatim;
  beforeAll(async () => {
    fake = await new FakeNominatim().start();
    setGeocoder(
      new NominatimGeocoder({ url: fake.url, userAgent: 'Boardkit/1.0 (+test)', timeoutMs: 2_000 }),
    );
  });
  afterAll(async () => {
    setGeocoder(undefined);
    await fake.stop();
  });

  it('goes existing → cache → geocoder, and the cache serves every organization', async () => {
    const [one, two] = await Promise.all([createTenant(), createTenant()]);
    const before = fake.requests.length;
    const first = await resolve(one.key, { query: 'Lyon' });
    expect(first.body.data[0]).toMatchObject({
      city: 'Lyon',
      source: 'geocoded',
      confidence: 'exact',
      state_code: 'ARA',
    });
    expect(fake.requests.length).toBe(before + 1);
    const cached = await resolve(two.key, { query: 'LYON' });
    expect(cached.body.data[0]).toMatchObject({ city: 'Lyon', source: 'cache', id: null });
    expect(fake.requests.length).toBe(before + 1);
    const committed = await resolve(one.key, { query: 'Lyon', create: true });
    const existing = await resolve(one.key, { query: 'lyon' });
    expect(existing.body.data[0]).toMatchObject({ source: 'existing', id: committed.body.data.id });
    expect((await resolve(two.key, { query: 'lyon' })).body.data[0]).toMatchObject({
      source: 'cache',
      id: null,
    });
  });
});

describe('GET /api/locations', () => {
  let tenant: Awaited<ReturnType<typeof createTenant>>;
  const ids: Record<string, string> = {};
  afterEach(() => undefined);
  beforeAll(async () => {
    tenant = await createTenant();
    for (const query of [
      'Berlin, Germany',
      'Munich',
      'Bavaria',
      'Germany',
      'Remote (Europe)',
      'Paris',
      'Austin, TX',
    ]) {
      ids[query] = (await resolve(tenant.key, { query, create: true })).body.data.id;
    }
    for (const [status, location] of [
      ['active', 'Berlin, Germany'],
      ['active', 'Berlin, Germany'],
      ['expired', 'Berlin, Germany'],
      ['draft', 'Paris'],
    ] as const) {
      const job = await call(createJob, {
        method: 'POST',
        path: '/jobs',
        apiKey: tenant.key,
        body: {
          title: 'Engineer',
          description: 'Build.',
          company_name: 'Acme',
          status,
          location_id: ids[location],
        },
      });
      expect(job.status).toBe(200);
    }
  });

  it('lists with job counts and default pagination (50)', async () => {
    const response = await list(tenant.key);
    expect(response.status).toBe(200);
    expect(response.body.meta.pagination).toEqual({
      current_page: 1,
      per_page: 50,
      total_items: 7,
      total_pages: 1,
      has_more: false,
    });
    const berlin = response.body.data.find((item: { id: string }) => item.id === ids['Berlin, Germany']);
    expect(berlin).toEqual({
      id: ids['Berlin, Germany'],
      name: 'Berlin',
      slug: 'berlin-germany',
      display_name: 'Berlin, Germany',
      city: 'Berlin',
      state: 'Berlin',
      country: 'Germany',
      country_code: 'DE',
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      location_type: 'city',
      job_count: 3,
      active_job_count: 2,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    expect(response.body.data.find((item: { id: string }) => item.id === ids.Paris)).toMatchObject({
      job_count: 1,
      active_job_count: 0,
    });
  });

  it('filters by search, country and type, and pages', async () => {
    const names = async (query: string) =>
      (await list(tenant.key, query)).body.data.map((item: { name: string }) => item.name);
    expect(await names('?search=munchen')).toEqual([]);
    expect(await names('?search=ber')).toEqual(['Berlin']);
    expect(await names('?search=BERLIN')).toEqual(['Berlin']);
    expect(await names('?country_code=de&location_type=state')).toEqual(['Bavaria']);
    expect(await names('?location_type=remote')).toEqual(['Remote (Europe)']);
    const page = await list(tenant.key, '?per_page=2&page=2');
    expect(page.body.data).toHaveLength(2);
    expect(page.body.meta.pagination).toMatchObject({
      current_page: 2,
      per_page: 2,
      total_items: 7,
      total_pages: 4,
      has_more: true,
    });
    expect((await list(tenant.key, '?per_page=101')).status).toBe(400);
  });

  it('refuses an unknown location_type with validation_error', async () => {
    const response = await list(tenant.key, '?location_type=planet');
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details[0].field).toBe('location_type');
  });

  it('shows only the organization’s own locations', async () => {
    const other = await createTenant();
    expect((await list(other.key)).body.data).toEqual([]);
    const job = await call(createJob, {
      method: 'POST',
      path: '/jobs',
      apiKey: other.key,
      body: { title: 'Engineer', description: 'Build.', company_name: 'Acme', location_id: ids.Munich },
    });
    expect(job.status).toBe(400);
  });
});
