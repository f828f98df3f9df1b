import { describe, expect, it } from 'vitest';
import { invalid } from '@/lib/core/validation';
import { formErrors } from '@/lib/forms';
import { createJobBodySchema } from '@/lib/jobs/schemas';
import { jobFormErrorRules } from './job-form-errors';
import { jobBodyFromForm } from './job-form-values';

const base = { title: 'Engineer', company_name: 'Acme', description: 'Build things.' };

/** The errors the job form shows for these values, as the create action checks them. */
function schemaErrors(values: Record<string, string>) {
  const parsed = createJobBodySchema.safeParse(jobBodyFromForm({ ...base, ...values }, 'create'));
  return formErrors(parsed.error, jobFormErrorRules(values)).fieldErrors;
}

describe('the job form in its labels’ words', () => {
  it.each<[string, Record<string, string>, Record<string, string>]>([
    [
      'a salary range upside down',
      { salary_min: '90', salary_max: '50' },
      {
        salary_max: 'The maximum must be at least the minimum',
      },
    ],
    [
      'an external form that is no URL',
      { how_to_apply_method: 'form-external', how_to_apply: 'ask' },
      {
        how_to_apply: 'With an external form, how to apply must be an http(s) URL',
      },
    ],
    [
      'an email that is no address',
      { how_to_apply_method: 'email', how_to_apply: 'ask' },
      {
        how_to_apply: 'With email, how to apply must be an email address',
      },
    ],
    [
      'a place typed, not picked',
      { location_id: 'Berlin' },
      { location_id: 'Pick a place from the suggestions' },
    ],
  ])('%s', (_case, values, expected) => {
    expect(schemaErrors(values)).toEqual(expected);
  });

  it('says so when a picked place left the board, and where other services refusals belong', () => {
    const rules = jobFormErrorRules({});
    expect(
      formErrors(invalid('location_id', 'No location x in this organization.'), rules).fieldErrors,
    ).toEqual({
      location_id: 'This place is no longer on your board: pick it again',
    });
    expect(formErrors(invalid('categories.1', 'No category x.'), rules).fieldErrors).toEqual({
      additional_categories: 'No category x.',
    });
  });
});
