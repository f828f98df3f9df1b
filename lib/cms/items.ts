// CMS items: insert/upsert, partial update, read, list and delete, validated against the schema.
import { and, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Database, Transaction } from '@/db/client';
import { assets, type CmsItem, cmsCollections, cmsItems, jobs, members, memberships } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { AppError, notFound } from '@/lib/core/errors';
import { pageOffset } from '@/lib/core/pagination';
import { type Db, queryAll, transaction } from '@/lib/core/transaction';
import { invalid, type ValidationDetail, validationDetail, validationErrorOf } from '@/lib/core/validation';
import { emitEvent } from '@/lib/webhooks';
import type { Collection } from './collections';
import { findCollection, toCollectionOut } from './collections';
import {
  dataFilters,
  type ItemSort,
  inCollection,
  itemOrder,
  resolveSort,
  searchFilter,
} from './item-queries';
import { compileSchema, type PendingChecks, type ValidatedData, validateItemData } from './item-validator';
import type {
  CollectionOut,
  ItemOut,
  ItemStatus,
  ListItemsQuery,
  UpdateItemInput,
  UpsertItemInput,
} from './schemas';

export type ItemSource = 'api' | 'dashboard' | 'submission';

export function toItemOut(row: CmsItem, collectionSlug: string): ItemOut {
  return {
    id: row.id,
    collection: collectionSlug,
    data: row.data,
    status: row.status as ItemStatus,
    starts_at: row.startsAt?.toISOString() ?? null,
    expires_at: row.expiresAt?.toISOString() ?? null,
    position: row.position,
    owner_user_id: row.ownerUserId,
    source: row.source as ItemSource,
    schema_version: row.schemaVersion,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Validates `data` against the collection's current schema (validator cached per schema version). */
export function validateData(collection: Collection, data: Record<string, unknown>): ValidatedData {
  const compiled = compileSchema(`${collection.id}:${collection.schemaVersion}`, collection.schema);
  return validateItemData(compiled, data);
}

const detail = (field: string, code: string, message: string) =>
  validationDetail('body', ['data', field], code, message);

/**
 * What only the database can tell: that assets and referenced jobs or items exist in the
 * organization, and that `unique` values are free. Runs inside the write's transaction; a
 * per-collection advisory lock serializes writers of unique fields.
 */
async function checkAgainstDatabase(
  tx: Transaction,
  orgId: number,
  collection: Collection,
  pending: PendingChecks,
  itemId: string | undefined,
): Promise<void> {
  const details: ValidationDetail[] = [];
  if (pending.assets.length > 0) {
    const found = await tx
      .select({ id: assets.id })
      .from(assets)
      .where(
        and(
          eq(assets.organizationId, orgId),
          inArray(
            assets.id,
            pending.assets.map((a) => a.id),
          ),
        ),
      );
    const ids = new Set(found.map((row) => row.id));
    for (const { field, id } of pending.assets) {
      if (!ids.has(id))
        details.push(detail(field, 'unknown_asset', `No media asset ${id} in this organization`));
    }
  }
  for (const { field, to, id } of pending.references) {
    const exists =
      to === 'jobs'
        ? await tx
            .select({ id: jobs.id })
            .from(jobs)
            .where(and(eq(jobs.organizationId, orgId), eq(jobs.id, id)))
            .limit(1)
        : await tx
            .select({ id: cmsItems.id })
            .from(cmsItems)
            .innerJoin(cmsCollections, eq(cmsCollections.id, cmsItems.collectionId))
            .where(and(eq(cmsItems.organizationId, orgId), eq(cmsCollections.slug, to), eq(cmsItems.id, id)))
            .limit(1);
    if (exists.length === 0) {
      details.push(
        detail(
          field,
          'unknown_reference',
          to === 'jobs' ? `No job ${id}` : `No item ${id} in collection '${to}'`,
        ),
      );
    }
  }
  if (details.length > 0) throw validationErrorOf(details);
  if (pending.unique.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cms-unique:${collection.id}`}))`);
  for (const { field, value } of pending.unique) {
    const [clash] = await tx
      .select({ id: cmsItems.id })
      .from(cmsItems)
      .where(
        and(
          inCollection(collection),
          sql`${cmsItems.data} @> ${JSON.stringify({ [field]: value })}::jsonb`,
          ...(itemId ? [ne(cmsItems.id, itemId)] : []),
        ),
      )
      .limit(1);
    if (clash) {
      throw new AppError(
        'duplicate_value',
        `Another item already has this value for '${field}' (item ${clash.id}).`,
        [{ ...detail(field, 'duplicate_value', 'Already used by another item'), item_id: clash.id }],
      );
    }
  }
}

function assertSchedule(startsAt: Date | null, expiresAt: Date | null): void {
  if (startsAt && expiresAt && expiresAt <= startsAt) {
    throw validationErrorOf([
      validationDetail('body', ['expires_at'], 'invalid_value', 'Must be after `starts_at`'),
    ]);
  }
}

async function findItemRow(db: Db, orgId: number, collection: Collection, id: string): Promise<CmsItem> {
  const [row] = await db
    .select()
    .from(cmsItems)
    .where(and(eq(cmsItems.organizationId, orgId), inCollection(collection), eq(cmsItems.id, id)))
    .limit(1);
  if (!row) throw notFound('Item');
  return row;
}

export async function getItem(db: Db, orgId: number, slug: string, id: string): Promise<ItemOut> {
  const collection = await findCollection(db, orgId, slug);
  return toItemOut(await findItemRow(db, orgId, collection, id), slug);
}

/** Rows of a list query with its total; shared by the keyed and the public list. */
export async function selectItems(
  db: Db,
  collection: Collection,
  conditions: SQL[],
  sort: ItemSort,
  page: { page: number; per_page: number },
): Promise<{ rows: CmsItem[]; total: number }> {
  const where = and(inCollection(collection), ...conditions);
  const { limit, offset } = pageOffset(page);
  const [rows, [totals]] = await queryAll(db, [
    db
      .select()
      .from(cmsItems)
      .where(where)
      .orderBy(...itemOrder(collection, sort))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(cmsItems).where(where),
  ]);
  return { rows, total: totals?.total ?? 0 };
}

/**
 * Keyed lists of items are answered from a cache of serialized responses per organization revision
 * (see `cache` in lib/http/handler.ts), which every collection and item write bumps. The TTL bounds
 * how long an item whose `starts_at` or `expires_at` passes (no write) keeps its place in a list.
 */
export const CMS_READ_CACHE = { ttlMs: 30_000, maxBytes: 2 * 1024 * 1024 };

/** GET /cms/{slug}: the collection and a page of its items. */
export async function listItems(
  db: Db,
  orgId: number,
  slug: string,
  query: ListItemsQuery,
): Promise<{ collection: CollectionOut; items: ItemOut[]; total: number; sort: ItemSort }> {
  const collection = await findCollection(db, orgId, slug);
  const sort = resolveSort(collection, query.sort);
  const conditions = [
    ...(query.status?.length ? [inArray(cmsItems.status, query.status)] : []),
    ...searchFilter(query.search),
    ...dataFilters(collection, query),
  ];
  const { rows, total } = await selectItems(db, collection, conditions, sort, query);
  return {
    collection: toCollectionOut(collection),
    items: rows.map((row) => toItemOut(row, slug)),
    total,
    sort,
  };
}

const nextPosition = (collection: Collection) =>
  sql<number>`(select coalesce(max(${cmsItems.position}), 0) + 1 from ${cmsItems} where ${cmsItems.collectionId} = ${collection.id})`;

interface NewItem {
  id?: string;
  data: Record<string, unknown>;
  status: ItemStatus;
  startsAt: Date | null;
  expiresAt: Date | null;
  position?: number;
  ownerUserId: string | null;
  source: ItemSource;
}

/** Inserts a validated item in `tx` and writes its events; used by POST /cms/{slug} and public submissions. */
export async function insertItem(
  tx: Transaction,
  orgId: number,
  collection: Collection,
  validated: ValidatedData,
  item: NewItem,
): Promise<CmsItem> {
  assertSchedule(item.startsAt, item.expiresAt);
  await checkAgainstDatabase(tx, orgId, collection, validated.pending, item.id);
  const [row] = await tx
    .insert(cmsItems)
    .values({
      ...(item.id ? { id: item.id } : {}),
      organizationId: orgId,
      collectionId: collection.id,
      data: validated.data,
      schemaVersion: collection.schemaVersion,
      searchText: validated.searchText,
      status: item.status,
      startsAt: item.startsAt,
      expiresAt: item.expiresAt,
      position: item.position ?? nextPosition(collection),
      ownerUserId: item.ownerUserId,
      source: item.source,
    })
    .returning();
  await bumpRevision(tx, orgId);
  const out = toItemOut(row!, collection.slug);
  await emitEvent(tx, orgId, 'cms_item.created', () => out);
  if (item.source === 'submission') await emitEvent(tx, orgId, 'cms_item.submitted', () => out);
  return row!;
}

const idTaken = (id: string) =>
  new AppError(
    'conflict',
    `The id ${id} belongs to an item of another collection; upsert it there or send a new id.`,
  );

/**
 * POST /cms/{slug}: inserts; with an `id` that exists in the collection, replaces its `data` (and
 * whatever else is sent) instead. New items are drafts placed after the last one unless told otherwise.
 * An `id` held by another organization is as unknown as one held by nobody: the item is created,
 * under a new id, so the answer never tells a caller that another tenant's id exists.
 */
export async function upsertItem(
  db: Database,
  orgId: number,
  slug: string,
  input: UpsertItemInput,
  source: ItemSource = 'api',
): Promise<{ item: ItemOut; created: boolean; warnings: string[] }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await writeUpsert(db, orgId, slug, input, source);
    } catch (error) {
      // A concurrent upsert inserted this id first: the retry finds it and updates it.
      if (!isUniqueViolation(error) || !input.id) throw error;
      if (attempt >= 1)
        throw new AppError('conflict', `The item ${input.id} is being written concurrently; retry.`);
    }
  }
}

function writeUpsert(
  db: Database,
  orgId: number,
  slug: string,
  input: UpsertItemInput,
  source: ItemSource,
): Promise<{ item: ItemOut; created: boolean; warnings: string[] }> {
  return transaction(db, async (tx) => {
    const collection = await findCollection(tx, orgId, slug);
    const validated = validateData(collection, input.data);
    if (input.owner_user_id) await assertOwnerOfOrganization(tx, orgId, input.owner_user_id);
    const [current] = input.id
      ? await tx
          .select()
          .from(cmsItems)
          .where(and(eq(cmsItems.id, input.id), eq(cmsItems.organizationId, orgId)))
          .for('update')
      : [];
    if (current && current.collectionId !== collection.id) throw idTaken(current.id);
    if (!current) {
      const takenElsewhere = input.id !== undefined && (await itemIdExists(tx, input.id));
      const row = await insertItem(tx, orgId, collection, validated, {
        id: takenElsewhere ? undefined : input.id,
        data: validated.data,
        status: input.status ?? 'draft',
        startsAt: input.starts_at ?? null,
        expiresAt: input.expires_at ?? null,
        position: input.position,
        ownerUserId: input.owner_user_id ?? null,
        source,
      });
      return { item: toItemOut(row, slug), created: true, warnings: validated.warnings };
    }
    const row = await writeUpdate(tx, orgId, collection, current, validated, {
      status: input.status,
      starts_at: input.starts_at,
      expires_at: input.expires_at,
      position: input.position,
      ...(input.owner_user_id !== undefined ? { owner_user_id: input.owner_user_id } : {}),
    });
    return { item: toItemOut(row, slug), created: false, warnings: validated.warnings };
  });
}

/**
 * An item's owner is someone of this organization: one of its board's members or a dashboard user
 * of its team. Any other id (another organization's member) is refused, as a missing row would be.
 */
async function assertOwnerOfOrganization(tx: Transaction, orgId: number, ownerId: string): Promise<void> {
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organizationId, orgId), eq(members.id, ownerId)));
  const [found] = member
    ? [member]
    : await tx
        .select({ id: memberships.userId })
        .from(memberships)
        .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, ownerId)));
  if (!found) {
    throw invalid('owner_user_id', 'No member of this board and no user of this organization has this id.');
  }
}

async function itemIdExists(tx: Transaction, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: cmsItems.id }).from(cmsItems).where(eq(cmsItems.id, id)).limit(1);
  return row !== undefined;
}

async function writeUpdate(
  tx: Transaction,
  orgId: number,
  collection: Collection,
  current: CmsItem,
  validated: ValidatedData | undefined,
  changes: Omit<UpdateItemInput, 'data'> & { owner_user_id?: string | null },
): Promise<CmsItem> {
  const startsAt = changes.starts_at !== undefined ? changes.starts_at : current.startsAt;
  const expiresAt = changes.expires_at !== undefined ? changes.expires_at : current.expiresAt;
  assertSchedule(startsAt, expiresAt);
  if (validated) await checkAgainstDatabase(tx, orgId, collection, validated.pending, current.id);
  const [row] = await tx
    .update(cmsItems)
    .set({
      ...(validated
        ? { data: validated.data, searchText: validated.searchText, schemaVersion: collection.schemaVersion }
        : {}),
      ...(changes.status !== undefined ? { status: changes.status } : {}),
      startsAt,
      expiresAt,
      ...(changes.position !== undefined ? { position: changes.position } : {}),
      ...(changes.owner_user_id !== undefined ? { ownerUserId: changes.owner_user_id } : {}),
      updatedAt: new Date(),
    })
    .where(eq(cmsItems.id, current.id))
    .returning();
  await bumpRevision(tx, orgId);
  const out = toItemOut(row!, collection.slug);
  await emitEvent(tx, orgId, 'cms_item.updated', () => out);
  return row!;
}

/** PATCH /cms/{slug}/{id}: `data`, when sent, replaces the whole payload; other fields leave it untouched. */
export async function updateItem(
  db: Database,
  orgId: number,
  slug: string,
  id: string,
  input: UpdateItemInput,
): Promise<{ item: ItemOut; warnings: string[] }> {
  return transaction(db, async (tx) => {
    const collection = await findCollection(tx, orgId, slug);
    const [current] = await tx
      .select()
      .from(cmsItems)
      .where(and(eq(cmsItems.organizationId, orgId), inCollection(collection), eq(cmsItems.id, id)))
      .for('update');
    if (!current) throw notFound('Item');
    const validated = input.data !== undefined ? validateData(collection, input.data) : undefined;
    const { data: _data, ...changes } = input;
    const row = await writeUpdate(tx, orgId, collection, current, validated, changes);
    return { item: toItemOut(row, slug), warnings: validated?.warnings ?? [] };
  });
}

export async function deleteItem(
  db: Database,
  orgId: number,
  slug: string,
  id: string,
): Promise<{ id: string; deleted: true }> {
  return transaction(db, async (tx) => {
    const collection = await findCollection(tx, orgId, slug);
    const [row] = await tx
      .delete(cmsItems)
      .where(and(eq(cmsItems.organizationId, orgId), inCollection(collection), eq(cmsItems.id, id)))
      .returning({ id: cmsItems.id });
    if (!row) throw notFound('Item');
    await bumpRevision(tx, orgId);
    await emitEvent(tx, orgId, 'cms_item.deleted', () => ({ id: row.id, collection: slug }));
    return { id: row.id, deleted: true as const };
  });
}
