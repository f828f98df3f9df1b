import { z } from 'zod';
import { plainText } from '@/lib/core/fields';

export const categoryNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Category name is required' })
  .max(100, { error: 'Must be at most 100 characters' });

/** A category as jobs show it. */
export const categoryRefSchema = z
  .object({
    id: z.uuid(),
    name: plainText(),
    slug: z.string(),
    parent_id: z.uuid().nullable().describe('The main category of a sub-category; null for a main category.'),
  })
  .meta({ id: 'CategoryRef' });

export const categorySchema = categoryRefSchema
  .extend({
    job_count: z
      .number()
      .int()
      .describe(
        "Jobs filed under this category (any status); a main category's count includes its sub-categories' jobs.",
      ),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Category' });

export const createCategoryBodySchema = z.object({
  name: categoryNameSchema,
  parent: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .nullable()
    .optional()
    .describe(
      'Name or id of a main category to nest under; null makes it a main category again; omitted leaves it where it is.',
    ),
});

export type CategoryRef = z.infer<typeof categoryRefSchema>;
export type CategoryOut = z.infer<typeof categorySchema>;
export type CreateCategoryInput = z.infer<typeof createCategoryBodySchema>;
