import { describe, expect, it } from 'vitest';
import { createTenant } from '@/test/factories';
import {
  deleteCollection,
  eventsCollection,
  getItem,
  listCollections,
  listItems,
  postItem,
  upsertCollection,
} from '@/test/fixtures/cms';

describe('POST /api/cms', () => {
  it('creates a collection (201) with the documented defaults', async () => {
    const { key } = await createTenant();
    const response = await upsertCollection(key, eventsCollection);
    expect(response.status).toBe(201);
    expect(response.body.collection).toMatchObject({
      slug: 'events',
      name: 'Events',
      description: null,
      visibility: 'private',
      schema_version: 1,
      rules: { allow_public_submit: false, moderation: 'manual', sort_by: 'created_at', sort_dir: 'desc' },
      required_entitlement: null,
    });
    expect(response.body.collection.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.collection.schema[0]).toEqual({
      name: 'title',
      type: 'text',
      label: 'Title',
      required: true,
      unique: false,
      max_length: 80,
    });
    expect(response.body.collection.schema[1]).toMatchObject({ default: 'online', required: false });
    expect(response.body.collection.schema[2]).toMatchObject({ integer: true, min: 1, max: 500 });
  });

  it('replaces by slug (200): name, description, schema and rules; visibility only when sent', async () => {
    const { key } = await createTenant();
    await upsertCollection(key, {
      ...eventsCollection,
      visibility: 'public',
      description: 'Meetups',
      rules: { moderation: 'auto' },
    });
    const same = await upsertCollection(key, { ...eventsCollection, name: 'Our events' });
    expect(same.status).toBe(200);
    expect(same.body.collection).toMatchObject({
      name: 'Our events',
      description: null,
      visibility: 'public',
      schema_version: 1,
      rules: { moderation: 'manual' },
    });
    const changed = await upsertCollection(key, {
      ...eventsCollection,
      schema: [...eventsCollection.schema, { name: 'city', type: 'text' }],
      visibility: 'gated',
      required_entitlement: 'pro',
    });
    expect(changed.body.collection).toMatchObject({
      schema_version: 2,
      visibility: 'gated',
      required_entitlement: 'pro',
    });
    expect(changed.body.collection.created_at).toBe(same.body.collection.created_at);
    const listed = await listCollections(key);
    expect(listed.body.collections).toHaveLength(1);
  });

  it.each([
    ['a bad slug', { slug: 'Events!' }, 'slug'],
    ['a slug starting with a digit', { slug: '1events' }, 'slug'],
    ['a slug over 64 characters', { slug: `e${'x'.repeat(64)}` }, 'slug'],
    ['a missing name', { name: '' }, 'name'],
    ['an unknown visibility', { visibility: 'secret' }, 'visibility'],
    ['an unknown moderation', { rules: { moderation: 'later' } }, 'rules.moderation'],
    ['a sort_by that is no column or field', { rules: { sort_by: 'nope' } }, 'rules.sort_by'],
    [
      'a sort_by on a rich text field',
      { schema: [{ name: 'notes', type: 'richtext' }], rules: { sort_by: 'notes' } },
      'rules.sort_by',
    ],
    ['a bad field name', { schema: [{ name: 'Title', type: 'text' }] }, 'schema.0.name'],
    ['an unknown field type', { schema: [{ name: 'title', type: 'colour' }] }, 'schema.0.type'],
    [
      'duplicate field names',
      {
        schema: [
          { name: 'title', type: 'text' },
          { name: 'title', type: 'number' },
        ],
      },
      'schema.1.name',
    ],
    [
      'a select without options',
      { schema: [{ name: 'kind', type: 'select', options: [] }] },
      'schema.0.options',
    ],
    ['a unique boolean', { schema: [{ name: 'remote', type: 'boolean', unique: true }] }, 'schema.0.unique'],
    ['min above max', { schema: [{ name: 'n', type: 'number', min: 5, max: 1 }] }, 'schema.0.max'],
    [
      'a default that is not an option',
      { schema: [{ name: 'kind', type: 'select', options: ['a', 'b'], default: 'c' }] },
      'schema.0.default',
    ],
    [
      'a reference to an unknown collection',
      { schema: [{ name: 'venue', type: 'reference', to: 'venues' }] },
      'schema.0.to',
    ],
  ])('refuses %s with 400 naming the field', async (_case, change, field) => {
    const { key } = await createTenant();
    const response = await upsertCollection(key, { ...eventsCollection, ...change });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('validation_error');
    expect(response.body.error.details.map((detail: { field: string }) => detail.field)).toContain(field);
  });

  it('allows at most 40 fields', async () => {
    const { key } = await createTenant();
    const fields = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `f${i}`, type: 'text' }));
    expect((await upsertCollection(key, { slug: 'wide', name: 'Wide', schema: fields(40) })).status).toBe(
      201,
    );
    const tooMany = await upsertCollection(key, { slug: 'wider', name: 'Wider', schema: fields(41) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error.details[0].field).toBe('schema');
  });

  it('accepts references to jobs, to itself and to existing collections', async () => {
    const { key } = await createTenant();
    await upsertCollection(key, { slug: 'venues', name: 'Venues', schema: [{ name: 'name', type: 'text' }] });
    const response = await upsertCollection(key, {
      ...eventsCollection,
      schema: [
        { name: 'job', type: 'reference', to: 'jobs' },
        { name: 'venue', type: 'reference', to: 'venues' },
        { name: 'follows', type: 'reference', to: 'events' },
      ],
    });
    expect(response.status).toBe(201);
  });

  it("refuses to change a field's type (409) unless forced; old items stay readable", async () => {
    const { key } = await createTenant();
    await upsertCollection(key, eventsCollection);
    const item = await postItem(key, 'events', { data: { title: 'Launch', seats: 40 } });
    const retyped = {
      ...eventsCollection,
      schema: eventsCollection.schema.map((field) =>
        field.name === 'seats' ? { name: 'seats', type: 'text' } : field,
      ),
    };
    const refused = await upsertCollection(key, retyped);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('field_type_immutable');
    expect(refused.body.error.details).toEqual([
      expect.objectContaining({ field: 'schema.2.type', from: 'number', to: 'text' }),
    ]);
    const forced = await upsertCollection(key, { ...retyped, force: true });
    expect(forced.status).toBe(200);
    expect(forced.body.collection.schema_version).toBe(2);
    const old = await getItem(key, 'events', item.body.item.id);
    expect(old.body.item.data).toMatchObject({ title: 'Launch', seats: 40 });
    expect(old.body.item.schema_version).toBe(1);
  });

  it('renaming a field is a remove plus an add, never a type change', async () => {
    const { key } = await createTenant();
    await upsertCollection(key, eventsCollection);
    const renamed = await upsertCollection(key, {
      ...eventsCollection,
      schema: [{ name: 'headline', type: 'number' }, ...eventsCollection.schema.slice(1)],
    });
    expect(renamed.status).toBe(200);
  });
});

describe('GET /api/cms', () => {
  it('lists the collections by name with item counts by status, scoped to the key', async () => {
    const { key } = await createTenant();
    const other = await createTenant();
    await upsertCollection(key, eventsCollection);
    await upsertCollection(key, { slug: 'awards', name: 'Awards', schema: [] });
    await upsertCollection(other.key, { slug: 'secret', name: 'Secret', schema: [] });
    await postItem(key, 'events', { data: { title: 'A' } });
    await postItem(key, 'events', { data: { title: 'B' }, status: 'published' });
    await postItem(key, 'events', { data: { title: 'C' }, status: 'published' });
    const response = await listCollections(key);
    expect(response.status).toBe(200);
    expect(response.body.collections.map((c: { slug: string }) => c.slug)).toEqual(['awards', 'events']);
    expect(response.body.collections[1].item_counts).toEqual({
      total: 3,
      draft: 1,
      pending_review: 0,
      published: 2,
      expired: 0,
      archived: 0,
    });
    expect(response.body.meta.pagination).toMatchObject({ current_page: 1, per_page: 50, total_items: 2 });
  });
});

describe('DELETE /api/cms/{slug}', () => {
  it('deletes the collection and every item in it', async () => {
    const { key } = await createTenant();
    await upsertCollection(key, eventsCollection);
    await postItem(key, 'events', { data: { title: 'A' } });
    await postItem(key, 'events', { data: { title: 'B' } });
    const response = await deleteCollection(key, 'events');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ collection: { slug: 'events', deleted: true, deleted_items: 2 } });
    expect((await listItems(key, 'events')).status).toBe(404);
    expect((await deleteCollection(key, 'events')).status).toBe(404);
    await upsertCollection(key, eventsCollection);
    expect((await listItems(key, 'events')).body.items).toEqual([]);
  });

  it("cannot touch another organization's collection", async () => {
    const { key } = await createTenant();
    const other = await createTenant();
    await upsertCollection(other.key, eventsCollection);
    expect((await deleteCollection(key, 'events')).status).toBe(404);
    expect((await listItems(other.key, 'events')).status).toBe(200);
  });
});
