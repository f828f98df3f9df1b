import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { type Category, categories } from '@/db/schema';
import { bumpRevision } from '@/lib/cache';
import { AppError } from '@/lib/core/errors';
import { isUuid } from '@/lib/core/ids';
import { slugify } from '@/lib/core/slug';
import { type Db, transaction } from '@/lib/core/transaction';
import { invalid } from '@/lib/core/validation';
import type { CategoryOut, CategoryRef, CreateCategoryInput } from './schemas';

export function toCategoryRef(category: Category): CategoryRef {
  return { id: category.id, name: category.name, slug: category.slug, parent_id: category.parentId };
}

const byName = (orgId: number, name: string) =>
  and(eq(categories.organizationId, orgId), sql`lower(${categories.name}) = lower(${name})`);

export async function findCategoryByName(db: Db, orgId: number, name: string): Promise<Category | undefined> {
  const [row] = await db.select().from(categories).where(byName(orgId, name)).limit(1);
  return row;
}

/** A category by id, or by name (case-insensitive) when the reference is not a UUID. */
export async function findCategoryByRef(db: Db, orgId: number, ref: string): Promise<Category | undefined> {
  if (isUuid(ref)) {
    const [row] = await db
      .select()
      .from(categories)
      .where(and(eq(categories.organizationId, orgId), eq(categories.id, ref)))
      .limit(1);
    return row;
  }
  return findCategoryByName(db, orgId, ref);
}

/**
 * Finds the category with this name or creates it. Concurrent calls for one name yield one row:
 * the unique index on lower(name) decides, and the loser reads the winner's row.
 */
export async function findOrCreateCategory(
  db: Db,
  orgId: number,
  name: string,
  parentId: string | null = null,
): Promise<{ category: Category; created: boolean }> {
  const base = slugify(name) || 'category';
  for (let attempt = 0; attempt < 20; attempt++) {
    const existing = await findCategoryByName(db, orgId, name);
    if (existing) return { category: existing, created: false };
    const slug = attempt === 0 ? base : `${base}-${attempt + 1}`;
    const [inserted] = await db
      .insert(categories)
      .values({ organizationId: orgId, name, slug, parentId })
      .onConflictDoNothing()
      .returning();
    if (inserted) return { category: inserted, created: true };
    // Nothing inserted: either the name now exists (read it next round) or the slug is taken.
  }
  throw new AppError('conflict', `Could not create the category '${name}'.`);
}

async function resolveParent(db: Db, orgId: number, ref: string): Promise<Category> {
  const parent = await findCategoryByRef(db, orgId, ref);
  if (!parent) throw invalid('parent', `No category '${ref}' to nest under.`);
  if (parent.parentId) {
    throw invalid('parent', `'${parent.name}' is itself a sub-category; categories nest one level deep.`);
  }
  return parent;
}

async function hasSubCategories(db: Db, id: string): Promise<boolean> {
  const [row] = await db
    .select({ id: categories.id })
    .from(categories)
    .where(eq(categories.parentId, id))
    .limit(1);
  return Boolean(row);
}

/**
 * POST /categories: idempotent by name. `parent` (name or id) nests, null un-nests, undefined
 * leaves the category where it is.
 */
export async function upsertCategory(
  db: Database,
  orgId: number,
  input: CreateCategoryInput,
): Promise<{ category: CategoryOut; created: boolean }> {
  const result = await transaction(db, async (tx) => {
    const parent = input.parent ? await resolveParent(tx, orgId, input.parent) : null;
    const { category, created } = await findOrCreateCategory(tx, orgId, input.name, parent?.id ?? null);
    if (created || input.parent === undefined || category.parentId === (parent?.id ?? null)) {
      return { id: category.id, created };
    }
    if (parent) {
      if (parent.id === category.id) throw invalid('parent', 'A category cannot be its own parent.');
      if (await hasSubCategories(tx, category.id)) {
        throw invalid(
          'parent',
          `'${category.name}' has sub-categories, so it cannot become a sub-category. Move or un-nest them first.`,
        );
      }
    }
    await tx
      .update(categories)
      .set({ parentId: parent?.id ?? null })
      .where(eq(categories.id, category.id));
    // Jobs show their categories' parents, and a main category's filter takes in its sub-categories.
    await bumpRevision(tx, orgId);
    return { id: category.id, created };
  });
  const [category] = await listCategories(db, orgId, [result.id]);
  return { category: category!, created: result.created };
}

/** The organization's categories with job counts, main categories counting their sub-categories' jobs. */
export async function listCategories(db: Db, orgId: number, ids?: string[]): Promise<CategoryOut[]> {
  // Raw aliases: drizzle leaves columns unqualified in single-table selects, which a correlated
  // subquery would resolve against its own tables.
  const jobCount = sql<number>`(
    select count(distinct jc.job_id)::int
    from job_categories jc join categories filed on filed.id = jc.category_id
    where filed.id = "categories"."id" or filed.parent_id = "categories"."id"
  )`;
  const rows = await db
    .select({ category: categories, jobCount })
    .from(categories)
    .where(and(eq(categories.organizationId, orgId), ids ? inArray(categories.id, ids) : undefined))
    .orderBy(asc(sql`lower(${categories.name})`));
  return rows.map(({ category, jobCount }) => ({
    ...toCategoryRef(category),
    job_count: Number(jobCount),
    created_at: category.createdAt.toISOString(),
    updated_at: category.updatedAt.toISOString(),
  }));
}

/** Ids of these categories plus their sub-categories (for "a main category includes its subs"). */
export async function expandCategoryRefs(db: Db, orgId: number, refs: string[]): Promise<string[]> {
  if (refs.length === 0) return [];
  const ids = refs.filter(isUuid);
  const names = refs.filter((ref) => !isUuid(ref)).map((name) => name.toLowerCase());
  const matched = await db
    .select({ id: categories.id })
    .from(categories)
    .where(
      and(
        eq(categories.organizationId, orgId),
        or(
          ids.length ? inArray(categories.id, ids) : undefined,
          names.length ? inArray(sql`lower(${categories.name})`, names) : undefined,
          names.length ? inArray(categories.slug, names) : undefined,
        ),
      ),
    );
  const roots = matched.map((row) => row.id);
  if (roots.length === 0) return [];
  const children = await db
    .select({ id: categories.id })
    .from(categories)
    .where(and(eq(categories.organizationId, orgId), inArray(categories.parentId, roots)));
  return [...new Set([...roots, ...children.map((row) => row.id)])];
}
