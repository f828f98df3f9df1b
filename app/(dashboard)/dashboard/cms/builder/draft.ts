// The builder's editable state (strings, as the inputs hold them) and the request body it becomes.
import type { z } from 'zod';
import {
  type FieldType,
  MAX_SCHEMA_FIELDS,
  type SchemaField,
  type SchemaFieldInput,
  uniqueCapableTypes,
} from '@/lib/cms/fields';
import {
  type CollectionOut,
  type CollectionVisibility,
  itemSortColumns,
  type upsertCollectionBodySchema,
} from '@/lib/cms/schemas';

export type UpsertCollectionBody = z.input<typeof upsertCollectionBodySchema>;

/** Reference targets that are not another collection's slug. */
export const JOBS_TARGET = 'jobs';
export const SELF_TARGET = '@self';

export interface DraftField {
  /** Stable across reorders and renames: React keys and error placement. */
  key: string;
  type: FieldType;
  /** The type stored on the server, for fields loaded from a saved collection. */
  savedType?: FieldType;
  /** The name stored on the server: a renamed field is a new field to the API. */
  savedName?: string;
  name: string;
  /** Until the name is typed in, it follows the label. */
  nameEdited: boolean;
  label: string;
  description: string;
  required: boolean;
  unique: boolean;
  maxLength: string;
  min: string;
  max: string;
  integer: boolean;
  /** One option per line. */
  options: string;
  /** `jobs`, a collection slug, or SELF_TARGET. */
  to: string;
  /** The default as its input holds it; '' for none. */
  defaultText: string;
  /** A loaded default the builder has no input for (multi-select, rich text...), kept as it was. */
  keptDefault?: unknown;
}

/** Default sort: an item column, or a field by its key so renaming the field keeps the choice. */
export type DraftSort = { column: (typeof itemSortColumns)[number] } | { field: string };

export interface Draft {
  name: string;
  slug: string;
  /** New collections derive the slug from the name until it is typed in; saved ones never change it. */
  slugEdited: boolean;
  description: string;
  fields: DraftField[];
  visibility: CollectionVisibility;
  requiredEntitlement: string;
  allowPublicSubmit: boolean;
  moderation: 'auto' | 'manual';
  sort: DraftSort;
  sortDir: 'asc' | 'desc';
}

export const emptyDraft: Draft = {
  name: '',
  slug: '',
  slugEdited: false,
  description: '',
  fields: [],
  visibility: 'private',
  requiredEntitlement: '',
  allowPublicSubmit: false,
  moderation: 'manual',
  sort: { column: 'created_at' },
  sortDir: 'desc',
};

/** Types whose default the builder edits through one input. */
export const defaultEditableTypes: ReadonlySet<FieldType> = new Set([
  'text',
  'longtext',
  'number',
  'boolean',
  'select',
  'date',
  'email',
  'url',
]);

let keySequence = 0;
export const nextKey = () => `f${++keySequence}`;

/** `Job Perks!` → `job-perks`: a collection slug from its name. */
export function slugFromName(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^[^a-z]+/, '')
    .replace(/-+$/, '');
  return words.slice(0, 64).replace(/-+$/, '');
}

/** `Seats left (max)` → `seats_left_max`: a field name from its label. */
export function fieldNameFromLabel(label: string): string {
  const words = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^[^a-z]+/, '')
    .replace(/_+$/, '');
  return words.slice(0, 64).replace(/_+$/, '');
}

export function newField(type: FieldType): DraftField {
  return {
    key: nextKey(),
    type,
    name: '',
    nameEdited: false,
    label: '',
    description: '',
    required: false,
    unique: false,
    maxLength: '',
    min: '',
    max: '',
    integer: false,
    options: '',
    to: JOBS_TARGET,
    defaultText: '',
  };
}

const text = (value: number | undefined) => (value === undefined ? '' : String(value));

function defaultTextOf(field: SchemaField): string {
  if (field.default === undefined || field.default === null || !defaultEditableTypes.has(field.type))
    return '';
  return String(field.default);
}

function draftField(field: SchemaField, collectionSlug: string): DraftField {
  const editable = defaultEditableTypes.has(field.type);
  return {
    ...newField(field.type),
    // From the saved name, unique in a collection: the draft is built on the server and again while
    // hydrating, and a counter would differ between the two (ids in the DOM then clash with new fields').
    key: `saved-${field.name}`,
    savedType: field.type,
    savedName: field.name,
    name: field.name,
    nameEdited: true,
    label: field.label ?? '',
    description: field.description ?? '',
    required: field.required,
    unique: field.unique,
    maxLength: 'max_length' in field ? text(field.max_length) : '',
    min: 'min' in field ? text(field.min) : '',
    max: 'max' in field ? text(field.max) : '',
    integer: field.type === 'number' ? field.integer : false,
    options: 'options' in field ? field.options.join('\n') : '',
    to: field.type === 'reference' ? (field.to === collectionSlug ? SELF_TARGET : field.to) : JOBS_TARGET,
    defaultText: defaultTextOf(field),
    keptDefault: editable ? undefined : field.default,
  };
}

export function draftFromCollection(collection: CollectionOut): Draft {
  const fields = collection.schema.map((field) => draftField(field, collection.slug));
  const sortField = fields.find((field) => field.name === collection.rules.sort_by);
  const sortColumn = itemSortColumns.find((column) => column === collection.rules.sort_by);
  return {
    name: collection.name,
    slug: collection.slug,
    slugEdited: true,
    description: collection.description ?? '',
    fields,
    visibility: collection.visibility,
    requiredEntitlement: collection.required_entitlement ?? '',
    allowPublicSubmit: collection.rules.allow_public_submit,
    moderation: collection.rules.moderation,
    sort: sortField ? { field: sortField.key } : { column: sortColumn ?? 'created_at' },
    sortDir: collection.rules.sort_dir,
  };
}

/** '' → absent; anything else a number (NaN included, so the schema says what is wrong). */
const numberOrAbsent = (value: string) => (value.trim() === '' ? undefined : Number(value));

const optionLines = (options: string) =>
  options
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function defaultValue(field: DraftField): unknown {
  if (!defaultEditableTypes.has(field.type))
    return field.type === field.savedType ? field.keptDefault : undefined;
  const value = field.defaultText.trim();
  if (value === '') return undefined;
  if (field.type === 'number') return Number(value);
  if (field.type === 'boolean') return value === 'true';
  return value;
}

/** One card as the API's field definition: only the keys its type has, blanks left out. */
export function fieldBody(field: DraftField, collectionSlug: string): SchemaFieldInput {
  const common = {
    name: field.name.trim(),
    ...(field.label.trim() ? { label: field.label.trim() } : {}),
    ...(field.description.trim() ? { description: field.description.trim() } : {}),
    required: field.required,
    unique: field.unique,
    ...(defaultValue(field) === undefined ? {} : { default: defaultValue(field) }),
  };
  const min = numberOrAbsent(field.min);
  const max = numberOrAbsent(field.max);
  const limits = { ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) };
  switch (field.type) {
    case 'text':
    case 'longtext':
    case 'richtext': {
      const maxLength = numberOrAbsent(field.maxLength);
      return { ...common, type: field.type, ...(maxLength === undefined ? {} : { max_length: maxLength }) };
    }
    case 'number':
      return { ...common, type: field.type, ...limits, integer: field.integer };
    case 'select':
      return { ...common, type: field.type, options: optionLines(field.options) };
    case 'multi_select':
      return { ...common, type: field.type, options: optionLines(field.options), ...limits };
    case 'reference':
      return { ...common, type: field.type, to: field.to === SELF_TARGET ? collectionSlug.trim() : field.to };
    default:
      return { ...common, type: field.type };
  }
}

export function sortByOf(draft: Draft): string {
  if ('column' in draft.sort) return draft.sort.column;
  const key = draft.sort.field;
  return draft.fields.find((field) => field.key === key)?.name.trim() || 'created_at';
}

/** The body of PUT /organization/cms/{slug}: what "Save collection" sends. */
export function collectionBody(draft: Draft, force = false): UpsertCollectionBody {
  const slug = draft.slug.trim();
  return {
    slug,
    name: draft.name.trim(),
    description: draft.description.trim() || null,
    schema: draft.fields.map((field) => fieldBody(field, slug)),
    visibility: draft.visibility,
    rules: {
      allow_public_submit: draft.allowPublicSubmit,
      moderation: draft.moderation,
      sort_by: sortByOf(draft),
      sort_dir: draft.sortDir,
    },
    required_entitlement: draft.visibility === 'gated' ? draft.requiredEntitlement.trim() || null : null,
    force,
  };
}

export const canAddField = (draft: Draft) => draft.fields.length < MAX_SCHEMA_FIELDS;

/** Moves the field at `from` to index `to` (clamped), keeping the others in order. */
export function moveField<T>(fields: T[], from: number, to: number): T[] {
  const target = Math.max(0, Math.min(fields.length - 1, to));
  if (from === target || from < 0 || from >= fields.length) return fields;
  const next = [...fields];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** Applies a change to one card; the name keeps following the label until the name is typed in. */
export function editField(field: DraftField, change: Partial<DraftField>): DraftField {
  const next = { ...field, ...change };
  if (change.name !== undefined) next.nameEdited = change.name.trim() !== '';
  else if (change.label !== undefined && !field.nameEdited) next.name = fieldNameFromLabel(change.label);
  if (change.type !== undefined && change.type !== field.type) {
    // Keys a type does not have would be refused; a type switch starts those options fresh.
    next.defaultText = '';
    if (!['text', 'longtext', 'richtext'].includes(change.type)) next.maxLength = '';
    if (change.type !== 'number' && change.type !== 'multi_select') {
      next.min = '';
      next.max = '';
    }
    if (!uniqueCapableTypes.has(change.type)) next.unique = false;
  }
  return next;
}

/** Applies a change to the collection's name; the slug follows it until typed in (new collections). */
export function editName(draft: Draft, name: string): Draft {
  return draft.slugEdited ? { ...draft, name } : { ...draft, name, slug: slugFromName(name) };
}
