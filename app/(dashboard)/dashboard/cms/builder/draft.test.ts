import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { upsertCollection } from '@/lib/cms';
import { MAX_SCHEMA_FIELDS } from '@/lib/cms/fields';
import { upsertCollectionBodySchema } from '@/lib/cms/schemas';
import { createTenant } from '@/test/factories';
import {
  canAddField,
  collectionBody,
  type Draft,
  type DraftField,
  draftFromCollection,
  editField,
  editName,
  emptyDraft,
  fieldNameFromLabel,
  moveField,
  newField,
  SELF_TARGET,
  slugFromName,
} from './draft';

/** A card as the builder holds it after typing its label and setting `change`. */
const card = (type: DraftField['type'], label: string, change: Partial<DraftField> = {}) =>
  editField(editField(newField(type), { label }), change);

const events = (): Draft => ({
  ...editName(emptyDraft, 'Events'),
  description: '  Meetups and workshops ',
  fields: [
    card('text', 'Title', { required: true, maxLength: '120' }),
    card('select', 'Format', { options: 'In person\n\n  Online \n', defaultText: 'Online' }),
    card('number', 'Seats', { min: '1', integer: true }),
    card('reference', 'Related event', { to: SELF_TARGET }),
  ],
  visibility: 'public',
  allowPublicSubmit: true,
});

describe('names the builder derives', () => {
  it.each([
    ['Events', 'events'],
    ['Member perks 2026', 'member-perks-2026'],
    ['  Café & Bar!  ', 'cafe-bar'],
    ['2026 Meetups', 'meetups'],
    ['!!!', ''],
  ])('slug of %j is %j', (name, slug) => {
    expect(slugFromName(name)).toBe(slug);
  });

  it.each([
    ['Title', 'title'],
    ['Seats left (max)', 'seats_left_max'],
    ['Über-Preis', 'uber_preis'],
    ['1st speaker', 'st_speaker'],
  ])('field name of %j is %j', (label, name) => {
    expect(fieldNameFromLabel(label)).toBe(name);
  });

  it('follows the collection name with the slug until the slug is typed in', () => {
    const named = editName(emptyDraft, 'Job fairs');
    expect(named.slug).toBe('job-fairs');
    const typed = { ...named, slug: 'fairs', slugEdited: true };
    expect(editName(typed, 'Career fairs')).toMatchObject({ name: 'Career fairs', slug: 'fairs' });
  });

  it('follows the label with the field name until the name is typed in, and again once it is cleared', () => {
    let field = card('text', 'Event title');
    expect(field.name).toBe('event_title');
    field = editField(field, { name: 'headline' });
    expect(editField(field, { label: 'Title' }).name).toBe('headline');
    field = editField(field, { name: '' });
    expect(editField(field, { label: 'Title' }).name).toBe('title');
  });

  it('drops the options a new type does not have when a field changes type', () => {
    const field = card('number', 'Seats', { min: '1', max: '9', unique: true, defaultText: '4' });
    expect(editField(field, { type: 'multi_select' })).toMatchObject({
      min: '1',
      max: '9',
      unique: false,
      defaultText: '',
    });
    expect(editField(field, { type: 'email' })).toMatchObject({
      min: '',
      max: '',
      unique: true,
      defaultText: '',
    });
  });
});

describe('the body "Save collection" sends', () => {
  it('holds only the keys each field type has, with blanks left out and numbers as numbers', () => {
    const body = collectionBody(events());
    expect(body).toEqual({
      slug: 'events',
      name: 'Events',
      description: 'Meetups and workshops',
      schema: [
        { name: 'title', label: 'Title', required: true, unique: false, type: 'text', max_length: 120 },
        {
          name: 'format',
          label: 'Format',
          required: false,
          unique: false,
          default: 'Online',
          type: 'select',
          options: ['In person', 'Online'],
        },
        {
          name: 'seats',
          label: 'Seats',
          required: false,
          unique: false,
          type: 'number',
          min: 1,
          integer: true,
        },
        {
          name: 'related_event',
          label: 'Related event',
          required: false,
          unique: false,
          type: 'reference',
          to: 'events',
        },
      ],
      visibility: 'public',
      rules: { allow_public_submit: true, moderation: 'manual', sort_by: 'created_at', sort_dir: 'desc' },
      required_entitlement: null,
      force: false,
    });
    expect(upsertCollectionBodySchema.safeParse(body).success).toBe(true);
  });

  it('sorts by a field under its current name, and falls back to Created when the field is gone', () => {
    const draft = events();
    const seats = draft.fields[2]!;
    const sorted: Draft = { ...draft, sort: { field: seats.key }, sortDir: 'asc' };
    const renamed = {
      ...sorted,
      fields: sorted.fields.map((f) => (f === seats ? editField(f, { name: 'places' }) : f)),
    };
    expect(collectionBody(renamed).rules).toMatchObject({ sort_by: 'places', sort_dir: 'asc' });
    const removed = { ...sorted, fields: sorted.fields.filter((f) => f !== seats) };
    expect(collectionBody(removed).rules?.sort_by).toBe('created_at');
  });

  it('sends the required entitlement for gated collections only', () => {
    const draft = { ...events(), requiredEntitlement: ' premium ' };
    expect(collectionBody({ ...draft, visibility: 'gated' }).required_entitlement).toBe('premium');
    expect(collectionBody(draft).required_entitlement).toBeNull();
  });

  it('creates the collection, and reads back into the same draft', async () => {
    const { organization } = await createTenant();
    const sent = collectionBody(events());
    const { collection, created } = await upsertCollection(
      await getDb(),
      organization.id,
      upsertCollectionBodySchema.parse(sent),
    );
    expect(created).toBe(true);
    const reopened = draftFromCollection(collection);
    expect(reopened.fields.map((f) => [f.name, f.savedType, f.savedName])).toEqual([
      ['title', 'text', 'title'],
      ['format', 'select', 'format'],
      ['seats', 'number', 'seats'],
      ['related_event', 'reference', 'related_event'],
    ]);
    expect(reopened.fields[3]!.to).toBe(SELF_TARGET);
    expect(reopened.slugEdited).toBe(true);
    expect(collectionBody(reopened)).toEqual(sent);
  });

  it('keeps a default it has no input for, unless the field changes type', () => {
    const draft = draftFromCollection({
      id: '0190b8a4-0000-7000-8000-000000000000',
      slug: 'perks',
      name: 'Perks',
      description: null,
      visibility: 'private',
      schema: [
        {
          name: 'tags',
          label: 'Tags',
          required: false,
          unique: false,
          type: 'multi_select',
          options: ['a', 'b'],
          default: ['a'],
        },
      ],
      schema_version: 1,
      rules: { allow_public_submit: false, moderation: 'manual', sort_by: 'created_at', sort_dir: 'desc' },
      required_entitlement: null,
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    });
    expect(collectionBody(draft).schema[0]).toMatchObject({ default: ['a'] });
    const changed = { ...draft, fields: [editField(draft.fields[0]!, { type: 'select' })] };
    expect(collectionBody(changed).schema[0]).not.toHaveProperty('default');
  });
});

describe('reordering and the field limit', () => {
  it.each([
    [0, 2, ['b', 'c', 'a']],
    [2, 0, ['c', 'a', 'b']],
    [1, 1, ['a', 'b', 'c']],
    [0, 9, ['b', 'c', 'a']],
    [2, -1, ['c', 'a', 'b']],
  ])('moves index %i to %i', (from, to, expected) => {
    expect(moveField(['a', 'b', 'c'], from, to)).toEqual(expected);
  });

  it(`stops adding at ${MAX_SCHEMA_FIELDS} fields`, () => {
    const fields = Array.from({ length: MAX_SCHEMA_FIELDS }, (_, i) => card('text', `Field ${i}`));
    expect(canAddField({ ...emptyDraft, fields: fields.slice(1) })).toBe(true);
    expect(canAddField({ ...emptyDraft, fields })).toBe(false);
  });
});
