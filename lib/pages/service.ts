import { and, count, desc, eq, ilike, like, or, type SQL } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { authors, type Page, pages } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { ContentError, normalizeContent } from '@/lib/content';
import { isUniqueViolation } from '@/lib/core/db-errors';
import { deleteOwned } from '@/lib/core/delete-owned';
import { env } from '@/lib/core/env';
import { AppError, notFound } from '@/lib/core/errors';
import { pageOffset } from '@/lib/core/pagination';
import { claimFreeSlug, slugify } from '@/lib/core/slug';
import { containsPattern, escapeLike } from '@/lib/core/sql-like';
import { type Db, queryAll, transaction } from '@/lib/core/transaction';
import { invalid } from '@/lib/core/validation';
import { cdnBaseUrl } from '@/lib/media';
import { boardUrlOf } from '@/lib/organizations';
import { emitEvent } from '@/lib/webhooks';
import {
  type CreatePageInput,
  type ListPagesQuery,
  type PageKind,
  type PageOut,
  type PageStatus,
  type PageSummaryOut,
  reservedSlugs,
  type UpdatePageInput,
} from './schemas';

const META_DESCRIPTION_LENGTH = 160;

/** The public address: the board's base URL, then `/blog/{slug}` or `/{slug}`. */
export function pageUrl(boardUrl: string, kind: PageKind, slug: string): string {
  return kind === 'blog_post' ? `${boardUrl}/blog/${slug}` : `${boardUrl}/${slug}`;
}

/** The first paragraph's text, cut at a word boundary near 160 characters. */
function summaryOf(text: string): string {
  const first =
    text
      .split('\n')
      .find((line) => line.trim() !== '')
      ?.trim() ?? '';
  if (first.length <= META_DESCRIPTION_LENGTH) return first;
  const cut = first.slice(0, META_DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 1)).trimEnd()}…`;
}

export function toPageSummary(row: Page, boardUrl: string): PageSummaryOut {
  const kind = row.kind as PageKind;
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    type: kind,
    is_blog_article: kind === 'blog_post',
    status: row.status as PageStatus,
    url: pageUrl(boardUrl, kind, row.slug),
    cover_image: row.coverImage,
    members_only: row.membersOnly,
    meta_title: row.metaTitle ?? row.title,
    meta_description: row.metaDescription ?? summaryOf(row.contentText),
    author_id: row.authorId,
    published_at: row.publishedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toPageOut(row: Page, boardUrl: string): PageOut {
  return {
    ...toPageSummary(row, boardUrl),
    content: row.content,
    content_html: row.contentHtml,
    content_text: row.contentText,
    og_image: row.ogImage ?? row.coverImage,
    custom_fields: row.customFields,
  };
}

/** Content as stored: Tiptap JSON plus derived HTML and text, or 400 for a document that is not one. */
function renderContent(input: string | Record<string, unknown> | null | undefined) {
  try {
    const config = env();
    const { json, html, text, warnings } = normalizeContent(input ?? '', {
      cdnUrl: cdnBaseUrl(config),
      iframeHosts: config.CONTENT_IFRAME_HOSTS,
    });
    return {
      columns: { content: json as unknown as Record<string, unknown>, contentHtml: html, contentText: text },
      warnings,
    };
  } catch (error) {
    if (error instanceof ContentError) throw invalid('content', error.message);
    throw error;
  }
}

async function assertAuthor(db: Db, orgId: number, authorId: string | null | undefined): Promise<void> {
  if (!authorId) return;
  const [row] = await db
    .select({ id: authors.id })
    .from(authors)
    .where(and(eq(authors.organizationId, orgId), eq(authors.id, authorId)))
    .limit(1);
  if (!row)
    throw invalid('author_id', `No author ${authorId} in this organization (create one with POST /authors).`);
}

function assertSlugAllowed(kind: PageKind, slug: string): void {
  if (reservedSlugs[kind].has(slug)) {
    throw invalid(
      'slug',
      `'${slug}' is reserved for the board's own ${kind === 'page' ? 'pages' : 'blog pages'}; choose another slug.`,
    );
  }
}

async function freePageSlug(db: Db, orgId: number, kind: PageKind, title: string): Promise<string> {
  let base = slugify(title, 80) || (kind === 'blog_post' ? 'post' : 'page');
  if (reservedSlugs[kind].has(base)) base = `${base}-${kind === 'blog_post' ? 'post' : 'page'}`;
  return claimFreeSlug(db, `pages:${orgId}:${kind}`, base, () =>
    db
      .select({ slug: pages.slug })
      .from(pages)
      .where(
        and(
          eq(pages.organizationId, orgId),
          eq(pages.kind, kind),
          or(eq(pages.slug, base), like(pages.slug, `${escapeLike(base)}-%`)),
        ),
      ),
  );
}

const slugConflict = (slug: string) =>
  new AppError('slug_conflict', `The slug '${slug}' is already used by another page of this kind.`, [
    { location: 'body', field: 'slug', path: ['slug'], code: 'slug_conflict', message: 'Already in use' },
  ]);

export async function findPage(db: Db, orgId: number, id: string): Promise<Page> {
  const [row] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.organizationId, orgId), eq(pages.id, id)))
    .limit(1);
  if (!row) throw notFound('Page');
  return row;
}

export async function getPage(db: Db, orgId: number, id: string): Promise<PageOut> {
  return toPageOut(await findPage(db, orgId, id), await boardUrlOf(db, orgId));
}

/** GET /pages: metadata only, newest first. */
export async function listPages(
  db: Db,
  orgId: number,
  query: ListPagesQuery,
): Promise<{ pages: PageSummaryOut[]; total: number }> {
  const conditions: SQL[] = [eq(pages.organizationId, orgId)];
  if (query.kind !== 'all') conditions.push(eq(pages.kind, query.kind));
  if (query.status) conditions.push(eq(pages.status, query.status));
  if (query.search) conditions.push(ilike(pages.title, containsPattern(query.search)));
  const where = and(...conditions);
  const { limit, offset } = pageOffset(query);
  const [rows, [totals]] = await queryAll(db, [
    db
      .select()
      .from(pages)
      .where(where)
      .orderBy(desc(pages.createdAt), desc(pages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(pages).where(where),
  ]);
  const board = await boardUrlOf(db, orgId);
  return { pages: rows.map((row) => toPageSummary(row, board)), total: totals?.total ?? 0 };
}

/** POST /pages. New pages are drafts unless `status` is `published` (then `published_at` defaults to now). */
export async function createPage(
  db: Database,
  orgId: number,
  input: CreatePageInput,
  now = new Date(),
): Promise<{ page: PageOut; warnings: string[] }> {
  const { columns, warnings } = renderContent(input.content);
  if (input.slug) assertSlugAllowed(input.kind, input.slug);
  const board = await boardUrlOf(db, orgId);
  for (let attempt = 0; ; attempt++) {
    try {
      const row = await transaction(db, async (tx) => {
        await assertAuthor(tx, orgId, input.author_id);
        const slug = input.slug ?? (await freePageSlug(tx, orgId, input.kind, input.title));
        const [row] = await tx
          .insert(pages)
          .values({
            organizationId: orgId,
            kind: input.kind,
            title: input.title,
            slug,
            status: input.status,
            ...columns,
            coverImage: input.cover_image ?? null,
            metaTitle: input.meta_title ?? null,
            metaDescription: input.meta_description ?? null,
            authorId: input.author_id ?? null,
            membersOnly: input.members_only ?? false,
            publishedAt:
              input.status === 'published' ? (input.published_at ?? now) : (input.published_at ?? null),
          })
          .returning();
        const page = toPageOut(row!, board);
        await bumpRevision(tx, orgId);
        await emitEvent(tx, orgId, 'page.created', () => page);
        if (row!.status === 'published') await emitEvent(tx, orgId, 'page.published', () => page);
        return row!;
      });
      return { page: toPageOut(row, board), warnings };
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      if (input.slug) throw slugConflict(input.slug);
      // Another request took the generated slug between our read and insert: pick again.
      if (attempt >= 5) throw error;
    }
  }
}

/**
 * PATCH /pages/{id}. Any status may move to any other (draft, published, archived); the first
 * publication stamps `published_at` unless one is sent. `content` replaces the body.
 */
export async function updatePage(
  db: Database,
  orgId: number,
  id: string,
  input: UpdatePageInput,
  now = new Date(),
): Promise<{ page: PageOut; warnings: string[] }> {
  const rendered = input.content !== undefined ? renderContent(input.content) : undefined;
  const board = await boardUrlOf(db, orgId);
  try {
    const row = await transaction(db, async (tx) => {
      const current = await findPage(tx, orgId, id);
      const kind = current.kind as PageKind;
      if (input.slug && input.slug !== current.slug) assertSlugAllowed(kind, input.slug);
      await assertAuthor(tx, orgId, input.author_id);
      const publishing = input.status === 'published' && current.status !== 'published';
      const publishedAt = input.published_at ?? (publishing && !current.publishedAt ? now : undefined);
      const [row] = await tx
        .update(pages)
        .set({
          ...(input.title !== undefined ? { title: input.title } : {}),
          ...(input.slug !== undefined ? { slug: input.slug } : {}),
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...(rendered?.columns ?? {}),
          ...(input.cover_image !== undefined ? { coverImage: input.cover_image } : {}),
          ...(input.meta_title !== undefined ? { metaTitle: input.meta_title } : {}),
          ...(input.meta_description !== undefined ? { metaDescription: input.meta_description } : {}),
          ...(input.author_id !== undefined ? { authorId: input.author_id } : {}),
          ...(input.members_only !== undefined ? { membersOnly: input.members_only } : {}),
          ...(publishedAt !== undefined ? { publishedAt } : {}),
          updatedAt: now,
        })
        .where(and(eq(pages.organizationId, orgId), eq(pages.id, id)))
        .returning();
      const page = toPageOut(row!, board);
      await bumpRevision(tx, orgId);
      await emitEvent(tx, orgId, 'page.updated', () => page);
      if (publishing) await emitEvent(tx, orgId, 'page.published', () => page);
      return row!;
    });
    return { page: toPageOut(row, board), warnings: rendered?.warnings ?? [] };
  } catch (error) {
    if (isUniqueViolation(error) && input.slug) throw slugConflict(input.slug);
    throw error;
  }
}

export async function deletePage(
  db: Database,
  orgId: number,
  id: string,
): Promise<{ id: string; deleted: true }> {
  return deleteOwned(db, pages, 'Page', orgId, id, async (tx, deletedId) => {
    await bumpRevision(tx, orgId);
    await emitEvent(tx, orgId, 'page.deleted', () => ({ id: deletedId }));
  });
}
