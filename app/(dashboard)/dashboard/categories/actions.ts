'use server';

import type { z } from 'zod';
import { createCategoryBodySchema } from '@/lib/categories/schemas';
import { upsertCategory } from '@/lib/categories/service';
import type { FormErrorRules, FormState } from '@/lib/forms';
import { dashboardAction, type Revalidation, textFields } from '../dashboard-action';

const categoryErrorRules: FormErrorRules = {
  fields: ['name', 'parent'],
  answers: ['validation_error', 'conflict'],
};

const revalidate: Revalidation[] = ['/dashboard/categories', ['/dashboard/jobs', 'layout']];
const categoryForm = textFields(['name', 'parent']);
type CategoryBody = z.input<typeof createCategoryBodySchema>;

export const addCategoryAction = dashboardAction(
  'categories.manage',
  categoryForm
    .transform(({ name, parent }): CategoryBody => ({ name, parent: parent || undefined }))
    .pipe(createCategoryBodySchema),
  async (body, { db, organization }): Promise<FormState> => {
    const { category, created } = await upsertCategory(db, organization.id, body);
    if (created) return { success: `Added “${category.name}”.` };
    return {
      success: body.parent
        ? `“${category.name}” already existed; it is now filed under the category you chose.`
        : `“${category.name}” already exists.`,
    };
  },
  { revalidate, errors: categoryErrorRules },
);

/** Nests a category under a main category, or makes it a main category again (parent ""). */
export const setCategoryParentAction = dashboardAction(
  'categories.manage',
  categoryForm
    .transform(({ name, parent }): CategoryBody => ({ name, parent: parent || null }))
    .pipe(createCategoryBodySchema),
  async (body, { db, organization }): Promise<FormState> => {
    await upsertCategory(db, organization.id, body);
    return { success: body.parent ? 'Nested.' : 'Now a main category.' };
  },
  // A row's form shows one message, next to its menu.
  { revalidate, errors: { ...categoryErrorRules, fields: [] } },
);
