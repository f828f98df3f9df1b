import { describe, expect, it } from 'vitest';
import { POST as postJob } from '@/app/api/jobs/route';
import { getDb } from '@/db/client';
import { memberships } from '@/db/schema';
import { signUp } from '@/lib/auth/users';
import { createMember, deleteMember } from '@/lib/members';
import { createTenant } from '@/test/factories';
import {
  deleteItem,
  emittedEvents,
  eventsCollection,
  getItem,
  listItems,
  patchItem,
  postItem,
  subscribeToEverything,
  upsertCollection,
} from '@/test/fixtures/cms';
import { call } from '@/test/http';

async function tenantWithEvents() {
  const tenant = await createTenant();
  await upsertCollection(tenant.key, eventsCollection);
  return tenant;
}

const ids = (items: { id: string }[]) => items.map((item) => item.id);
const titles = (items: { data: { title?: string } }[]) => items.map((item) => item.data.title);

describe('POST /api/cms/{slug}', () => {
  it('inserts a validated draft: defaults applied, unknown fields dropped and reported', async () => {
    const { key, organization } = await tenantWithEvents();
    await subscribeToEverything(organization.id);
    const response = await postItem(key, 'events', {
      data: { title: '  Launch party ', seats: '40', colour: 'red' },
    });
    expect(response.status).toBe(201);
    expect(response.body.item).toMatchObject({
      collection: 'events',
      data: { title: 'Launch party', format: 'online', seats: 40 },
      status: 'draft',
      starts_at: null,
      expires_at: null,
      position: 1,
      owner_user_id: null,
      source: 'api',
      schema_version: 1,
    });
    expect(response.body.item.data).not.toHaveProperty('colour');
    expect(response.body.warnings).toEqual(["Unknown field 'colour' was dropped."]);
    const second = await postItem(key, 'events', { data: { title: 'Second' } });
    expect(second.body.item.position).toBe(2);
    expect((await emittedEvents(organization.id)).map((event) => event.type)).toEqual([
      'cms_item.created',
      'cms_item.created',
    ]);
  });

  it('lists every invalid field in the 400 details', async () => {
    const { key } = await tenantWithEvents();
    const response = await postItem(key, 'events', {
      data: { format: 'hybrid', seats: 0.5, summary: 42 },
    });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    const byField = Object.fromEntries(
      response.body.error.details.map((d: { field: string; code: string }) => [d.field, d.code]),
    );
    expect(Object.keys(byField).sort()).toEqual(['data.format', 'data.seats', 'data.summary', 'data.title']);
    expect(byField['data.title']).toBe('required');
  });

  it.each([
    ['data missing', {}, 'data'],
    ['data not an object', { data: [1] }, 'data'],
    ['an unknown status', { data: { title: 'x' }, status: 'live' }, 'status'],
    ['a bad starts_at', { data: { title: 'x' }, starts_at: 'tomorrow' }, 'starts_at'],
    [
      'expires_at before starts_at',
      { data: { title: 'x' }, starts_at: '2026-05-02T00:00:00Z', expires_at: '2026-05-01T00:00:00Z' },
      'expires_at',
    ],
    ['a fractional position', { data: { title: 'x' }, position: 1.5 }, 'position'],
    ['an owner that is no uuid', { data: { title: 'x' }, owner_user_id: 'me' }, 'owner_user_id'],
  ])('refuses %s', async (_case, body, field) => {
    const { key } = await tenantWithEvents();
    const response = await postItem(key, 'events', body);
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe(field);
  });

  it('upserts when the id exists: data replaced, unsent fields kept (200)', async () => {
    const { key, organization } = await tenantWithEvents();
    const owner = await createMember(await getDb(), organization.id, {
      email: 'owner@example.com',
      name: 'Owner',
      role: 'employer',
    });
    const created = await postItem(key, 'events', {
      data: { title: 'Launch', seats: 10 },
      status: 'published',
      position: 7,
      owner_user_id: owner.id,
    });
    await subscribeToEverything(organization.id);
    const id = created.body.item.id;
    const replaced = await postItem(key, 'events', { id, data: { title: 'Launch v2' } });
    expect(replaced.status).toBe(200);
    expect(replaced.body.item).toMatchObject({
      id,
      data: { title: 'Launch v2', format: 'online' },
      status: 'published',
      position: 7,
      owner_user_id: owner.id,
    });
    expect(replaced.body.item.data).not.toHaveProperty('seats');
    expect((await emittedEvents(organization.id)).map((event) => event.type)).toEqual(['cms_item.updated']);
    const fresh = '0190b4a1-7a7e-7000-8000-0000000000aa';
    const inserted = await postItem(key, 'events', { id: fresh, data: { title: 'Chosen id' } });
    expect(inserted.status).toBe(201);
    expect(inserted.body.item.id).toBe(fresh);
  });

  it('takes as owner a member of the board or a user of the team, and refuses anyone else (another organization’s member was stored as given)', async () => {
    const db = await getDb();
    const { key, organization } = await tenantWithEvents();
    const other = await createTenant();
    const stranger = await createMember(db, other.organization.id, {
      email: 'stranger@example.com',
      name: 'Stranger',
      role: 'employer',
    });
    for (const owner_user_id of [stranger.id, '0190b4a1-7a7e-7000-8000-000000000001']) {
      const refused = await postItem(key, 'events', { data: { title: 'Mine' }, owner_user_id });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details[0].field).toBe('owner_user_id');
    }
    const { user } = await signUp(db, {
      name: 'Team Owner',
      email: `team-${organization.id}@example.com`,
      password: 'correct horse battery',
      organizationName: 'Elsewhere',
    });
    await db.insert(memberships).values({ organizationId: organization.id, userId: user.id, role: 'admin' });
    const byTeam = await postItem(key, 'events', { data: { title: 'Ours' }, owner_user_id: user.id });
    expect(byTeam.status).toBe(201);
    expect(byTeam.body.item.owner_user_id).toBe(user.id);
  });

  it('lets an erased member’s items go ownerless', async () => {
    const db = await getDb();
    const { key, organization } = await tenantWithEvents();
    const owner = await createMember(db, organization.id, {
      email: 'gone@example.com',
      name: 'Gone',
      role: 'employer',
    });
    const created = await postItem(key, 'events', { data: { title: 'Theirs' }, owner_user_id: owner.id });
    await deleteMember(db, organization.id, owner.id);
    const read = await getItem(key, 'events', created.body.item.id);
    expect(read.body.item.owner_user_id).toBeNull();
  });

  it("refuses an id of another collection's item (409); another organization's id is unknown", async () => {
    const { key } = await tenantWithEvents();
    await upsertCollection(key, { slug: 'notes', name: 'Notes', schema: [{ name: 'title', type: 'text' }] });
    const note = await postItem(key, 'notes', { data: { title: 'n' } });
    const response = await postItem(key, 'events', { id: note.body.item.id, data: { title: 'x' } });
    expect(response.status).toBe(409);
    expect(response.body.error.code).toBe('conflict');
    const other = await createTenant();
    await upsertCollection(other.key, eventsCollection);
    // Answered exactly as for an id that exists nowhere: created, so no existence oracle across tenants.
    const nowhere = await postItem(other.key, 'events', {
      id: '0190b4a1-7a7e-7000-8000-0000000000bb',
      data: { title: 'y' },
    });
    const foreign = await postItem(other.key, 'events', { id: note.body.item.id, data: { title: 'x' } });
    expect([nowhere.status, foreign.status]).toEqual([201, 201]);
    expect(Object.keys(foreign.body).sort()).toEqual(Object.keys(nowhere.body).sort());
    expect(foreign.body.item.id).not.toBe(note.body.item.id);
    expect(foreign.body.item.data).toMatchObject({ title: 'x' });
    expect((await getItem(key, 'notes', note.body.item.id)).body.item.data).toEqual({ title: 'n' });
  });

  it('enforces unique fields per collection, also under concurrent writes', async () => {
    const { key } = await createTenant();
    await upsertCollection(key, {
      slug: 'perks',
      name: 'Perks',
      schema: [{ name: 'code', type: 'text', unique: true }],
    });
    const first = await postItem(key, 'perks', { data: { code: 'GYM' } });
    const clash = await postItem(key, 'perks', { data: { code: 'GYM' } });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'duplicate_value' });
    expect(clash.body.error.details[0]).toMatchObject({ field: 'data.code', item_id: first.body.item.id });
    // An item may keep its own value.
    const self = await patchItem(key, 'perks', first.body.item.id, { data: { code: 'GYM' } });
    expect(self.status).toBe(200);
    const racers = await Promise.all(
      Array.from({ length: 4 }, () => postItem(key, 'perks', { data: { code: 'BIKE' } })),
    );
    expect(racers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    // Another collection (and organization) may use the same value.
    await upsertCollection(key, {
      slug: 'other',
      name: 'Other',
      schema: [{ name: 'code', type: 'text', unique: true }],
    });
    expect((await postItem(key, 'other', { data: { code: 'GYM' } })).status).toBe(201);
  });

  it('checks assets and references against the organization', async () => {
    const { key } = await createTenant();
    const other = await createTenant();
    const job = await call(postJob, {
      method: 'POST',
      path: '/jobs',
      apiKey: key,
      body: { title: 'Engineer', description: 'Build', company_name: 'Acme' },
    });
    const foreignJob = await call(postJob, {
      method: 'POST',
      path: '/jobs',
      apiKey: other.key,
      body: { title: 'Engineer', description: 'Build', company_name: 'Other' },
    });
    await upsertCollection(key, { slug: 'venues', name: 'Venues', schema: [{ name: 'name', type: 'text' }] });
    const venue = await postItem(key, 'venues', { data: { name: 'Hall' } });
    await upsertCollection(key, {
      slug: 'talks',
      name: 'Talks',
      schema: [
        { name: 'job', type: 'reference', to: 'jobs' },
        { name: 'venue', type: 'reference', to: 'venues' },
        { name: 'photo', type: 'asset' },
      ],
    });
    const ok = await postItem(key, 'talks', { data: { job: job.body.data.id, venue: venue.body.item.id } });
    expect(ok.status).toBe(201);
    const bad = await postItem(key, 'talks', {
      data: { job: foreignJob.body.data.id, venue: job.body.data.id, photo: venue.body.item.id },
    });
    expect(bad.status).toBe(400);
    expect(
      bad.body.error.details.map((d: { field: string; code: string }) => `${d.field}:${d.code}`).sort(),
    ).toEqual(['data.job:unknown_reference', 'data.photo:unknown_asset', 'data.venue:unknown_reference']);
  });

  it('stores rich text as sanitized Tiptap JSON and searches its text', async () => {
    const { key } = await createTenant();
    await upsertCollection(key, {
      slug: 'stories',
      name: 'Stories',
      schema: [
        { name: 'title', type: 'text' },
        { name: 'body', type: 'richtext' },
      ],
    });
    const response = await postItem(key, 'stories', {
      data: { title: 'Hired', body: '<p>We found a <strong>welder</strong></p><script>alert(1)</script>' },
    });
    expect(response.status).toBe(201);
    const body = response.body.item.data.body;
    expect(body.type).toBe('doc');
    expect(JSON.stringify(body)).toContain('welder');
    expect(JSON.stringify(body)).not.toContain('alert');
    const found = await listItems(key, 'stories', '?search=WELDER');
    expect(titles(found.body.items)).toEqual(['Hired']);
  });

  it('404s for an unknown collection', async () => {
    const { key } = await createTenant();
    const response = await postItem(key, 'nope', { data: {} });
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('not_found');
  });
});

describe('PATCH /api/cms/{slug}/{id}', () => {
  it('changes status, schedule and position without touching data', async () => {
    const { key, organization } = await tenantWithEvents();
    const created = await postItem(key, 'events', { data: { title: 'Launch', seats: 3 } });
    await subscribeToEverything(organization.id);
    const id = created.body.item.id;
    const response = await patchItem(key, 'events', id, {
      status: 'published',
      starts_at: '2026-06-01T10:00:00+02:00',
      position: 42,
    });
    expect(response.status).toBe(200);
    expect(response.body.item).toMatchObject({
      status: 'published',
      starts_at: '2026-06-01T08:00:00.000Z',
      position: 42,
      data: { title: 'Launch', seats: 3, format: 'online' },
    });
    const badWindow = await patchItem(key, 'events', id, { expires_at: '2026-05-01T00:00:00Z' });
    expect(badWindow.status).toBe(400);
    expect(badWindow.body.error.details[0].field).toBe('expires_at');
    expect((await emittedEvents(organization.id)).map((event) => event.type)).toEqual(['cms_item.updated']);
  });

  it('replaces the whole data payload when data is sent, validated', async () => {
    const { key } = await tenantWithEvents();
    const created = await postItem(key, 'events', { data: { title: 'Launch', seats: 3, summary: 'Fun' } });
    const id = created.body.item.id;
    const replaced = await patchItem(key, 'events', id, { data: { title: 'Renamed' } });
    expect(replaced.body.item.data).toEqual({ title: 'Renamed', format: 'online' });
    const invalid = await patchItem(key, 'events', id, { data: { seats: 3 } });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.details[0].field).toBe('data.title');
    const empty = await patchItem(key, 'events', id, {});
    expect(empty.status).toBe(400);
  });

  it('keeps items written under an older schema readable and editable', async () => {
    const { key } = await tenantWithEvents();
    const old = await postItem(key, 'events', { data: { title: 'Old', seats: 12, summary: 'Kept' } });
    const id = old.body.item.id;
    await upsertCollection(key, {
      ...eventsCollection,
      schema: [
        { name: 'title', type: 'text', required: true },
        { name: 'city', type: 'text', required: true },
      ],
    });
    const read = await getItem(key, 'events', id);
    expect(read.body.item).toMatchObject({
      data: { title: 'Old', seats: 12, summary: 'Kept' },
      schema_version: 1,
    });
    const listed = await listItems(key, 'events');
    expect(listed.body.items[0].data).toMatchObject({ seats: 12 });
    const statusOnly = await patchItem(key, 'events', id, { status: 'archived' });
    expect(statusOnly.status).toBe(200);
    expect(statusOnly.body.item.data).toMatchObject({ seats: 12, summary: 'Kept' });
    const revalidated = await patchItem(key, 'events', id, { data: { title: 'Old' } });
    expect(revalidated.status).toBe(400);
    expect(revalidated.body.error.details[0].field).toBe('data.city');
    const updated = await patchItem(key, 'events', id, { data: { title: 'Old', city: 'Lyon' } });
    expect(updated.body.item).toMatchObject({ data: { title: 'Old', city: 'Lyon' }, schema_version: 2 });
  });

  it('404s for an item of another collection or organization', async () => {
    const { key } = await tenantWithEvents();
    await upsertCollection(key, { slug: 'notes', name: 'Notes', schema: [] });
    const item = await postItem(key, 'events', { data: { title: 'x' } });
    expect((await patchItem(key, 'notes', item.body.item.id, { status: 'published' })).status).toBe(404);
    const other = await tenantWithEvents();
    expect((await patchItem(other.key, 'events', item.body.item.id, { status: 'published' })).status).toBe(
      404,
    );
    expect((await getItem(other.key, 'events', item.body.item.id)).status).toBe(404);
  });
});

describe('DELETE /api/cms/{slug}/{id}', () => {
  it('deletes the item and emits cms_item.deleted', async () => {
    const { key, organization } = await tenantWithEvents();
    const item = await postItem(key, 'events', { data: { title: 'x' } });
    await subscribeToEverything(organization.id);
    const response = await deleteItem(key, 'events', item.body.item.id);
    expect(response.body).toEqual({ item: { id: item.body.item.id, deleted: true } });
    expect((await getItem(key, 'events', item.body.item.id)).status).toBe(404);
    expect((await deleteItem(key, 'events', item.body.item.id)).status).toBe(404);
    const events = await emittedEvents(organization.id);
    expect(events).toEqual([
      { type: 'cms_item.deleted', data: { id: item.body.item.id, collection: 'events' } },
    ]);
  });
});

describe('GET /api/cms/{slug}', () => {
  it('answers from its cache until an item changes', async () => {
    const { key } = await tenantWithEvents();
    const first = await postItem(key, 'events', { data: { title: 'First' } });
    expect(titles((await listItems(key, 'events')).body.items)).toEqual(['First']);
    await patchItem(key, 'events', first.body.item.id, { data: { title: 'Renamed' } });
    expect(titles((await listItems(key, 'events')).body.items)).toEqual(['Renamed']);
    await deleteItem(key, 'events', first.body.item.id);
    expect((await listItems(key, 'events')).body.items).toEqual([]);
  });

  async function seeded() {
    const tenant = await tenantWithEvents();
    const { key } = tenant;
    const rows = [
      {
        data: { title: 'Alpha', seats: 30, format: 'in-person', summary: 'Rooftop meetup' },
        status: 'published',
      },
      { data: { title: 'Bravo', seats: 5 }, status: 'draft' },
      { data: { title: 'Charlie', seats: 120, format: 'in-person' }, status: 'published' },
      { data: { title: 'Delta' }, status: 'archived' },
    ];
    const created = [];
    for (const row of rows) created.push((await postItem(key, 'events', row)).body.item);
    return { ...tenant, created };
  }

  it('answers the collection with its items, newest first by default', async () => {
    const { key, created } = await seeded();
    const response = await listItems(key, 'events');
    expect(response.status).toBe(200);
    expect(response.body.collection.slug).toBe('events');
    expect(ids(response.body.items)).toEqual(ids(created).reverse());
    expect(response.body.meta).toEqual({
      pagination: { current_page: 1, per_page: 20, total_items: 4, total_pages: 1, has_more: false },
      sort: { by: 'created_at', dir: 'desc' },
    });
  });

  it('filters by status, search and data fields', async () => {
    const { key } = await seeded();
    expect(titles((await listItems(key, 'events', '?status=published&sort=title')).body.items)).toEqual([
      'Alpha',
      'Charlie',
    ]);
    expect(titles((await listItems(key, 'events', '?status=draft,archived&sort=title')).body.items)).toEqual([
      'Bravo',
      'Delta',
    ]);
    expect(titles((await listItems(key, 'events', '?search=rooftop')).body.items)).toEqual(['Alpha']);
    expect(titles((await listItems(key, 'events', '?data.format=in-person&sort=title')).body.items)).toEqual([
      'Alpha',
      'Charlie',
    ]);
    expect(titles((await listItems(key, 'events', '?data.seats=120')).body.items)).toEqual(['Charlie']);
    expect(titles((await listItems(key, 'events', '?search=%25')).body.items)).toEqual([]);
  });

  it('sorts by columns and fields, numbers numerically, missing values last', async () => {
    const { key } = await seeded();
    expect(titles((await listItems(key, 'events', '?sort=seats')).body.items)).toEqual([
      'Bravo',
      'Alpha',
      'Charlie',
      'Delta',
    ]);
    expect(titles((await listItems(key, 'events', '?sort=-seats')).body.items)).toEqual([
      'Charlie',
      'Alpha',
      'Bravo',
      'Delta',
    ]);
    const byPosition = await listItems(key, 'events', '?sort=position');
    expect(titles(byPosition.body.items)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(byPosition.body.meta.sort).toEqual({ by: 'position', dir: 'asc' });
  });

  it("uses the collection's sort rules by default", async () => {
    const { key } = await seeded();
    await upsertCollection(key, { ...eventsCollection, rules: { sort_by: 'title', sort_dir: 'asc' } });
    const response = await listItems(key, 'events');
    expect(titles(response.body.items)).toEqual(['Alpha', 'Bravo', 'Charlie', 'Delta']);
    expect(response.body.meta.sort).toEqual({ by: 'title', dir: 'asc' });
  });

  it('paginates', async () => {
    const { key } = await seeded();
    const response = await listItems(key, 'events', '?per_page=3&page=2&sort=title');
    expect(titles(response.body.items)).toEqual(['Delta']);
    expect(response.body.meta.pagination).toMatchObject({ total_items: 4, total_pages: 2, has_more: false });
  });

  it.each([
    ['?data.colour=red', 'data.colour'],
    ['?data.seats=many', 'data.seats'],
    ['?sort=colour', 'sort'],
    ['?status=live', 'status.0'],
    ['?per_page=101', 'per_page'],
  ])('refuses %s with 400', async (search, field) => {
    const { key } = await tenantWithEvents();
    const response = await listItems(key, 'events', search);
    expect(response.status).toBe(400);
    expect(response.body.error.details[0].field).toBe(field);
  });
});
