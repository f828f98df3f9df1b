// The keyless side of CMS collections: public lists and public submissions, by organization slug.
import { and, eq, gt, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type CmsItem, cmsItems, type Organization } from '@/db/schema';
import { RevisionCache } from '@/lib/cache';
import { normalizeContent } from '@/lib/content';
import { env } from '@/lib/core/env';
import { AppError, notFound } from '@/lib/core/errors';
import { type Db, transaction } from '@/lib/core/transaction';
import { getOrganizationBySlug } from '@/lib/organizations';
import { getRateLimiter, RATE_LIMIT_WINDOW_MS, rateLimitExceeded } from '@/lib/rate-limit';
import type { Collection } from './collections';
import { findCollection } from './collections';
import { dataFilters, type ItemSort, resolveSort, searchFilter } from './item-queries';
import { insertItem, selectItems, toItemOut, validateData } from './items';
import type { PublicCollectionOut, PublicItemOut, PublicListItemsQuery, SubmittedItemOut } from './schemas';

/** Per client address and organization, per minute. */
export const PUBLIC_READS_PER_MINUTE = 120;
export const PUBLIC_SUBMISSIONS_PER_MINUTE = 10;
/** Public submissions are form posts: far below the 1 MB of keyed writes. */
export const MAX_SUBMISSION_BYTES = 64 * 1024;

/**
 * Who is reading. Members (the board's visitors with accounts) do not exist yet: every public
 * reader is anonymous, so `gated` collections read as private. When members arrive, the viewer
 * carries their entitlements and `canRead` lets them into gated collections that require one.
 */
export interface PublicViewer {
  entitlements: ReadonlySet<string>;
}

export const anonymousViewer: PublicViewer = { entitlements: new Set() };

export function canRead(collection: Collection, viewer: PublicViewer): boolean {
  if (collection.visibility === 'public') return true;
  if (collection.visibility !== 'gated') return false;
  return collection.requiredEntitlement !== null && viewer.entitlements.has(collection.requiredEntitlement);
}

export async function publicOrganization(db: Database, slug: string): Promise<Organization> {
  const organization = await getOrganizationBySlug(db, slug);
  if (!organization) throw notFound('Organization');
  return organization;
}

/** Limits anonymous callers per address and organization; 429 `rate_limited` past it. */
export async function limitPublicCaller(
  kind: 'read' | 'submit',
  organization: Organization,
  address: string,
): Promise<void> {
  const max = kind === 'read' ? PUBLIC_READS_PER_MINUTE : PUBLIC_SUBMISSIONS_PER_MINUTE;
  const result = await getRateLimiter().limit(
    `public:${kind}:${organization.id}:${address}`,
    max,
    RATE_LIMIT_WINDOW_MS,
  );
  if (result.success) return;
  throw rateLimitExceeded(
    result,
    (retryAfter) =>
      `Too many ${kind === 'read' ? 'requests' : 'submissions'} from your address (${max} per minute). Retry in ${retryAfter} s.`,
  );
}

export function toPublicCollection(collection: Collection): PublicCollectionOut {
  return {
    slug: collection.slug,
    name: collection.name,
    description: collection.description,
    schema: collection.schema,
    allow_public_submit: collection.rules.allow_public_submit,
  };
}

export function toPublicItem(row: CmsItem): PublicItemOut {
  const { id, data, position, starts_at, expires_at, created_at, updated_at } = toItemOut(row, '');
  return { id, data, position, starts_at, expires_at, created_at, updated_at };
}

/** Published, started and not yet expired: what visitors see, whatever the sweep has done so far. */
export const liveItem = (now: Date): SQL[] => [
  eq(cmsItems.status, 'published'),
  or(isNull(cmsItems.startsAt), lte(cmsItems.startsAt, now))!,
  or(isNull(cmsItems.expiresAt), gt(cmsItems.expiresAt, now))!,
];

/** GET /organization/cms/{slug}: live items of a collection the viewer may read; others are 404. */
export async function listPublicItems(
  db: Database,
  organization: Organization,
  slug: string,
  query: PublicListItemsQuery,
  viewer: PublicViewer = anonymousViewer,
): Promise<PublicItemList> {
  const { collection, list } = await publicLists.get(
    organization,
    JSON.stringify([slug, query]),
    async () => {
      const collection = await findCollection(db, organization.id, slug);
      if (!canRead(collection, viewer)) throw notFound('Collection');
      const sort = resolveSort(collection, query.sort);
      const conditions = [
        ...liveItem(new Date()),
        ...searchFilter(query.search),
        ...dataFilters(collection, query),
      ];
      const { rows, total } = await selectItems(db, collection, conditions, sort, query);
      return {
        collection,
        list: { collection: toPublicCollection(collection), items: rows.map(toPublicItem), total, sort },
      };
    },
  );
  // A cached page is the same for every viewer who may read it; who may is asked every time.
  if (!canRead(collection, viewer)) throw notFound('Collection');
  return list;
}

interface PublicItemList {
  collection: PublicCollectionOut;
  items: PublicItemOut[];
  total: number;
  sort: ItemSort;
}

/**
 * Public pages of items per organization revision (bumped by every collection and item write); the
 * TTL matches the answers' `s-maxage` and bounds how long a scheduled item takes to appear or go.
 */
const publicLists = new RevisionCache<{ collection: Collection; list: PublicItemList }>({
  name: 'public cms lists',
  ttlMs: 10_000,
  maxBytes: 2 * 1024 * 1024,
});

/**
 * POST /organization/cms/{slug}/submit: only `data` is taken from the visitor; the collection's
 * moderation rule sets the status. Private and gated collections can take submissions too (a
 * contact form need not be readable).
 */
export async function submitItem(
  db: Database,
  organization: Organization,
  slug: string,
  data: Record<string, unknown>,
): Promise<{ item: SubmittedItemOut; warnings: string[] }> {
  return transaction(db, async (tx) => {
    const collection = await findCollection(tx, organization.id, slug);
    if (!collection.rules.allow_public_submit) {
      throw new AppError(
        'submissions_closed',
        `The collection '${slug}' does not accept public submissions.`,
      );
    }
    const validated = validateData(collection, data);
    const row = await insertItem(tx, organization.id, collection, validated, {
      data: validated.data,
      status: collection.rules.moderation === 'auto' ? 'published' : 'pending_review',
      startsAt: null,
      expiresAt: null,
      ownerUserId: null,
      source: 'submission',
    });
    const status = row.status as SubmittedItemOut['status'];
    return { item: { ...toPublicItem(row), status }, warnings: validated.warnings };
  });
}

/** Rich text as the board renders it; undefined when the value cannot be read as a document (older data). */
export function richTextHtml(value: unknown): string | undefined {
  if (value === null || value === undefined || (typeof value !== 'string' && typeof value !== 'object'))
    return;
  try {
    return normalizeContent(value as string | Record<string, unknown>, {
      iframeHosts: env().CONTENT_IFRAME_HOSTS,
    }).html;
  } catch {
    return undefined;
  }
}

/** One live item of a collection the viewer may read; 404 otherwise (as for the list). */
export async function getPublicItem(
  db: Db,
  organization: Organization,
  slug: string,
  id: string,
  viewer: PublicViewer = anonymousViewer,
): Promise<{ collection: PublicCollectionOut; item: PublicItemOut }> {
  const collection = await findCollection(db, organization.id, slug);
  if (!canRead(collection, viewer)) throw notFound('Collection');
  if (!/^[0-9a-f-]{36}$/i.test(id)) throw notFound('Item');
  const [row] = await db
    .select()
    .from(cmsItems)
    .where(
      and(
        eq(cmsItems.organizationId, organization.id),
        eq(cmsItems.collectionId, collection.id),
        eq(cmsItems.id, id),
        ...liveItem(new Date()),
      ),
    )
    .limit(1);
  if (!row) throw notFound('Item');
  return { collection: toPublicCollection(collection), item: toPublicItem(row) };
}
