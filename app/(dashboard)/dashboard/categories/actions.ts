'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { requireMembership } from '@/lib/auth/session';
import { createCategoryBodySchema } from '@/lib/categories/schemas';
import { upsertCategory } from '@/lib/categories/service';
import { AppError } from '@/lib/core/errors';
import { type FormState, fieldErrors, formValues } from '@/lib/forms';

const managers = ['owner', 'admin'] as const;

export interface CategoryFormState extends FormState {
  /** Counts answers, so the form remounts (emptied after a success). */
  submission?: number;
}

const detailsSchema = z.array(z.object({ field: z.string(), message: z.string() }));

function serviceErrors(error: unknown): Record<string, string> | null {
  if (!(error instanceof AppError) || (error.code !== 'validation_error' && error.code !== 'conflict'))
    return null;
  const details = detailsSchema.safeParse(error.details);
  const errors: Record<string, string> = {};
  for (const detail of details.success ? details.data : []) errors[detail.field] ??= detail.message;
  return Object.keys(errors).length > 0 ? errors : { form: error.message };
}

function revalidate() {
  revalidatePath('/dashboard/categories');
  revalidatePath('/dashboard/jobs', 'layout');
}

export async function addCategoryAction(
  previous: CategoryFormState,
  formData: FormData,
): Promise<CategoryFormState> {
  const { organization } = await requireMembership([...managers]);
  const submission = (previous.submission ?? 0) + 1;
  const values = formValues(formData, ['name', 'parent']);
  const parsed = createCategoryBodySchema.safeParse({
    name: values.name,
    parent: values.parent || undefined,
  });
  if (!parsed.success) return { fieldErrors: fieldErrors(parsed.error), values, submission };
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
    const errors = serviceErrors(error);
    if (!errors) throw error;
    const { form, ...fields } = errors;
    return { error: form, fieldErrors: fields, values, submission };
  }
}

/** Nests a category under a main category, or makes it a main category again (parent ""). */
export async function setCategoryParentAction(
  previous: CategoryFormState,
  formData: FormData,
): Promise<CategoryFormState> {
  const { organization } = await requireMembership([...managers]);
  const submission = (previous.submission ?? 0) + 1;
  const values = formValues(formData, ['name', 'parent']);
  const parsed = createCategoryBodySchema.safeParse({ name: values.name, parent: values.parent || null });
  if (!parsed.success) return { error: Object.values(fieldErrors(parsed.error))[0], submission };
  try {
    await upsertCategory(await getDb(), organization.id, parsed.data);
  } catch (error) {
    const errors = serviceErrors(error);
    if (!errors) throw error;
    return { error: Object.values(errors)[0], values, submission };
  }
  revalidate();
  return { success: parsed.data.parent ? 'Nested.' : 'Now a main category.', submission };
}
