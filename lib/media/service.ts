import { createHash } from 'node:crypto';
import { type AnyColumn, and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Asset, assets, authors, cmsCollections, cmsItems, pages } from '@/db/schema';
import { AppError, fileTooLarge, notFound } from '@/lib/core/errors';
import { newId } from '@/lib/core/ids';
import { logError } from '@/lib/core/logger';
import { pageOffset } from '@/lib/core/pagination';
import { containsPattern } from '@/lib/core/sql-like';
import { type Db, queryAll, transaction } from '@/lib/core/transaction';
import { emitEvent } from '@/lib/webhooks';
import { MAX_ASSET_BYTES } from './limits';
import { describeRaster, ImageDecodeError } from './raster';
import type { AssetOut, BrokenReference, ListAssetsQuery } from './schemas';
import { ACCEPTED_IMAGE_LABELS, IMAGE_TYPES, type ImageMime, sniffImageType } from './sniff';
import { mediaStorage, type StorageProvider, storageFor } from './storage';
import { isValidStorageKey } from './storage/types';
import { SvgError, sanitizeSvg } from './svg';
import { cdnUrlFor } from './urls';

export function toAssetOut(row: Asset): AssetOut {
  const url = cdnUrlFor(row.storageKey);
  return {
    id: row.id,
    type: row.type as AssetOut['type'],
    provider: row.provider as StorageProvider,
    url,
    thumbnail_url: row.thumbnailKey ? cdnUrlFor(row.thumbnailKey) : url,
    title: row.title,
    visibility: 'public',
    metadata: {
      mime: row.mime,
      bytes: row.bytes,
      width: row.width,
      height: row.height,
      sha256: row.sha256,
      ...row.origin,
    },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export interface NewAssetFile {
  bytes: Uint8Array;
  title?: string | null;
  /** The uploaded file's name, or the last segment of the source URL. */
  filename?: string;
  sourceUrl?: string;
}

interface PreparedImage {
  mime: ImageMime;
  bytes: Uint8Array;
  sha256: string;
  width: number | null;
  height: number | null;
  thumbnail: Buffer | null;
}

/**
 * POST /assets. The type comes from the bytes; SVGs are sanitized before anything is stored.
 * With `dedupe`, bytes already in the library return the existing asset (`deduplicated: true`).
 */
export async function createAsset(
  db: Database,
  orgId: number,
  file: NewAssetFile,
  options: { dedupe: boolean },
): Promise<{ asset: AssetOut; deduplicated: boolean }> {
  if (file.bytes.byteLength > MAX_ASSET_BYTES) throw fileTooLarge(MAX_ASSET_BYTES);
  const image = await identify(file.bytes);
  if (options.dedupe) {
    const existing = await findBySha(db, orgId, image.sha256);
    if (existing) return { asset: toAssetOut(existing), deduplicated: true };
  }
  await render(image);

  const storage = mediaStorage();
  const id = newId();
  const storageKey = `${id}/${image.sha256.slice(0, 16)}.${IMAGE_TYPES[image.mime].extension}`;
  const thumbnailKey = image.thumbnail ? `${id}/thumb-${image.sha256.slice(0, 16)}.webp` : null;
  await storage.put(storageKey, image.bytes, image.mime);
  if (thumbnailKey && image.thumbnail) await storage.put(thumbnailKey, image.thumbnail, 'image/webp');
  const stored = [storageKey, ...(thumbnailKey ? [thumbnailKey] : [])];

  try {
    const outcome = await transaction(db, async (tx) => {
      if (options.dedupe) {
        // Two identical uploads at once: the second waits here, then finds the first.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`asset:${orgId}:${image.sha256}`}, 0))`,
        );
        const existing = await findBySha(tx, orgId, image.sha256);
        if (existing) return { row: existing, deduplicated: true };
      }
      const [row] = await tx
        .insert(assets)
        .values({
          id,
          organizationId: orgId,
          type: 'image',
          provider: storage.provider,
          storageKey,
          thumbnailKey,
          title: file.title || defaultTitle(file),
          mime: image.mime,
          bytes: image.bytes.byteLength,
          width: image.width,
          height: image.height,
          sha256: image.sha256,
          origin: {
            ...(file.filename ? { filename: file.filename } : {}),
            ...(file.sourceUrl ? { source_url: file.sourceUrl } : {}),
          },
        })
        .returning();
      await emitEvent(tx, orgId, 'asset.created', () => ({ asset: toAssetOut(row!) }));
      return { row: row!, deduplicated: false };
    });
    if (outcome.deduplicated) await removeObjects(storage.provider, stored);
    return { asset: toAssetOut(outcome.row), deduplicated: outcome.deduplicated };
  } catch (error) {
    await removeObjects(storage.provider, stored);
    throw error;
  }
}

/** Where a member's pictures are stored: outside the board's library, one folder per member. */
const memberPictureFolder = (orgId: number, memberId: string) => `members/${orgId}/${memberId}/`;

/**
 * A member's profile picture, checked like any upload (typed by its bytes, SVG sanitized) and hosted
 * on the CDN, but not a library asset: the owner's media library is the board's content, and a
 * member replacing a picture must not leave the old one behind. Answers its URL.
 */
export async function storeMemberPicture(
  orgId: number,
  memberId: string,
  bytes: Uint8Array,
): Promise<string> {
  if (bytes.byteLength > MAX_ASSET_BYTES) throw fileTooLarge(MAX_ASSET_BYTES);
  const image = await identify(bytes);
  await render(image);
  const key = `${memberPictureFolder(orgId, memberId)}${image.sha256.slice(0, 16)}.${IMAGE_TYPES[image.mime].extension}`;
  await mediaStorage().put(key, image.bytes, image.mime);
  return cdnUrlFor(key);
}

/** Removes a picture `storeMemberPicture` stored for this member; any other URL is left alone. */
export async function forgetMemberPicture(
  orgId: number,
  memberId: string,
  url: string | null,
): Promise<void> {
  const folder = cdnUrlFor(memberPictureFolder(orgId, memberId));
  if (!url?.startsWith(folder)) return;
  const key = url.slice(cdnUrlFor('').length);
  if (isValidStorageKey(key)) await removeObjects(mediaStorage().provider, [key]);
}

/** Sniffs the type and, for SVG, sanitizes: what is hashed and stored is what will be served. */
async function identify(bytes: Uint8Array): Promise<PreparedImage> {
  const sniffed = await sniffImageType(bytes);
  if (!sniffed.mime) {
    const seen = sniffed.detected ? ` (the file is ${sniffed.detected})` : '';
    throw new AppError(
      'unsupported_media_type',
      `Only ${ACCEPTED_IMAGE_LABELS.join(', ')} images can be uploaded${seen}.`,
      { accepted: Object.keys(IMAGE_TYPES), detected: sniffed.detected },
    );
  }
  if (sniffed.mime === 'image/svg+xml') {
    let clean: ReturnType<typeof sanitizeSvg>;
    try {
      clean = sanitizeSvg(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
    } catch (error) {
      const reason = error instanceof SvgError ? error.message : 'The SVG is not valid UTF-8 text.';
      throw new AppError('unsupported_media_type', reason, { detected: 'image/svg+xml' });
    }
    const svgBytes = new TextEncoder().encode(clean.svg);
    return {
      mime: sniffed.mime,
      bytes: svgBytes,
      sha256: sha256(svgBytes),
      width: clean.width,
      height: clean.height,
      thumbnail: null,
    };
  }
  return { mime: sniffed.mime, bytes, sha256: sha256(bytes), width: null, height: null, thumbnail: null };
}

/** Decodes a raster image once: its displayed size and its thumbnail. SVG needs neither. */
async function render(image: PreparedImage): Promise<void> {
  if (image.mime === 'image/svg+xml') return;
  try {
    const info = await describeRaster(image.bytes);
    image.width = info.width;
    image.height = info.height;
    image.thumbnail = info.thumbnail;
  } catch (error) {
    if (!(error instanceof ImageDecodeError)) throw error;
    throw new AppError(
      'unsupported_media_type',
      `The file looks like ${IMAGE_TYPES[image.mime].label} but cannot be used: ${error.message}`,
      { detected: image.mime },
    );
  }
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The title an asset gets when none is given: its file name without the extension. */
export function defaultTitle(file: Pick<NewAssetFile, 'filename'>): string {
  const name = (file.filename ?? '').replace(/\.[a-z0-9]{1,5}$/i, '').trim();
  return name.slice(0, 200) || 'Untitled image';
}

async function findBySha(db: Db, orgId: number, hash: string): Promise<Asset | undefined> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.organizationId, orgId), eq(assets.sha256, hash)))
    .orderBy(assets.createdAt)
    .limit(1);
  return row;
}

async function removeObjects(provider: StorageProvider, keys: string[]): Promise<void> {
  const storage = storageFor(provider);
  await Promise.all(
    keys.map((key) =>
      storage.delete(key).catch((error) => logError('media_object_delete_failed', error, { key })),
    ),
  );
}

export async function findAsset(db: Db, orgId: number, id: string): Promise<Asset> {
  const [row] = await db
    .select()
    .from(assets)
    .where(and(eq(assets.organizationId, orgId), eq(assets.id, id)))
    .limit(1);
  if (!row) throw notFound('Asset');
  return row;
}

/** GET /assets: newest first. */
export async function listAssets(
  db: Db,
  orgId: number,
  query: ListAssetsQuery,
): Promise<{ assets: AssetOut[]; total: number }> {
  const conditions: SQL[] = [eq(assets.organizationId, orgId)];
  if (query.type) conditions.push(eq(assets.type, query.type));
  if (query.search) conditions.push(ilike(assets.title, containsPattern(query.search)));
  const where = and(...conditions);
  const { limit, offset } = pageOffset(query);
  const [rows, [totals]] = await queryAll(db, [
    db
      .select()
      .from(assets)
      .where(where)
      .orderBy(desc(assets.createdAt), desc(assets.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(assets).where(where),
  ]);
  return { assets: rows.map(toAssetOut), total: totals?.total ?? 0 };
}

export async function updateAsset(
  db: Database,
  orgId: number,
  id: string,
  input: { title: string },
): Promise<AssetOut> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(assets)
      .set({ title: input.title, updatedAt: new Date() })
      .where(and(eq(assets.organizationId, orgId), eq(assets.id, id)))
      .returning();
    if (!row) throw notFound('Asset');
    await emitEvent(tx, orgId, 'asset.updated', () => ({ asset: toAssetOut(row) }));
    return toAssetOut(row);
  });
}

/**
 * DELETE /assets/{id}. Content that still uses the URL does not block the delete; it is reported
 * in `broken_references`. The stored objects go after the row is gone, so a failed delete keeps both.
 */
export async function deleteAsset(
  db: Database,
  orgId: number,
  id: string,
): Promise<{ id: string; deleted: true; broken_references: BrokenReference[] }> {
  const { row, references } = await transaction(db, async (tx) => {
    const row = await findAsset(tx, orgId, id);
    const references = await findReferences(tx, orgId, row);
    await tx.delete(assets).where(and(eq(assets.organizationId, orgId), eq(assets.id, id)));
    await emitEvent(tx, orgId, 'asset.deleted', () => ({ id, broken_references: references }));
    return { row, references };
  });
  await removeObjects(row.provider as StorageProvider, [
    row.storageKey,
    ...(row.thumbnailKey ? [row.thumbnailKey] : []),
  ]);
  return { id, deleted: true, broken_references: references };
}

/**
 * Pages, authors and CMS items whose stored URLs contain the asset's storage key (matching the key
 * rather than the full URL still finds them after CDN_URL changes), and CMS items whose `asset`
 * fields hold its id.
 */
export async function findReferences(db: Db, orgId: number, asset: Asset): Promise<BrokenReference[]> {
  const keys = [asset.storageKey, ...(asset.thumbnailKey ? [asset.thumbnailKey] : [])];
  const uses = (column: AnyColumn | SQL) =>
    sql<boolean>`coalesce(${or(...keys.map((key) => sql`strpos(${column}, ${`/${key}`}) > 0`))}, false)`;
  const [pageRows, authorRows, itemRows] = await queryAll(db, [
    db
      .select({
        id: pages.id,
        title: pages.title,
        cover: uses(pages.coverImage),
        og: uses(pages.ogImage),
        content: uses(pages.contentHtml),
      })
      .from(pages)
      .where(
        and(
          eq(pages.organizationId, orgId),
          or(uses(pages.coverImage), uses(pages.ogImage), uses(pages.contentHtml)),
        ),
      ),
    db
      .select({ id: authors.id, name: authors.name })
      .from(authors)
      .where(and(eq(authors.organizationId, orgId), uses(authors.avatarUrl))),
    db
      .select({ id: cmsItems.id, data: cmsItems.data, collection: cmsCollections.slug })
      .from(cmsItems)
      .innerJoin(cmsCollections, eq(cmsCollections.id, cmsItems.collectionId))
      .where(
        and(
          eq(cmsItems.organizationId, orgId),
          or(uses(sql`${cmsItems.data}::text`), sql`${cmsItems.data}::text like ${`%"${asset.id}"%`}`),
        ),
      ),
  ]);
  const mentions = (value: unknown) => {
    const text = JSON.stringify(value);
    return text.includes(`"${asset.id}"`) || keys.some((key) => text.includes(`/${key}`));
  };
  return [
    ...pageRows.map((page) => ({
      resource: 'page' as const,
      id: page.id,
      title: page.title,
      fields: [
        ...(page.cover ? ['cover_image'] : []),
        ...(page.og ? ['og_image'] : []),
        ...(page.content ? ['content'] : []),
      ],
    })),
    ...authorRows.map((author) => ({
      resource: 'author' as const,
      id: author.id,
      title: author.name,
      fields: ['avatar_url'],
    })),
    ...itemRows.map((item) => ({
      resource: 'cms_item' as const,
      id: item.id,
      title: `${item.collection}/${item.id}`,
      fields: Object.keys(item.data).filter((field) => mentions(item.data[field])),
    })),
  ];
}
