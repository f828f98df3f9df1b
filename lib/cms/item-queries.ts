// The SQL side of item lists: `data.<field>` filters, `search`, and sorting by a column or a field.
import { asc, desc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import { cmsItems } from '@/db/schema';
import { containsPattern } from '@/lib/core/sql-like';
import { validationDetail, validationErrorOf } from '@/lib/core/validation';
import type { Collection } from './collections';
import type { SchemaField } from './fields';
import { valueSchema } from './item-validator';
import { itemSortColumns } from './schemas';

const FILTER_PREFIX = 'data.';

const queryError = (field: string, message: string) =>
  validationErrorOf([validationDetail('query', [field], 'invalid_value', message)]);

/** `data.<field>=value` equality filters, as jsonb containment (served by the GIN index on `data`). */
export function dataFilters(collection: Collection, query: Record<string, unknown>): SQL[] {
  const fields = new Map(collection.schema.map((field) => [field.name, field]));
  return Object.entries(query).flatMap(([key, raw]) => {
    if (!key.startsWith(FILTER_PREFIX) || typeof raw !== 'string') return [];
    const name = key.slice(FILTER_PREFIX.length);
    const field = fields.get(name);
    if (!field) throw queryError(key, `No field '${name}' in the collection's schema`);
    return [sql`${cmsItems.data} @> ${JSON.stringify({ [name]: filterValue(field, key, raw) })}::jsonb`];
  });
}

function filterValue(field: SchemaField, key: string, raw: string): unknown {
  if (field.type === 'richtext') throw queryError(key, 'Rich text fields cannot be filtered; use `search`');
  if (field.type === 'multi_select') {
    if (!field.options.includes(raw)) throw queryError(key, `Expected one of: ${field.options.join(', ')}`);
    return [raw];
  }
  // Parsed like a stored value (numbers, booleans, normalized date-times), minus the range checks.
  const lenient: SchemaField =
    field.type === 'number' ? { ...field, min: undefined, max: undefined, integer: false } : field;
  const parsed = valueSchema(lenient).safeParse(raw);
  if (!parsed.success) throw queryError(key, parsed.error.issues[0]?.message ?? 'Invalid value');
  return parsed.data;
}

export function searchFilter(search: string | undefined): SQL[] {
  return search ? [ilike(cmsItems.searchText, containsPattern(search))] : [];
}

export interface ItemSort {
  by: string;
  dir: 'asc' | 'desc';
}

/** `-name` sorts descending; without `sort` the collection's rules decide. */
export function resolveSort(collection: Collection, sort: string | undefined): ItemSort {
  if (!sort) return { by: collection.rules.sort_by, dir: collection.rules.sort_dir };
  const dir = sort.startsWith('-') ? 'desc' : 'asc';
  const by = sort.replace(/^[-+]/, '');
  const field = collection.schema.find((candidate) => candidate.name === by);
  const sortable = field && field.type !== 'richtext' && field.type !== 'multi_select';
  if (!(itemSortColumns as readonly string[]).includes(by) && !sortable) {
    throw queryError(
      'sort',
      field
        ? `A ${field.type} field cannot be sorted by`
        : `Expected ${itemSortColumns.join(', ')} or a field name, optionally prefixed with '-'`,
    );
  }
  return { by, dir };
}

const columns = {
  position: cmsItems.position,
  created_at: cmsItems.createdAt,
  updated_at: cmsItems.updatedAt,
  starts_at: cmsItems.startsAt,
  expires_at: cmsItems.expiresAt,
};

/** ORDER BY for a sort; items without the value come last either way, ties broken by id. */
export function itemOrder(collection: Collection, { by, dir }: ItemSort): SQL[] {
  const direction = dir === 'asc' ? asc : desc;
  const column = columns[by as keyof typeof columns];
  if (column) return [sql`${direction(column)} nulls last`, direction(cmsItems.id)];
  const field = collection.schema.find((candidate) => candidate.name === by);
  // Older items may hold another type under the name: only real numbers sort numerically.
  const value =
    field?.type === 'number'
      ? sql`case when jsonb_typeof(${cmsItems.data} -> ${by}) = 'number' then (${cmsItems.data} ->> ${by})::numeric end`
      : sql`${cmsItems.data} ->> ${by}`;
  return [sql`${value} ${sql.raw(dir)} nulls last`, direction(cmsItems.id)];
}

export const inCollection = (collection: Collection) => eq(cmsItems.collectionId, collection.id);
