import type { JobOut } from '@/lib/jobs/schemas';

/** The job form's inputs, by name. Most match the API body; the rest are form-only helpers. */
export const jobFormFields = [
  'title',
  'company_name',
  'description',
  // What the editor opens with: the description as HTML (a plain-text one converted for display).
  'description_html',
  'location',
  // The picked place (see location-picker.tsx): its id, and its name for the chip under the input.
  'location_id',
  'location_label',
  'is_remote',
  'job_type',
  'salary_min',
  'salary_max',
  'salary_currency',
  'salary_period',
  'contact_email',
  'how_to_apply',
  'how_to_apply_method',
  'company_website',
  'category',
  'additional_categories',
  'status',
  'expires_at',
  // Edit only: what the job had when the form was opened.
  'original_expires_at',
  'had_category',
] as const;

type JobFormValues = Record<string, string>;

const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

function amount(value: string | undefined): number | string | null {
  const text = value?.trim().replace(/[,\s]/g, '') ?? '';
  if (text === '') return null;
  const number = Number(text);
  // Not a number: hand the text on so the schema reports it.
  return Number.isFinite(number) ? number : text;
}

/** `YYYY-MM-DD` from a date input: the job stays up until the end of that day (UTC). */
const endOfDay = (date: string) => `${date}T23:59:59Z`;

/**
 * Turns the form into the body the API schemas take. On create, blank optional fields are left out
 * (defaults apply); on update every field is sent, blank meaning "clear it", except the expiry,
 * sent only when it changed so that reactivating a job gets a fresh default expiry.
 */
export function jobBodyFromForm(values: JobFormValues, mode: 'create' | 'update'): Record<string, unknown> {
  const body: Record<string, unknown> = {
    title: values.title ?? '',
    company_name: values.company_name ?? '',
    description: values.description ?? '',
    location: values.location ?? '',
    location_id: orNull(values.location_id),
    is_remote: values.is_remote === 'on',
    job_type: orNull(values.job_type),
    salary_min: amount(values.salary_min),
    salary_max: amount(values.salary_max),
    salary_currency: orNull(values.salary_currency),
    salary_period: orNull(values.salary_period),
    contact_email: orNull(values.contact_email),
    how_to_apply: values.how_to_apply ?? '',
    how_to_apply_method: orNull(values.how_to_apply_method),
    company_website: orNull(values.company_website),
  };
  if (values.status) body.status = values.status;

  const category = values.category?.trim() ?? '';
  // A job keeps a main category once filed: on update a blank one is sent so the schema refuses it.
  if (category || (mode === 'update' && values.had_category === 'yes')) body.category = category;
  const additional = (values.additional_categories ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (additional.length > 0 || mode === 'update') body.categories = additional;

  const expires = values.expires_at?.trim() ?? '';
  if (mode === 'create') {
    if (expires) body.expires_at = endOfDay(expires);
  } else if (expires !== (values.original_expires_at ?? '')) {
    body.expires_at = expires ? endOfDay(expires) : null;
  }
  return body;
}

/** The form's values for an existing job; `locationName` names its linked place on the chip. */
export function formValuesFromJob(job: JobOut, locationName: string | null = null): JobFormValues {
  const text = (value: string | number | null) => (value === null ? '' : String(value));
  const expires = job.expires_at ? job.expires_at.slice(0, 10) : '';
  return {
    title: job.title,
    company_name: job.company_name,
    description: job.description,
    description_html: job.description_html,
    location: text(job.location),
    location_id: text(job.location_id),
    // A job answers its location's id only: without the place's name, the chip uses the job's text.
    location_label: job.location_id ? (locationName ?? text(job.location)) : '',
    is_remote: job.is_remote ? 'on' : '',
    job_type: text(job.job_type),
    salary_min: text(job.salary_min),
    salary_max: text(job.salary_max),
    salary_currency: text(job.salary_currency),
    salary_period: text(job.salary_period),
    contact_email: text(job.contact_email),
    how_to_apply: text(job.how_to_apply),
    how_to_apply_method: text(job.how_to_apply_method),
    company_website: text(job.company_website),
    category: text(job.category),
    additional_categories: job.categories
      .filter((category) => category.id !== job.category_id)
      .map((category) => category.name)
      .join(', '),
    status: job.status,
    expires_at: expires,
    original_expires_at: expires,
    had_category: job.category_id ? 'yes' : '',
  };
}
