import { AppError } from '@/lib/core/errors';
import { type FormErrorRules, formErrors } from '@/lib/forms';
import type { PageOut } from '@/lib/pages/schemas';
import { pageFieldNames } from './page-form';

export interface SavePageResult {
  page?: PageOut;
  /** From the content pipeline, e.g. images not hosted on the board's CDN. */
  warnings?: string[];
  error?: string;
  fieldErrors?: Record<string, string>;
}

export const pageErrorRules: FormErrorRules = {
  fields: [...pageFieldNames, 'content'],
  words: { not_found: 'This page no longer exists.' },
  // The slug's detail only says it is taken; the service's message names the slug.
  fieldWords: { slug: { slug_conflict: (_problem, error) => error.message } },
  // The service's own sentence heads a refusal; a schema refusal is summed up.
  summary: (error) => (error instanceof AppError ? error.message : 'Some fields need attention.'),
};

/** A refusal of the schema or the service as the editor shows it; anything else is rethrown. */
export function saveErrors(error: unknown): SavePageResult {
  return formErrors(error, pageErrorRules);
}
