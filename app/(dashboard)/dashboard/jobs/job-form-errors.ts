import type { FormErrorRules } from '@/lib/forms';
import { dashboardJobFields } from './job-form-values';

/** Schema and service field names → the form input that shows their error. */
function inputFor(field: string): string | undefined {
  const head = field.split('.')[0] ?? '';
  if (head === 'categories') return 'additional_categories';
  if (head === 'category_id') return 'category';
  return (dashboardJobFields as readonly string[]).includes(head) ? head : undefined;
}

/**
 * The job form's errors in the labels' language: the schemas speak API (`salary_max must be…`).
 * `values` are the form's, for the how-to-apply rule, which depends on the method chosen.
 */
export function jobFormErrorRules(values: Record<string, string>): FormErrorRules {
  return {
    fields: inputFor,
    answers: ['validation_error', 'not_found'],
    summary: 'Some fields need attention: see the messages on them.',
    words: { not_found: 'This job no longer exists.' },
    fieldWords: {
      salary_max: { custom: 'The maximum must be at least the minimum' },
      how_to_apply: {
        custom:
          values.how_to_apply_method === 'email'
            ? 'With email, how to apply must be an email address'
            : 'With an external form, how to apply must be an http(s) URL',
      },
      location_id: {
        // The schema's UUID check: the id did not come from a suggestion.
        invalid_format: 'Pick a place from the suggestions',
        // The service's: no such place on this board (any more).
        invalid_value: 'This place is no longer on your board: pick it again',
      },
    },
  };
}
