import { describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { upsertCollection } from '@/lib/cms';
import { upsertCollectionBodySchema } from '@/lib/cms/schemas';
import { AppError } from '@/lib/core/errors';
import { createTenant } from '@/test/factories';
import { collectionBody, type Draft, editField, editName, emptyDraft, newField } from './draft';
import { fieldsWithErrors, hasErrors, noErrors, placeIssues } from './errors';

const keys = ['a', 'b', 'c'];

describe('where a problem shows in the builder', () => {
  it.each([
    [['schema', 1, 'options'], { fields: { b: { options: 'm' } } }],
    [['schema', 1, 'options', 0], { fields: { b: { options: 'm' } } }],
    [['schema', 2, 'name'], { fields: { c: { name: 'm' } } }],
    [['schema', 0], { fields: { a: { field: 'm' } } }],
    [['schema', 0, 'something_new'], { fields: { a: { field: 'm' } } }],
    [['schema'], { collection: { schema: 'm' } }],
    [['schema', 7, 'name'], { collection: { schema: 'm' } }],
    [['rules', 'sort_by'], { collection: { sort_by: 'm' } }],
    [['slug'], { collection: { slug: 'm' } }],
    [['required_entitlement'], { collection: { required_entitlement: 'm' } }],
    [[], { other: ['m'] }],
    [['force'], { other: ['m'] }],
  ])('%j', (path, expected) => {
    expect(placeIssues([{ path, message: 'm' }], keys)).toEqual({ ...noErrors, ...expected });
  });

  it('keeps the first message per place and counts the cards with problems', () => {
    const errors = placeIssues(
      [
        { path: ['schema', 0, 'name'], message: 'first' },
        { path: ['schema', 0, 'name'], message: 'second' },
        { path: ['schema', 2, 'max'], message: 'too small' },
      ],
      keys,
    );
    expect(errors.fields).toEqual({ a: { name: 'first' }, c: { max: 'too small' } });
    expect(fieldsWithErrors(errors)).toBe(2);
    expect(hasErrors(errors)).toBe(true);
    expect(hasErrors(noErrors)).toBe(false);
  });

  it('puts the browser check of a duplicate name and of empty options on their cards', () => {
    const title = editField(newField('text'), { label: 'Title' });
    const again = editField(newField('longtext'), { label: 'Title' });
    const format = editField(newField('select'), { label: 'Format', options: '\n  \n' });
    const draft: Draft = { ...editName(emptyDraft, 'Events'), fields: [title, again, format] };
    const parsed = upsertCollectionBodySchema.safeParse(collectionBody(draft));
    expect(parsed.success).toBe(false);
    if (parsed.success) return;
    const errors = placeIssues(parsed.error.issues, [title.key, again.key, format.key]);
    expect(errors.fields).toEqual({
      [again.key]: { name: "'title' is already the name of an earlier field; field names must be unique" },
      [format.key]: { options: 'List at least one option' },
    });
  });

  it('puts the service refusal of a type change on the card whose type changed', async () => {
    const { organization } = await createTenant();
    const db = await getDb();
    const seats = editField(newField('number'), { label: 'Seats' });
    const draft: Draft = {
      ...editName(emptyDraft, 'Workshops'),
      fields: [editField(newField('text'), { label: 'Title' }), seats],
    };
    await upsertCollection(db, organization.id, upsertCollectionBodySchema.parse(collectionBody(draft)));

    const changed = { ...draft, fields: [draft.fields[0]!, editField(seats, { type: 'text' })] };
    const error = await upsertCollection(
      db,
      organization.id,
      upsertCollectionBodySchema.parse(collectionBody(changed)),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('field_type_immutable');
    const details = (error as AppError).details as { path: (string | number)[]; message: string }[];
    expect(
      placeIssues(
        details,
        changed.fields.map((f) => f.key),
      ).fields,
    ).toEqual({
      [seats.key]: { type: 'Was number' },
    });

    const forced = await upsertCollection(
      db,
      organization.id,
      upsertCollectionBodySchema.parse(collectionBody(changed, true)),
    );
    expect(forced.collection.schema[1]).toMatchObject({ name: 'seats', type: 'text' });
  });

  it('puts the service refusal of an unknown reference target on its card', async () => {
    const { organization } = await createTenant();
    const speaker = editField(newField('reference'), { label: 'Speaker', to: 'speakers' });
    const draft: Draft = { ...editName(emptyDraft, 'Talks'), fields: [speaker] };
    const error = await upsertCollection(
      await getDb(),
      organization.id,
      upsertCollectionBodySchema.parse(collectionBody(draft)),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('validation_error');
    const details = (error as AppError).details as { path: (string | number)[]; message: string }[];
    expect(placeIssues(details, [speaker.key]).fields[speaker.key]?.to).toMatch(/^No collection 'speakers'/);
  });
});
