import { describe, expect, it } from 'vitest';
import type { SchemaField } from '@/lib/cms/fields';
import {
  dataFromValues,
  errorsByField,
  excerpt,
  initialValues,
  itemLabel,
  listOf,
  richTextOf,
  richTextPlain,
  textOf,
} from './item-values';

const field = (type: string, name: string, extra: Record<string, unknown> = {}) =>
  ({ type, name, required: false, unique: false, ...extra }) as SchemaField;

const doc = (...paragraphs: string[]) => ({
  type: 'doc',
  content: paragraphs.map((text) => ({ type: 'paragraph', content: text ? [{ type: 'text', text }] : [] })),
});

describe('reading stored values leniently', () => {
  it.each([
    [undefined, ''],
    [null, ''],
    [42, '42'],
    [true, 'true'],
    [['a', 'b'], 'a, b'],
    [doc('Hello', 'world'), 'Hello\nworld'],
    [{ lat: 1 }, '{"lat":1}'],
  ])('shows %j as text %j', (value, text) => {
    expect(textOf(value)).toBe(text);
  });

  it('reads a single stored value as one pick of a multi-select', () => {
    expect(listOf('red')).toEqual(['red']);
    expect(listOf(['red', 2])).toEqual(['red', '2']);
    expect(listOf(null)).toEqual([]);
  });

  it('gives the editor a document, or the old text for Tiptap to read', () => {
    expect(richTextOf(doc('Hi'))).toEqual(doc('Hi'));
    expect(richTextOf('plain words')).toBe('plain words');
    expect(richTextOf(undefined)).toBeNull();
  });

  it('extracts and shortens rich text for the items table', () => {
    expect(richTextPlain(doc('First line', '', 'Second'))).toBe('First line\nSecond');
    expect(richTextPlain('<p>Old <b>HTML</b></p>')).toBe('Old HTML');
    expect(excerpt('one two three four five', 12)).toBe('one two…');
    expect(excerpt('short', 12)).toBe('short');
  });

  it('starts a new item with the defaults', () => {
    expect(initialValues([field('boolean', 'remote', { default: true }), field('text', 'title')])).toEqual({
      remote: true,
    });
  });
});

describe('dataFromValues', () => {
  const schema = [
    field('text', 'title'),
    field('longtext', 'notes'),
    field('number', 'price'),
    field('boolean', 'remote'),
    field('multi_select', 'tags', { options: ['a', 'b'] }),
    field('richtext', 'body'),
    field('datetime', 'starts'),
  ];

  it('converts, trims and leaves blank values out', () => {
    expect(
      dataFromValues(schema, {
        title: '  Senior engineer ',
        notes: '  indented\n',
        price: '12.5',
        remote: false,
        tags: [],
        body: doc(''),
        starts: '',
      }),
    ).toEqual({ title: 'Senior engineer', notes: '  indented\n', price: 12.5, remote: false });
  });

  it('sends text that is not a number as it is, for the service to name the problem', () => {
    expect(dataFromValues(schema, { price: 'twelve' })).toEqual({ price: 'twelve' });
  });

  it('keeps rich text with content, images included', () => {
    const image = { type: 'doc', content: [{ type: 'image', attrs: { src: 'https://x.test/a.png' } }] };
    expect(dataFromValues(schema, { body: doc('Hi') })).toEqual({ body: doc('Hi') });
    expect(dataFromValues(schema, { body: image })).toEqual({ body: image });
  });

  it('passes values of removed fields through so the service reports dropping them', () => {
    expect(dataFromValues(schema, { legacy: 'x', title: 'T' })).toEqual({ legacy: 'x', title: 'T' });
  });

  it('stores an old number in a field that is now text as text', () => {
    expect(dataFromValues(schema, { title: 42 })).toEqual({ title: '42' });
  });
});

describe('errorsByField', () => {
  it('keys data errors by field name and the item properties with an underscore', () => {
    expect(
      errorsByField([
        { field: 'data.price', path: ['data', 'price'], message: 'Expected a number' },
        { field: 'data.tags.1', path: ['data', 'tags', 1], message: 'Expected one of: a, b' },
        { field: 'data.price', path: ['data', 'price'], message: 'second message is ignored' },
        { field: 'expires_at', path: ['expires_at'], message: 'Must be after starts_at' },
        { field: 'data.title', message: 'No path: the field name is used' },
        'not a detail',
      ]),
    ).toEqual({
      price: 'Expected a number',
      tags: 'Expected one of: a, b',
      _expires_at: 'Must be after starts_at',
      title: 'No path: the field name is used',
    });
  });
});

describe('itemLabel', () => {
  const id = '0191a6f2-7c1e-7000-8000-000000000001';
  it('prefers a text field named title or name, then the first text value, then the id', () => {
    const schema = [field('email', 'contact'), field('text', 'name')];
    expect(itemLabel(schema, { id, data: { contact: 'a@b.test', name: 'Ada' } })).toBe('Ada');
    expect(itemLabel(schema, { id, data: { contact: 'a@b.test' } })).toBe('a@b.test');
    expect(itemLabel([field('number', 'seats')], { id, data: { seats: 3 } })).toBe(id);
  });
});
