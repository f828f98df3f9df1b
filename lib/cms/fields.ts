// Schema field definitions of a CMS collection: one zod discriminated union keyed on `type`.
import { z } from 'zod';

export const MAX_SCHEMA_FIELDS = 40;
export const FIELD_NAME_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const MAX_SELECT_OPTIONS = 200;
/** A number written as text, as HTML forms send it: accepted wherever a number field is. */
export const NUMBER_TEXT = /^[+-]?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?$/i;

export const fieldTypes = [
  'text',
  'longtext',
  'richtext',
  'number',
  'boolean',
  'select',
  'multi_select',
  'date',
  'datetime',
  'email',
  'url',
  'image',
  'asset',
  'reference',
] as const;
export type FieldType = (typeof fieldTypes)[number];

/** Hard ceilings on `max_length`, and the length used when a field sets none. */
export const textLimits = {
  text: { ceiling: 2_000, fallback: 255 },
  longtext: { ceiling: 100_000, fallback: 10_000 },
  richtext: { ceiling: 100_000, fallback: 50_000 },
} as const;

/** Types whose values can be declared `unique` (one scalar to compare). */
export const uniqueCapableTypes: ReadonlySet<FieldType> = new Set([
  'text',
  'number',
  'select',
  'date',
  'datetime',
  'email',
  'url',
  'image',
  'asset',
  'reference',
]);

const fieldName = z.string({ error: 'A field name is required' }).regex(FIELD_NAME_PATTERN, {
  error: 'Use a lowercase letter, then up to 63 lowercase letters, digits or `_` (e.g. `job_title`)',
});

const base = {
  name: fieldName,
  label: z.string().trim().max(120, { error: 'Must be at most 120 characters' }).optional(),
  description: z.string().trim().max(500, { error: 'Must be at most 500 characters' }).optional(),
  required: z.boolean().default(false),
  unique: z.boolean().default(false),
  default: z.unknown().optional(),
};

const maxLength = (type: keyof typeof textLimits) =>
  z
    .number()
    .int({ error: 'Expected an integer' })
    .min(1, { error: 'Must be at least 1' })
    .max(textLimits[type].ceiling, { error: `Must be at most ${textLimits[type].ceiling}` })
    .optional()
    .describe(`Longest value in characters (default ${textLimits[type].fallback}).`);

const options = z
  .array(z.string().trim().min(1, { error: 'An option cannot be empty' }).max(200))
  .min(1, { error: 'List at least one option' })
  .max(MAX_SELECT_OPTIONS, { error: `At most ${MAX_SELECT_OPTIONS} options` })
  .refine((values) => new Set(values).size === values.length, { error: 'Options must be distinct' });

const finite = z.number().refine(Number.isFinite, { error: 'Expected a finite number' });

export const schemaFieldSchema = z
  .discriminatedUnion(
    'type',
    [
      z.object({ ...base, type: z.literal('text'), max_length: maxLength('text') }),
      z.object({ ...base, type: z.literal('longtext'), max_length: maxLength('longtext') }),
      z.object({
        ...base,
        type: z.literal('richtext'),
        max_length: maxLength('richtext').describe('Longest plain text of the document, in characters.'),
      }),
      z.object({
        ...base,
        type: z.literal('number'),
        min: finite.optional(),
        max: finite.optional(),
        integer: z.boolean().default(false).describe('Only whole numbers.'),
      }),
      z.object({ ...base, type: z.literal('boolean') }),
      z.object({ ...base, type: z.literal('select'), options }),
      z.object({
        ...base,
        type: z.literal('multi_select'),
        options,
        min: z.number().int().min(0).optional().describe('Fewest options to pick.'),
        max: z.number().int().min(1).optional().describe('Most options to pick.'),
      }),
      z.object({ ...base, type: z.literal('date') }),
      z.object({ ...base, type: z.literal('datetime') }),
      z.object({ ...base, type: z.literal('email') }),
      z.object({ ...base, type: z.literal('url') }),
      z.object({ ...base, type: z.literal('image') }),
      z.object({ ...base, type: z.literal('asset') }),
      z.object({
        ...base,
        type: z.literal('reference'),
        to: z
          .string({ error: 'Name what the field points at: `jobs` or a collection slug' })
          .regex(/^[a-z][a-z0-9_-]{0,63}$/, { error: 'Expected `jobs` or a collection slug' })
          .describe('`jobs`, or the slug of a collection of the organization (its own slug included).'),
      }),
    ],
    {
      error: (issue) =>
        issue.code === 'invalid_union'
          ? `Unknown field type; expected one of: ${fieldTypes.join(', ')}`
          : undefined,
    },
  )
  .superRefine((field, context) => {
    if ('min' in field && 'max' in field && field.min !== undefined && field.max !== undefined) {
      if (field.min > field.max)
        context.addIssue({ code: 'custom', path: ['max'], message: 'Must not be below `min`' });
    }
    if (field.type === 'multi_select' && field.min !== undefined && field.min > field.options.length) {
      context.addIssue({
        code: 'custom',
        path: ['min'],
        message: `Only ${field.options.length} options to pick from`,
      });
    }
    if (field.unique && !uniqueCapableTypes.has(field.type)) {
      context.addIssue({
        code: 'custom',
        path: ['unique'],
        message: `A ${field.type} field cannot be unique`,
      });
    }
  })
  .meta({ id: 'CmsSchemaField' });

export type SchemaField = z.output<typeof schemaFieldSchema>;
export type SchemaFieldInput = z.input<typeof schemaFieldSchema>;

export const collectionSchemaSchema = z
  .array(schemaFieldSchema)
  .max(MAX_SCHEMA_FIELDS, { error: `A schema holds at most ${MAX_SCHEMA_FIELDS} fields` })
  .superRefine((fields, context) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.name)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `'${field.name}' is already the name of an earlier field; field names must be unique`,
        });
      }
      seen.add(field.name);
    });
  });

/** `job_title` → `Job title`: the label of a field that sets none. */
export function humanize(name: string): string {
  const words = name.replace(/_+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const fieldLabel = (field: Pick<SchemaField, 'name' | 'label'>) => field.label || humanize(field.name);

/** Fields whose values feed `search`: their text is kept in the item's search column. */
export const searchableTypes: ReadonlySet<FieldType> = new Set([
  'text',
  'longtext',
  'richtext',
  'select',
  'multi_select',
  'email',
  'url',
]);
