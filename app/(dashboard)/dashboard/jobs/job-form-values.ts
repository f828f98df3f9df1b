// The dashboard's job form around the job forms' one adapter (lib/jobs/job-form.ts): the inputs
// only the dashboard has (a linked place, the website, categories, status and expiry).
import { blankToNull, inputText, jobBodyFromText, jobFormFields, jobFormText } from '@/lib/jobs';
import type { JobOut } from '@/lib/jobs/schemas';

/** The dashboard job form's inputs, by name. Most match the API body; the rest are form-only helpers. */
export const dashboardJobFields = [
  ...jobFormFields,
  // What the editor opens with: the description as HTML (a plain-text one converted for display).
  'description_html',
  // The picked place (see location-picker.tsx): its id, and its name for the chip under the input.
  'location_id',
  'location_label',
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

/** `YYYY-MM-DD` from a date input: the job stays up until the end of that day (UTC). */
const endOfDay = (date: string) => `${date}T23:59:59Z`;

/**
 * Turns the form into the body the API schemas take. On create, blank optional fields are left out
 * (defaults apply); on update every field is sent, blank meaning "clear it", except the expiry,
 * sent only when it changed so that reactivating a job gets a fresh default expiry.
 */
export function jobBodyFromForm(values: JobFormValues, mode: 'create' | 'update'): Record<string, unknown> {
  const body: Record<string, unknown> = {
    ...jobBodyFromText(values),
    location_id: blankToNull(values.location_id),
    company_website: blankToNull(values.company_website),
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
  const expires = job.expires_at ? job.expires_at.slice(0, 10) : '';
  return {
    ...jobFormText(job),
    description_html: job.description_html,
    location_id: inputText(job.location_id),
    // A job answers its location's id only: without the place's name, the chip uses the job's text.
    location_label: job.location_id ? (locationName ?? inputText(job.location)) : '',
    company_website: inputText(job.company_website),
    category: inputText(job.category),
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

/**
 * A new job's form opened from an existing job ("Duplicate"): its text, place, salary, way to apply
 * and categories, not its status or dates. The copy is posted as a new job would be, active and with
 * the board's default expiry, unless the form says otherwise.
 */
export function copyFormValuesFromJob(job: JobOut, locationName: string | null = null): JobFormValues {
  const { status, expires_at, original_expires_at, had_category, ...copied } = formValuesFromJob(
    job,
    locationName,
  );
  return { ...copied, status: 'active' };
}
