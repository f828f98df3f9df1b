// Item `data` ↔ the values the item form edits. Reading is lenient: an item saved under an older
// schema may hold a value of another type (a number where the field is now text), and the form must
// still show it so the owner can fix it.
import { type FieldType, NUMBER_TEXT, type SchemaField } from '@/lib/cms/fields';

export type ItemValues = Record<string, unknown>;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Any stored value as one line of text: the form's text controls show it instead of failing. */
export function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map(textOf).join(', ');
  if (isObject(value) && value.type === 'doc') return richTextPlain(value);
  return JSON.stringify(value);
}

export function booleanOf(value: unknown): boolean {
  return value === true || value === 'true';
}

/** A multi-select's picks; a single stored value (the field was a select before) counts as one pick. */
export function listOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(textOf).filter(Boolean);
  const text = textOf(value);
  return text ? [text] : [];
}

/** The editor's document: Tiptap JSON, or text/HTML (the field was plain text before), which Tiptap reads. */
export function richTextOf(value: unknown): Record<string, unknown> | string | null {
  if (isObject(value) && value.type === 'doc') return value;
  const text = textOf(value);
  return text ? text : null;
}

/** The text of a Tiptap document, blocks on their own lines. */
export function richTextPlain(value: unknown): string {
  if (typeof value === 'string')
    return value
      .replace(/<[^>]*>/g, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  if (!isObject(value)) return '';
  const blocks: string[] = [];
  const walk = (node: Record<string, unknown>): string => {
    if (typeof node.text === 'string') return node.text;
    const children = Array.isArray(node.content) ? node.content.filter(isObject) : [];
    return children.map(walk).join(node.type === 'doc' || node.type === 'table' ? '\n' : '');
  };
  for (const line of walk(value).split('\n')) if (line.trim()) blocks.push(line.trim());
  return blocks.join('\n');
}

/** Shortens text to `max` characters on a word boundary, with an ellipsis. */
export function excerpt(text: string, max = 80): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** What a new item starts with: each field's default, if it has one. */
export function initialValues(schema: SchemaField[]): ItemValues {
  const values: ItemValues = {};
  for (const field of schema) if (field.default !== undefined) values[field.name] = field.default;
  return values;
}

const textTypes: ReadonlySet<FieldType> = new Set([
  'text',
  'longtext',
  'select',
  'date',
  'datetime',
  'email',
  'url',
  'image',
  'asset',
  'reference',
]);

/**
 * The `data` to send: blank values left out (the service treats them as "no value"), numbers typed as
 * text converted, text trimmed except long text. Values of fields the schema no longer has are sent
 * as they are so the service names them in its warnings when it drops them.
 */
export function dataFromValues(schema: SchemaField[], values: ItemValues): Record<string, unknown> {
  const data: Record<string, unknown> = {};
  const known = new Set(schema.map((field) => field.name));
  for (const [name, value] of Object.entries(values)) {
    if (!known.has(name) && value !== undefined && value !== null && value !== '') data[name] = value;
  }
  for (const field of schema) {
    const value = values[field.name];
    if (value === undefined || value === null) continue;
    if (field.type === 'number') {
      const text = textOf(value).trim();
      // Text that is not a number goes as it is: the service's message says what is wrong with it.
      if (text) data[field.name] = NUMBER_TEXT.test(text) ? Number(text) : text;
    } else if (field.type === 'boolean') {
      data[field.name] = booleanOf(value);
    } else if (field.type === 'multi_select') {
      const picks = listOf(value);
      if (picks.length > 0) data[field.name] = picks;
    } else if (field.type === 'richtext') {
      const doc = richTextOf(value);
      // An editor holding one empty paragraph is no value.
      if (typeof doc === 'string' ? doc.trim() : doc && (richTextPlain(doc) || hasMedia(doc)))
        data[field.name] = plainCopy(doc);
    } else if (field.type === 'longtext') {
      const text = textOf(value);
      if (text.trim()) data[field.name] = text;
    } else if (textTypes.has(field.type)) {
      const text = textOf(value).trim();
      if (text) data[field.name] = text;
    }
  }
  return data;
}

/** Images, videos and rules carry no text but are content. */
function hasMedia(node: Record<string, unknown>): boolean {
  if (
    node.type === 'image' ||
    node.type === 'youtube' ||
    node.type === 'iframe' ||
    node.type === 'horizontalRule'
  )
    return true;
  return Array.isArray(node.content) && node.content.some((child) => isObject(child) && hasMedia(child));
}

/**
 * ProseMirror keeps attributes in prototype-less objects, which a server action receives as opaque
 * references instead of data: send a plain copy.
 */
function plainCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * Per-field messages from a service `validation_error`: details with paths `['data', name, ...]`
 * keyed by the field name, the item's own properties (status, schedule) by `_` and their name, which
 * no field name can start with.
 */
export function errorsByField(details: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!Array.isArray(details)) return errors;
  for (const detail of details) {
    if (!isObject(detail) || typeof detail.message !== 'string') continue;
    const path = Array.isArray(detail.path)
      ? detail.path.map(String)
      : typeof detail.field === 'string'
        ? detail.field.split('.')
        : [];
    const key = path[0] === 'data' && path.length > 1 ? path[1]! : `_${path[0] ?? 'form'}`;
    errors[key] ??= detail.message;
  }
  return errors;
}

/** The label of an item in lists of choices: its `title`/`name`, else its first text value, else its id. */
export function itemLabel(
  schema: SchemaField[],
  item: { id: string; data: Record<string, unknown> },
): string {
  const named = schema.find(
    (field) => (field.name === 'title' || field.name === 'name') && field.type === 'text',
  );
  const candidates = named ? [named, ...schema] : schema;
  for (const field of candidates) {
    if (field.type !== 'text' && field.type !== 'email' && field.type !== 'select') continue;
    const text = textOf(item.data[field.name]).trim();
    if (text) return excerpt(text, 80);
  }
  return item.id;
}
