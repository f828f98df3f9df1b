// The job forms' text and the API's job body, both ways: one adapter for the dashboard's job form
// and the board's post-a-job form. Their inputs carry the body's field names; what a browser sends
// becomes what the schemas check (blank optional text null, amounts as numbers), and a job becomes
// the text a form opens with. Each form adds its own inputs around these.
import type { JobOut, UpdateJobInput } from './schemas';

/**
 * The job's own fields, the ones both forms hold: all an employer member may change on the board
 * (status, placement and dates are the payment's and the board's).
 */
export const jobFormFields = [
  'title',
  'company_name',
  'location',
  'workplace_type',
  'job_type',
  'description',
  'salary_min',
  'salary_max',
  'salary_currency',
  'salary_period',
  'how_to_apply_method',
  'how_to_apply',
  'contact_email',
] as const satisfies readonly (keyof UpdateJobInput)[];

export type JobFormFields = Pick<UpdateJobInput, (typeof jobFormFields)[number]>;

/** A form's inputs by name, as text. */
export type JobFormText = Record<string, string>;

/** Trimmed text, or null for a blank input. */
export const blankToNull = (value: string | undefined): string | null =>
  value?.trim() ? value.trim() : null;

/** `50,000` → 50000; text that is no number goes on as it is, for the schema to name. */
export function amountOf(value: string | undefined): number | string | null {
  const text = value?.trim().replace(/[,\s]/g, '') ?? '';
  if (text === '') return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : text;
}

/** The body's values for `jobFormFields` from the form's text. */
export function jobBodyFromText(values: JobFormText): Record<(typeof jobFormFields)[number], unknown> {
  return {
    title: values.title ?? '',
    company_name: values.company_name ?? '',
    description: values.description ?? '',
    location: values.location ?? '',
    workplace_type: blankToNull(values.workplace_type) ?? 'on_site',
    job_type: blankToNull(values.job_type),
    salary_min: amountOf(values.salary_min),
    salary_max: amountOf(values.salary_max),
    salary_currency: blankToNull(values.salary_currency),
    salary_period: blankToNull(values.salary_period),
    contact_email: blankToNull(values.contact_email),
    how_to_apply_method: blankToNull(values.how_to_apply_method),
    how_to_apply: blankToNull(values.how_to_apply),
  };
}

/** A value as an input holds it: '' for none. */
export const inputText = (value: string | number | null | undefined): string =>
  value === null || value === undefined ? '' : String(value);

/** The text of `jobFormFields` for a job, to edit it. */
export function jobFormText(job: JobOut): Record<(typeof jobFormFields)[number], string> {
  return {
    title: job.title,
    company_name: job.company_name,
    location: inputText(job.location),
    workplace_type: job.workplace_type,
    job_type: inputText(job.job_type),
    description: job.description,
    salary_min: inputText(job.salary_min),
    salary_max: inputText(job.salary_max),
    salary_currency: inputText(job.salary_currency),
    salary_period: inputText(job.salary_period),
    how_to_apply_method: inputText(job.how_to_apply_method),
    how_to_apply: inputText(job.how_to_apply),
    contact_email: inputText(job.contact_email),
  };
}
