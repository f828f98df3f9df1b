import { z } from 'zod';
import { AppError } from '@/lib/core/errors';
import type { PageOut } from '@/lib/pages/schemas';

export interface SavePageResult {
  page?: PageOut;
  /** From the content pipeline, e.g. images not hosted on the board's CDN. */
  warnings?: string[];
  error?: string;
  fieldErrors?: Record<string, string>;
}

const detailsSchema = z.array(z.object({ field: z.string(), message: z.string() }));

/** A service refusal as the editor shows it (per-field when the service names fields), or null. */
export function serviceErrors(error: unknown): SavePageResult | null {
  if (!(error instanceof AppError)) return null;
  if (error.code === 'not_found') return { error: 'This page no longer exists.' };
  const details = detailsSchema.safeParse(error.details);
  const fields: Record<string, string> = {};
  for (const detail of details.success ? details.data : []) fields[detail.field] ??= detail.message;
  if (error.code === 'slug_conflict') fields.slug = error.message;
  return { error: error.message, fieldErrors: fields };
}
