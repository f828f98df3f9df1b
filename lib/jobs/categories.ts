import { findOrCreateCategory, toCategoryRef } from '@/lib/categories';
import type { CategoryRef } from '@/lib/categories/schemas';
import { isUuid } from '@/lib/core/ids';
import type { Db } from '@/lib/core/transaction';
import { invalid } from '@/lib/core/validation';

interface CategoryInput {
  category?: string;
  category_id?: string;
  categories?: string[];
}

/** Every category reference a write sends, for readJobWriteContext to look up at once. */
export function categoryRefsOf(input: CategoryInput): string[] {
  return [input.category_id, input.category, ...(input.categories ?? [])].flatMap((ref) => ref ?? []);
}

/** Whether the write sends categories at all (an update without them keeps the job's). */
export function sendsCategories(input: CategoryInput): boolean {
  return input.category !== undefined || input.category_id !== undefined || input.categories !== undefined;
}

/**
 * A reference as the board has it (`known`, read with the write's context): an id must exist; a name
 * missing so far is created, which is the only case that costs statements of its own.
 */
async function categoryByRef(
  db: Db,
  orgId: number,
  known: Map<string, CategoryRef>,
  ref: string,
  field: string,
): Promise<CategoryRef> {
  const found = known.get(ref);
  if (found) return found;
  if (isUuid(ref)) throw invalid(field, `No category ${ref} in this organization.`);
  const category = toCategoryRef((await findOrCreateCategory(db, orgId, ref)).category);
  known.set(ref, category);
  return category;
}

/**
 * The spec's category rules: `category_id` beats `category` (a name, matched case-insensitively
 * or created); `categories` (names or ids) lists every category, the first being the main one
 * unless `category`/`category_id` is sent. On update a sent list replaces the old one and an
 * empty list keeps only the main category. Answers the categories in filing order, main first.
 */
export async function resolveCategories(
  db: Db,
  orgId: number,
  input: CategoryInput,
  known: Map<string, CategoryRef>,
  current: { mainId: string | null; categories: CategoryRef[] } = { mainId: null, categories: [] },
): Promise<{ mainId: string | null; categories: CategoryRef[] }> {
  const byId = new Map(current.categories.map((category) => [category.id, category]));
  let mainId = current.mainId;
  const main = input.category_id
    ? await categoryByRef(db, orgId, known, input.category_id, 'category_id')
    : input.category
      ? await categoryByRef(db, orgId, known, input.category, 'category')
      : undefined;
  if (main) {
    mainId = main.id;
    byId.set(main.id, main);
  }
  let listed = current.categories.map((category) => category.id);
  if (input.categories) {
    listed = [];
    for (const [index, ref] of input.categories.entries()) {
      const category = await categoryByRef(db, orgId, known, ref, `categories.${index}`);
      byId.set(category.id, category);
      listed.push(category.id);
    }
    if (!main && !current.mainId && listed.length > 0) mainId = listed[0]!;
  }
  const ids = [...new Set([...(mainId ? [mainId] : []), ...listed])];
  return { mainId, categories: ids.flatMap((id) => byId.get(id) ?? []) };
}
