import { asc, eq } from 'drizzle-orm';
import { type Category, jobCategories } from '@/db/schema';
import { findCategoryByRef, findOrCreateCategory } from '@/lib/categories';
import { isUuid } from '@/lib/core/ids';
import type { Db } from '@/lib/core/transaction';
import { invalid } from '@/lib/core/validation';

async function categoryByRef(db: Db, orgId: number, ref: string, field: string): Promise<Category> {
  if (isUuid(ref)) {
    const category = await findCategoryByRef(db, orgId, ref);
    if (!category) throw invalid(field, `No category ${ref} in this organization.`);
    return category;
  }
  return (await findOrCreateCategory(db, orgId, ref)).category;
}

interface CategoryInput {
  category?: string;
  category_id?: string;
  categories?: string[];
}

/**
 * The spec's category rules: `category_id` beats `category` (a name, matched case-insensitively
 * or created); `categories` (names or ids) lists every category, the first being the main one
 * unless `category`/`category_id` is sent. On update a sent list replaces the old one and an
 * empty list keeps only the main category.
 */
export async function resolveCategories(
  db: Db,
  orgId: number,
  input: CategoryInput,
  current: { mainId: string | null; ids: string[] } = { mainId: null, ids: [] },
): Promise<{ mainId: string | null; ids: string[] }> {
  let mainId = current.mainId;
  if (input.category_id) mainId = (await categoryByRef(db, orgId, input.category_id, 'category_id')).id;
  else if (input.category) mainId = (await categoryByRef(db, orgId, input.category, 'category')).id;

  let listed = current.ids;
  if (input.categories) {
    listed = [];
    for (const [index, ref] of input.categories.entries()) {
      listed.push((await categoryByRef(db, orgId, ref, `categories.${index}`)).id);
    }
    if (!input.category_id && !input.category && !current.mainId && listed.length > 0) mainId = listed[0]!;
  }
  return { mainId, ids: [...new Set([...(mainId ? [mainId] : []), ...listed])] };
}

export async function replaceJobCategories(
  db: Db,
  orgId: number,
  jobId: string,
  ids: string[],
): Promise<void> {
  await db.delete(jobCategories).where(eq(jobCategories.jobId, jobId));
  await addJobCategories(db, orgId, jobId, ids);
}

/** Files a job that has no categories yet (a new one) under `ids`, in that order. */
export async function addJobCategories(db: Db, orgId: number, jobId: string, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db
    .insert(jobCategories)
    .values(ids.map((categoryId, position) => ({ jobId, categoryId, organizationId: orgId, position })));
}

/** The job's category ids in filing order. */
export async function jobCategoryIds(db: Db, jobId: string): Promise<string[]> {
  const rows = await db
    .select({ categoryId: jobCategories.categoryId })
    .from(jobCategories)
    .where(eq(jobCategories.jobId, jobId))
    .orderBy(asc(jobCategories.position));
  return rows.map((row) => row.categoryId);
}
