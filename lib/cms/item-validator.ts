// Validates an item's `data` against its collection's schema; the per-field zod schemas are built
// once per schema version and cached.
import { z } from 'zod';
import { BoundedMap } from '@/lib/cache';
import { ContentError, normalizeContent } from '@/lib/content';
import { env } from '@/lib/core/env';
import { type ValidationDetail, validationDetail, validationErrorOf } from '@/lib/core/validation';
import { cdnBaseUrl } from '@/lib/media';
import { fieldLabel, NUMBER_TEXT, type SchemaField, searchableTypes, textLimits } from './fields';

type Json = Record<string, unknown>;

/** What the database still has to confirm after the values themselves passed. */
export interface PendingChecks {
  assets: { field: string; id: string }[];
  references: { field: string; to: string; id: string }[];
  unique: { field: string; value: unknown }[];
}

export interface ValidatedData {
  data: Json;
  /** Plain text of the searchable fields, for `search`. */
  searchText: string;
  warnings: string[];
  pending: PendingChecks;
}

const MAX_SEARCH_TEXT = 20_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Lenient where HTML forms send text: numbers and booleans may arrive as strings. */
const numberValue = z.preprocess(
  (value) => (typeof value === 'string' && NUMBER_TEXT.test(value.trim()) ? Number(value) : value),
  z.number({ error: 'Expected a number' }).refine(Number.isFinite, { error: 'Expected a finite number' }),
);
const booleanValue = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' ? false : value),
  z.boolean({ error: 'Expected true or false' }),
);
const httpUrlValue = z
  .string({ error: 'Expected a URL' })
  .trim()
  .max(2_048, { error: 'Must be at most 2048 characters' })
  .pipe(z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' }));
const uuidValue = (what: string) =>
  z
    .string({ error: `Expected ${what}` })
    .trim()
    .pipe(z.uuid({ error: `Expected ${what}` }));

function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const lengthMessage = (max: number) => `Must be at most ${max} characters`;

/** The zod schema of one field's value (present values only: "no value" is handled before). */
export function valueSchema(field: SchemaField): z.ZodType {
  switch (field.type) {
    case 'text':
    case 'longtext': {
      const max = field.max_length ?? textLimits[field.type].fallback;
      return z
        .string({ error: 'Expected text' })
        .trim()
        .max(max, { error: lengthMessage(max) });
    }
    case 'richtext':
      return z.union([z.string(), z.record(z.string(), z.unknown())], {
        error: 'Expected HTML text or a Tiptap JSON document',
      });
    case 'number': {
      let schema = numberValue as z.ZodType<number>;
      if (field.integer) schema = schema.refine(Number.isInteger, { error: 'Expected a whole number' });
      if (field.min !== undefined) {
        const min = field.min;
        schema = schema.refine((n) => n >= min, { error: `Must be at least ${min}` });
      }
      if (field.max !== undefined) {
        const max = field.max;
        schema = schema.refine((n) => n <= max, { error: `Must be at most ${max}` });
      }
      return schema;
    }
    case 'boolean':
      return booleanValue;
    case 'select':
      return z
        .string({ error: `Expected one of: ${field.options.join(', ')}` })
        .trim()
        .pipe(
          z.enum(field.options as [string, ...string[]], {
            error: `Expected one of: ${field.options.join(', ')}`,
          }),
        );
    case 'multi_select': {
      const { min, max } = field;
      return z
        .array(
          z.enum(field.options as [string, ...string[]], {
            error: `Expected one of: ${field.options.join(', ')}`,
          }),
          {
            error: 'Expected a list of options',
          },
        )
        .transform((values) => [...new Set(values)])
        .refine((values) => min === undefined || values.length >= min, { error: `Pick at least ${min}` })
        .refine((values) => max === undefined || values.length <= max, { error: `Pick at most ${max}` });
    }
    case 'date':
      return z
        .string({ error: 'Expected a date (YYYY-MM-DD)' })
        .trim()
        .refine(isCalendarDate, { error: 'Expected a date (YYYY-MM-DD)' });
    case 'datetime':
      return z
        .string({ error: 'Expected an ISO 8601 date-time' })
        .trim()
        .pipe(z.iso.datetime({ offset: true, error: 'Expected an ISO 8601 date-time' }))
        .transform((value) => new Date(value).toISOString());
    case 'email':
      return z
        .string({ error: 'Expected an email address' })
        .trim()
        .max(320)
        .pipe(z.email({ error: 'Expected an email address' }));
    case 'url':
    case 'image':
      return httpUrlValue;
    case 'asset':
      return uuidValue('a media asset id (UUID)');
    case 'reference':
      return uuidValue(field.to === 'jobs' ? 'a job id (UUID)' : `an item id (UUID) of '${field.to}'`);
  }
}

/** Missing, null, blank text and an empty selection all mean "no value". */
export function isNoValue(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value.trim() === '') ||
    (Array.isArray(value) && value.length === 0)
  );
}

interface CompiledField {
  field: SchemaField;
  schema: z.ZodType;
}

// Sized by the fields' JSON, which the zod schemas compiled from them outweigh: a lower bound.
const compiledSchemas = new BoundedMap<CompiledField[]>(
  'compiled CMS schemas',
  2 * 1024 * 1024,
  (compiled) => JSON.stringify(compiled.map(({ field }) => field)).length,
);

/** Compiled per `cacheKey` (collection id and schema version): a version's fields never change. */
export function compileSchema(cacheKey: string, fields: SchemaField[]): CompiledField[] {
  const cached = compiledSchemas.get(cacheKey);
  if (cached) return cached;
  const compiled = fields.map((field) => ({ field, schema: valueSchema(field) }));
  compiledSchemas.set(cacheKey, compiled);
  return compiled;
}

function richText(field: SchemaField, value: unknown): { json: Json; text: string; warnings: string[] } {
  const config = env();
  const { json, text, warnings } = normalizeContent(value as string | Json, {
    cdnUrl: cdnBaseUrl(config),
    iframeHosts: config.CONTENT_IFRAME_HOSTS,
  });
  const max = (field.type === 'richtext' && field.max_length) || textLimits.richtext.fallback;
  if (text.length > max)
    throw new ContentError(`The text is ${text.length} characters; at most ${max} are allowed`);
  return {
    json: json as unknown as Json,
    text,
    warnings: warnings.map((warning) => `${field.name}: ${warning}`),
  };
}

/** Node types that are content without any text. */
const TEXTLESS_CONTENT = /"type":"(image|youtube|iframe|horizontalRule|table)"/;

function isEmptyDocument(json: Json, text: string): boolean {
  return text.trim() === '' && !TEXTLESS_CONTENT.test(JSON.stringify(json));
}

const detail = (path: (string | number)[], code: string, message: string) =>
  validationDetail('body', path, code, message);

/**
 * Checks every field and returns the payload to store: values normalized, defaults applied to
 * fields without a value, unknown keys dropped. Throws 400 `validation_error` listing each field.
 * `root` is where `data` sits in the request body (`['data']`), for the error paths.
 */
export function validateItemData(
  compiled: CompiledField[],
  input: Json,
  root: (string | number)[] = ['data'],
): ValidatedData {
  const data: Json = {};
  const details: ValidationDetail[] = [];
  const warnings: string[] = [];
  const search: string[] = [];
  const pending: PendingChecks = { assets: [], references: [], unique: [] };
  const known = new Set(compiled.map(({ field }) => field.name));
  for (const key of Object.keys(input)) {
    if (!known.has(key)) warnings.push(`Unknown field '${key}' was dropped.`);
  }
  for (const { field, schema } of compiled) {
    const path = [...root, field.name];
    let raw = Object.hasOwn(input, field.name) ? input[field.name] : undefined;
    if (isNoValue(raw)) {
      if (field.default === undefined) {
        if (field.required) details.push(detail(path, 'required', `'${fieldLabel(field)}' is required`));
        continue;
      }
      raw = field.default;
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        details.push(detail([...path, ...(issue.path as (string | number)[])], issue.code, issue.message));
      }
      continue;
    }
    let value = parsed.data;
    if (field.type === 'richtext') {
      try {
        const rich = richText(field, value);
        // An empty editor is no value: required fields need content, optional ones take their default.
        if (isEmptyDocument(rich.json, rich.text)) {
          if (field.default !== undefined) data[field.name] = field.default;
          else if (field.required)
            details.push(detail(path, 'required', `'${fieldLabel(field)}' is required`));
          continue;
        }
        value = rich.json;
        warnings.push(...rich.warnings);
        search.push(rich.text);
      } catch (error) {
        if (!(error instanceof ContentError)) throw error;
        details.push(detail(path, 'invalid_value', error.message));
        continue;
      }
    } else if (searchableTypes.has(field.type)) {
      search.push(Array.isArray(value) ? value.join(' ') : String(value));
    }
    data[field.name] = value;
    if (field.type === 'asset') pending.assets.push({ field: field.name, id: value as string });
    if (field.type === 'reference')
      pending.references.push({ field: field.name, to: field.to, id: value as string });
    if (field.unique) pending.unique.push({ field: field.name, value });
  }
  if (details.length > 0) throw validationErrorOf(details);
  return { data, searchText: search.join('\n').slice(0, MAX_SEARCH_TEXT), warnings, pending };
}

/**
 * A field's `default`, checked and normalized like a value of the field; undefined when it has none.
 * Throws a message for the schema's error details.
 */
export function normalizeDefault(field: SchemaField): unknown {
  if (field.default === undefined || isNoValue(field.default)) return undefined;
  if (field.type === 'asset' || field.type === 'reference' || field.unique) {
    throw new Error(`${field.unique ? 'A unique' : `An ${field.type}`} field cannot have a default`);
  }
  const parsed = valueSchema(field).safeParse(field.default);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? 'Invalid default');
  if (field.type === 'richtext') return richText(field, parsed.data).json;
  return parsed.data;
}
