import { and, asc, count, eq } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Author, authors, pages } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { AppError, notFound } from '@/lib/core/errors';
import { type Db, transaction } from '@/lib/core/transaction';
import type { AuthorOut, CreateAuthorInput, UpdateAuthorInput } from './schemas';

export function toAuthorOut(row: Author): AuthorOut {
  return {
    id: row.id,
    name: row.name,
    avatar_url: row.avatarUrl,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function listAuthors(db: Db, orgId: number): Promise<AuthorOut[]> {
  const rows = await db
    .select()
    .from(authors)
    .where(eq(authors.organizationId, orgId))
    .orderBy(asc(authors.name), asc(authors.id));
  return rows.map(toAuthorOut);
}

export async function findAuthor(db: Db, orgId: number, id: string): Promise<Author> {
  const [row] = await db
    .select()
    .from(authors)
    .where(and(eq(authors.organizationId, orgId), eq(authors.id, id)))
    .limit(1);
  if (!row) throw notFound('Author');
  return row;
}

export async function createAuthor(db: Db, orgId: number, input: CreateAuthorInput): Promise<AuthorOut> {
  const [row] = await db
    .insert(authors)
    .values({ organizationId: orgId, name: input.name, avatarUrl: input.avatar_url ?? null })
    .returning();
  return toAuthorOut(row!);
}

export async function updateAuthor(
  db: Db,
  orgId: number,
  id: string,
  input: UpdateAuthorInput,
): Promise<AuthorOut> {
  return transaction(db, async (tx) => {
    const [row] = await tx
      .update(authors)
      .set({
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.avatar_url !== undefined ? { avatarUrl: input.avatar_url } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(authors.organizationId, orgId), eq(authors.id, id)))
      .returning();
    if (!row) throw notFound('Author');
    // Bylines on the board's posts show the author.
    await bumpRevision(tx, orgId);
    return toAuthorOut(row);
  });
}

/**
 * DELETE /authors/{id}. An author with pages is refused (409) unless `reassignTo` names another
 * author of the organization, who then takes over those pages in the same transaction.
 */
export async function deleteAuthor(
  db: Database,
  orgId: number,
  id: string,
  options: { reassignTo?: string } = {},
): Promise<{ id: string; deleted: true; reassigned_pages: number }> {
  return transaction(db, async (tx) => {
    await findAuthor(tx, orgId, id);
    const [usage] = await tx.select({ pages: count() }).from(pages).where(eq(pages.authorId, id));
    let reassigned = 0;
    if (usage!.pages > 0) {
      if (!options.reassignTo) {
        throw new AppError(
          'conflict',
          `This author wrote ${usage!.pages} page(s). Delete with ?reassign_to=<author id> to hand them to another author.`,
        );
      }
      if (options.reassignTo === id)
        throw new AppError('conflict', 'An author cannot take over their own pages.');
      const [target] = await tx
        .select({ id: authors.id })
        .from(authors)
        .where(and(eq(authors.organizationId, orgId), eq(authors.id, options.reassignTo)));
      if (!target) {
        const message = `No author ${options.reassignTo} in this organization to reassign the pages to.`;
        throw new AppError('validation_error', message, [
          { location: 'query', field: 'reassign_to', path: ['reassign_to'], code: 'invalid_value', message },
        ]);
      }
      const moved = await tx
        .update(pages)
        .set({ authorId: options.reassignTo })
        .where(eq(pages.authorId, id))
        .returning({ id: pages.id });
      reassigned = moved.length;
    }
    await tx.delete(authors).where(and(eq(authors.organizationId, orgId), eq(authors.id, id)));
    await bumpRevision(tx, orgId);
    return { id, deleted: true as const, reassigned_pages: reassigned };
  });
}
