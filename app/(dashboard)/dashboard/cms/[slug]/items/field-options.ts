import type { AssetSummary } from '@/components/cms/asset-field';
import type { ReferenceOption } from '@/components/cms/item-fields';
import { itemLabel, textOf } from '@/components/cms/item-values';
import type { getDb } from '@/db/client';
import { listItems } from '@/lib/cms';
import type { SchemaField } from '@/lib/cms/fields';
import { type ItemOut, listItemsQuerySchema } from '@/lib/cms/schemas';
import { AppError } from '@/lib/core/errors';
import { listJobs } from '@/lib/jobs';
import { listJobsQuerySchema } from '@/lib/jobs/schemas';
import { findAsset, toAssetOut } from '@/lib/media/service';

type Db = Awaited<ReturnType<typeof getDb>>;
type Organization = Parameters<typeof listJobs>[1];

/** How many jobs or items a reference field offers: the newest first hundred (one API page). */
const REFERENCE_CHOICES = 100;

async function choicesFor(
  db: Db,
  organization: Organization,
  field: SchemaField,
): Promise<ReferenceOption[]> {
  if (field.type !== 'reference') return [];
  if (field.to === 'jobs') {
    const { jobs } = await listJobs(
      db,
      organization,
      listJobsQuerySchema.parse({ per_page: String(REFERENCE_CHOICES) }),
    );
    return jobs.map((job) => ({
      id: job.id,
      label: job.company_name ? `${job.title} · ${job.company_name}` : job.title,
    }));
  }
  try {
    const { collection, items } = await listItems(
      db,
      organization.id,
      field.to,
      listItemsQuerySchema.parse({ per_page: String(REFERENCE_CHOICES) }),
    );
    return items.map((item) => ({ id: item.id, label: itemLabel(collection.schema, item) }));
  } catch (error) {
    // The target collection was deleted or renamed: nothing to offer, stored ids still show.
    if (error instanceof AppError && error.code === 'not_found') return [];
    throw error;
  }
}

/** The choices of every reference field of `schema`, by field name. */
export async function referenceChoices(
  db: Db,
  organization: Organization,
  schema: SchemaField[],
): Promise<Record<string, ReferenceOption[]>> {
  const fields = schema.filter((field) => field.type === 'reference');
  const choices = await Promise.all(fields.map((field) => choicesFor(db, organization, field)));
  return Object.fromEntries(fields.map((field, index) => [field.name, choices[index]!]));
}

/** Thumbnails and titles of the assets the items' asset fields point at, by id. */
export async function assetSummaries(
  db: Db,
  orgId: number,
  schema: SchemaField[],
  items: Pick<ItemOut, 'data'>[],
): Promise<Record<string, AssetSummary>> {
  const ids = new Set<string>();
  for (const field of schema) {
    if (field.type !== 'asset') continue;
    for (const item of items) {
      const id = textOf(item.data[field.name]).trim();
      if (/^[0-9a-f-]{36}$/i.test(id)) ids.add(id);
    }
  }
  const found = await Promise.all(
    [...ids].map(async (id) => {
      try {
        const asset = toAssetOut(await findAsset(db, orgId, id));
        return { id, title: asset.title, thumbnail_url: asset.thumbnail_url };
      } catch (error) {
        // A deleted asset: the form shows its id.
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }
    }),
  );
  return Object.fromEntries(found.filter((asset) => asset !== null).map((asset) => [asset.id, asset]));
}
