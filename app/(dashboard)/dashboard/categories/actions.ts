'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { createCategoryBodySchema } from '@/lib/categories/schemas';
import { upsertCategory } from '@/lib/categories/service';
import { type FormErrorRules, type FormState, formErrors, formMessage, formValues } from '@/lib/forms';

export interface CategoryFormState extends FormState {
  /** Counts answers, so the form remounts (emptied after a success). */
  submission?: number;
}

const categoryErrorRules: FormErrorRules = {
  fields: ['name', 'parent'],
  answers: ['validation_error', 'conflict'],
};

function revalidate() {
  revalidatePath('/dashboard/categories');
  revalidatePath('/dashboard/jobs', 'layout');
}

export async function addCategoryAction(
  previous: CategoryFormState,
  formData: FormData,
): Promise<CategoryFormState> {
  const { organization } = await requireMembership('categories.manage');
  const submission = (previous.submission ?? 0) + 1;
  const values = formValues(formData, ['name', 'parent']);
  const parsed = createCategoryBodySchema.safeParse({
    name: values.name,
    parent: values.parent || undefined,
  });
  if (!parsed.success) return { ...formErrors(parsed.error, categoryErrorRules), values, submission };
  try {
    const { category, created } = await upsertCategory(await getDb(), organization.id, parsed.data);
    revalidate();
    if (created) return { success: `Added “${category.name}”.`, submission };
    return {
      success: parsed.data.parent
        ? `“${category.name}” already existed; it is now filed under the category you chose.`
        : `“${category.name}” already exists.`,
      submission,
    };
  } catch (error) {
    return { ...formErrors(error, categoryErrorRules), values, submission };
  }
}

/** Nests a category under a main category, or makes it a main category again (parent ""). */
export async function setCategoryParentAction(
  previous: CategoryFormState,
  formData: FormData,
): Promise<CategoryFormState> {
  const { organization } = await requireMembership('categories.manage');
  const submission = (previous.submission ?? 0) + 1;
  const values = formValues(formData, ['name', 'parent']);
  const parsed = createCategoryBodySchema.safeParse({ name: values.name, parent: values.parent || null });
  // A row's form shows one message, next to its menu.
  if (!parsed.success) return { error: formMessage(parsed.error, categoryErrorRules), submission };
  try {
    await upsertCategory(await getDb(), organization.id, parsed.data);
  } catch (error) {
    return { error: formMessage(error, categoryErrorRules), values, submission };
  }
  revalidate();
  return { success: parsed.data.parent ? 'Nested.' : 'Now a main category.', submission };
}
