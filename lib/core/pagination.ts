import { z } from 'zod';
import { queryIntInRange } from './query';

export const MAX_PER_PAGE = 100;

/** `page` (default 1, min 1) and `per_page` (1..100) query parameters, merged into a list query. */
export function paginationQuery(defaultPerPage = 20) {
  return {
    page: queryIntInRange(1, Number.MAX_SAFE_INTEGER).default(1).describe('Page number, starting at 1.'),
    per_page: queryIntInRange(1, MAX_PER_PAGE)
      .default(defaultPerPage)
      .describe(`Items per page, 1 to ${MAX_PER_PAGE} (default ${defaultPerPage}).`),
  };
}

export const paginationMetaSchema = z.object({
  current_page: z.number().int(),
  per_page: z.number().int(),
  total_items: z.number().int(),
  total_pages: z.number().int(),
  has_more: z.boolean(),
});

export type PaginationMeta = z.infer<typeof paginationMetaSchema>;

export interface PageRequest {
  page: number;
  per_page: number;
}

export function pageOffset({ page, per_page }: PageRequest): { limit: number; offset: number } {
  return { limit: per_page, offset: (page - 1) * per_page };
}

export function paginationMeta({ page, per_page }: PageRequest, totalItems: number): PaginationMeta {
  const totalPages = Math.ceil(totalItems / per_page);
  return {
    current_page: page,
    per_page,
    total_items: totalItems,
    total_pages: totalPages,
    has_more: page < totalPages,
  };
}
