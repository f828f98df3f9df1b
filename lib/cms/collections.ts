// CMS collections: upsert by slug (with schema versioning and the field-type guard), list with item
// counts, read and delete.
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type CmsCollection, cmsCollections, cmsItems } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { AppError, notFound } from '@/lib/core/errors';
import { type PageRequest, pageOffset } from '@/lib/core/pagination';
import { type Db, queryAll, transaction } from '@/lib/core/transaction';
import { type ValidationDetail, validationDetail, validationErrorOf } from '@/lib/core/validation';
import { humanize, type SchemaField } from './fields';
import { normalizeDefault } from './item-validator';
import {
  type CollectionOut,
  type CollectionRules,
  type CollectionVisibility,
  type CollectionWithCountsOut,
  type ItemCounts,
  itemSortColumns,
  itemStatuses,
  type UpsertCollectionInput,
} from './schemas';

/** Field types a list can be sorted by (one comparable value per item). */
const unsortableTypes = new Set(['richtext', 'multi_select']);

/**
 * A collection with its JSON columns typed. The table stores them as plain JSON (db/ knows nothing
 * of CMS fields); only this module writes them, always from validated schemas, so reading them back
 * as these types holds.
 */
export type Collection = Omit<CmsCollection, 'schema' | 'rules'> & {
  schema: SchemaField[];
  rules: CollectionRules;
};

export const asCollection = (row: CmsCollection): Collection => row as Collection;

export function toCollectionOut(row: Collection): CollectionOut {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    visibility: row.visibility as CollectionVisibility,
    schema: row.schema,
    schema_version: row.schemaVersion,
    rules: row.rules,
    required_entitlement: row.requiredEntitlement,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function findCollection(db: Db, orgId: number, slug: string): Promise<Collection> {
  const [row] = await db
    .select()
    .from(cmsCollections)
    .where(and(eq(cmsCollections.organizationId, orgId), eq(cmsCollections.slug, slug)))
    .limit(1);
  if (!row) throw notFound('Collection');
  return asCollection(row);
}

export async function getCollection(db: Db, orgId: number, slug: string): Promise<CollectionOut> {
  return toCollectionOut(await findCollection(db, orgId, slug));
}

const emptyCounts = (): ItemCounts =>
  Object.fromEntries([['total', 0], ...itemStatuses.map((status) => [status, 0])]) as ItemCounts;

/** GET /cms: by name, each with its items counted by status. */
export async function listCollections(
  db: Db,
  orgId: number,
  query: PageRequest,
): Promise<{ collections: CollectionWithCountsOut[]; total: number }> {
  const { limit, offset } = pageOffset(query);
  const where = eq(cmsCollections.organizationId, orgId);
  const [rows, [totals]] = await queryAll(db, [
    db
      .select()
      .from(cmsCollections)
      .where(where)
      .orderBy(asc(cmsCollections.name), asc(cmsCollections.slug))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(cmsCollections).where(where),
  ]);
  const counts = new Map(rows.map((row) => [row.id, emptyCounts()]));
  if (rows.length > 0) {
    const grouped = await db
      .select({ collectionId: cmsItems.collectionId, status: cmsItems.status, n: count() })
      .from(cmsItems)
      .where(inArray(cmsItems.collectionId, [...counts.keys()]))
      .groupBy(cmsItems.collectionId, cmsItems.status);
    for (const { collectionId, status, n } of grouped) {
      const tally = counts.get(collectionId)!;
      tally[status as keyof ItemCounts] = n;
      tally.total += n;
    }
  }
  return {
    collections: rows.map((row) => ({
      ...toCollectionOut(asCollection(row)),
      item_counts: counts.get(row.id)!,
    })),
    total: totals?.total ?? 0,
  };
}

const schemaDetail = (path: (string | number)[], code: string, message: string) =>
  validationDetail('body', path, code, message);

/**
 * Checks what the field union alone cannot: defaults against their field, `to` of references,
 * and `sort_by`. Fills labels from names. Throws 400 listing every problem.
 */
async function prepareSchema(db: Db, orgId: number, input: UpsertCollectionInput): Promise<SchemaField[]> {
  const details: ValidationDetail[] = [];
  const referenced = new Set(
    input.schema.flatMap((field) =>
      field.type === 'reference' && field.to !== 'jobs' && field.to !== input.slug ? [field.to] : [],
    ),
  );
  const existing = referenced.size
    ? await db
        .select({ slug: cmsCollections.slug })
        .from(cmsCollections)
        .where(and(eq(cmsCollections.organizationId, orgId), inArray(cmsCollections.slug, [...referenced])))
    : [];
  const known = new Set(existing.map((row) => row.slug));
  const fields = input.schema.map((field, index) => {
    const prepared: SchemaField = { ...field, label: field.label || humanize(field.name) };
    try {
      const value = normalizeDefault(field);
      if (value === undefined) delete prepared.default;
      else prepared.default = value;
    } catch (error) {
      details.push(schemaDetail(['schema', index, 'default'], 'invalid_default', (error as Error).message));
    }
    if (field.type === 'reference' && referenced.has(field.to) && !known.has(field.to)) {
      details.push(
        schemaDetail(
          ['schema', index, 'to'],
          'unknown_collection',
          `No collection '${field.to}' in this organization; use \`jobs\`, this collection's slug or an existing collection`,
        ),
      );
    }
    return prepared;
  });
  const sortBy = input.rules.sort_by;
  const sortField = fields.find((field) => field.name === sortBy);
  if (
    !(itemSortColumns as readonly string[]).includes(sortBy) &&
    (!sortField || unsortableTypes.has(sortField.type))
  ) {
    details.push(
      schemaDetail(
        ['rules', 'sort_by'],
        'invalid_value',
        sortField
          ? `A ${sortField.type} field cannot be sorted by`
          : `Expected ${itemSortColumns.join(', ')} or a field name of the schema`,
      ),
    );
  }
  if (details.length > 0) throw validationErrorOf(details);
  return fields;
}

function assertNoTypeChanges(current: SchemaField[], next: SchemaField[]): void {
  const before = new Map(current.map((field) => [field.name, field.type]));
  const changes = next.flatMap((field, index) => {
    const previous = before.get(field.name);
    return previous && previous !== field.type
      ? [{ index, name: field.name, from: previous, to: field.type }]
      : [];
  });
  if (changes.length === 0) return;
  const first = changes[0]!;
  throw new AppError(
    'field_type_immutable',
    `Field '${first.name}' is a ${first.from} field; changing it to ${first.to} would leave stored items that no longer match. Add a new field instead, or send \`force: true\` to change the type anyway.`,
    changes.map((change) => ({
      ...schemaDetail(['schema', change.index, 'type'], 'field_type_immutable', `Was ${change.from}`),
      from: change.from,
      to: change.to,
    })),
  );
}

/** JSON with object keys sorted: jsonb hands stored objects back with its own key order. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : inner,
  );
}

const sameSchema = (a: SchemaField[], b: SchemaField[]) => canonicalJson(a) === canonicalJson(b);

/**
 * POST /cms: creates the collection, or replaces its name, description, schema and rules when the
 * slug exists (visibility and required_entitlement only when sent). Stored items are not
 * re-validated; a changed schema gets a new version.
 */
export async function upsertCollection(
  db: Database,
  orgId: number,
  input: UpsertCollectionInput,
): Promise<{ collection: CollectionOut; created: boolean }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await transaction(db, async (tx) => {
        const schema = await prepareSchema(tx, orgId, input);
        const [current] = await tx
          .select()
          .from(cmsCollections)
          .where(and(eq(cmsCollections.organizationId, orgId), eq(cmsCollections.slug, input.slug)))
          .for('update');
        if (!current) {
          const [row] = await tx
            .insert(cmsCollections)
            .values({
              organizationId: orgId,
              slug: input.slug,
              name: input.name,
              description: input.description ?? null,
              visibility: input.visibility ?? 'private',
              schema,
              rules: input.rules,
              requiredEntitlement: input.required_entitlement ?? null,
            })
            .returning();
          await bumpRevision(tx, orgId);
          return { collection: toCollectionOut(asCollection(row!)), created: true };
        }
        const stored = asCollection(current);
        if (!input.force) assertNoTypeChanges(stored.schema, schema);
        const [row] = await tx
          .update(cmsCollections)
          .set({
            name: input.name,
            description: input.description ?? null,
            schema,
            schemaVersion: sameSchema(stored.schema, schema)
              ? current.schemaVersion
              : current.schemaVersion + 1,
            rules: input.rules,
            ...(input.visibility !== undefined ? { visibility: input.visibility } : {}),
            ...(input.required_entitlement !== undefined
              ? { requiredEntitlement: input.required_entitlement }
              : {}),
            updatedAt: new Date(),
          })
          .where(eq(cmsCollections.id, current.id))
          .returning();
        await bumpRevision(tx, orgId);
        return { collection: toCollectionOut(asCollection(row!)), created: false };
      });
    } catch (error) {
      // Two first writes of one slug raced: the loser replaces what the winner created.
      if (!isUniqueViolation(error) || attempt >= 1) throw error;
    }
  }
}

/** DELETE /cms/{slug}: the collection and all its items, in one transaction. */
export async function deleteCollection(
  db: Database,
  orgId: number,
  slug: string,
): Promise<{ slug: string; deleted: true; deleted_items: number }> {
  return transaction(db, async (tx) => {
    const collection = await findCollection(tx, orgId, slug);
    const [items] = await tx
      .select({ n: count() })
      .from(cmsItems)
      .where(eq(cmsItems.collectionId, collection.id));
    await tx.delete(cmsCollections).where(eq(cmsCollections.id, collection.id));
    await bumpRevision(tx, orgId);
    return { slug, deleted: true as const, deleted_items: items?.n ?? 0 };
  });
}

/** Other collections of the organization, for the reference pickers of the builder. */
export async function collectionSlugs(
  db: Db,
  orgId: number,
  except?: string,
): Promise<{ slug: string; name: string }[]> {
  return db
    .select({ slug: cmsCollections.slug, name: cmsCollections.name })
    .from(cmsCollections)
    .where(
      and(eq(cmsCollections.organizationId, orgId), ...(except ? [ne(cmsCollections.slug, except)] : [])),
    )
    .orderBy(asc(cmsCollections.name));
}
