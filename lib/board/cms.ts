// Public CMS collections on the board: what reference and asset fields of visible items point at,
// resolved only to what visitors may see (live jobs, items of public collections, hosted assets).
import { and, eq, inArray } from 'drizzle-orm';
import { assets, jobs, type Organization } from '@/db/schema';
import { type Collection, findCollection, getPublicItem } from '@/lib/cms';

type SchemaField = Collection['schema'][number];

import { AppError } from '@/lib/core/errors';
import type { Db } from '@/lib/core/transaction';
import { liveJobCondition } from '@/lib/jobs';
import { cdnUrlFor } from '@/lib/media';

export interface BoardLink {
  label: string;
  href?: string;
  imageUrl?: string;
}

const isId = (value: unknown): value is string => typeof value === 'string' && /^[0-9a-f-]{36}$/i.test(value);

/** Reference and asset ids of `items` → what the board shows for each, by id. */
export async function resolveItemLinks(
  db: Db,
  org: Organization,
  schema: SchemaField[],
  items: { data: Record<string, unknown> }[],
  href: (path: string) => string,
): Promise<Record<string, BoardLink>> {
  const links: Record<string, BoardLink> = {};
  const idsOf = (field: SchemaField) => [...new Set(items.map((item) => item.data[field.name]).filter(isId))];
  for (const field of schema) {
    const ids = idsOf(field);
    if (ids.length === 0) continue;
    if (field.type === 'asset') {
      const rows = await db
        .select()
        .from(assets)
        .where(and(eq(assets.organizationId, org.id), inArray(assets.id, ids)));
      for (const row of rows) {
        if (row.visibility !== 'public') continue;
        links[row.id] = { label: row.title ?? '', imageUrl: cdnUrlFor(row.storageKey) };
      }
    } else if (field.type === 'reference' && field.to === 'jobs') {
      const rows = await db
        .select({ id: jobs.id, title: jobs.title, slug: jobs.slug })
        .from(jobs)
        .where(and(eq(jobs.organizationId, org.id), inArray(jobs.id, ids), liveJobCondition));
      for (const row of rows) links[row.id] = { label: row.title, href: href(`/jobs/${row.slug}`) };
    } else if (field.type === 'reference' && field.to) {
      const target = await findCollection(db, org.id, field.to).catch((error) => {
        if (error instanceof AppError && error.code === 'not_found') return undefined;
        throw error;
      });
      if (target?.visibility !== 'public') continue;
      for (const id of ids) {
        const found = await getPublicItem(db, org, target.slug, id).catch(() => undefined);
        if (found)
          links[id] = { label: itemTitle(target.schema, found.item), href: href(`/c/${target.slug}/${id}`) };
      }
    }
  }
  return links;
}

/** The item's name: its `title`/`name` text field, else its first text value. */
export function itemTitle(
  schema: SchemaField[],
  item: { id: string; data: Record<string, unknown> },
): string {
  const named = schema.find(
    (field) => (field.name === 'title' || field.name === 'name') && field.type === 'text',
  );
  for (const field of named ? [named, ...schema] : schema) {
    if (field.type !== 'text' && field.type !== 'select') continue;
    const value = item.data[field.name];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return 'Untitled';
}

/**
 * A collection only paywall subscribers read, or null (then a 404 is right). With `itemId`, also
 * null unless a subscriber would find that item live: a made-up address under a gated collection
 * is a 404 like one under an open collection, not a page inviting to subscribe.
 */
export async function paywalledCollection(
  db: Db,
  org: Organization,
  slug: string,
  entitlement: string,
  itemId?: string,
): Promise<Pick<Collection, 'name' | 'slug' | 'description'> | null> {
  const collection = await findCollection(db, org.id, slug).catch(() => null);
  if (collection?.visibility !== 'gated' || collection.requiredEntitlement !== entitlement) return null;
  if (itemId !== undefined) {
    const subscriber = { entitlements: new Set([entitlement]) };
    const found = await getPublicItem(db, org, collection.slug, itemId, subscriber).catch((error) => {
      if (error instanceof AppError && error.code === 'not_found') return null;
      throw error;
    });
    if (!found) return null;
  }
  return { name: collection.name, slug: collection.slug, description: collection.description };
}
