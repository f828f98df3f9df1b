import { z } from 'zod';
import type { FormErrorRules, FormProblem } from '@/lib/forms';
import { createJobSourceBodySchema, type JobSourceOut } from '@/lib/job-sources/schemas';
import { checkedBody, textFields } from '../form-schema';

/** The source form's inputs; `is_enabled` is a checkbox ("on" when ticked, missing otherwise). */
export const jobSourceFields = [
  'kind',
  'url',
  'company_name',
  'category',
  'status_for_new_jobs',
  'is_enabled',
  'sync_interval_minutes',
] as const;

export type JobSourceFormValues = Record<(typeof jobSourceFields)[number], string>;

export const blankJobSource: JobSourceFormValues = {
  kind: 'greenhouse',
  url: '',
  company_name: '',
  category: '',
  status_for_new_jobs: 'active',
  is_enabled: 'on',
  sync_interval_minutes: '60',
};

export function formValuesFromSource(source: JobSourceOut): JobSourceFormValues {
  return {
    kind: source.kind,
    url: source.url,
    company_name: source.company_name ?? '',
    category: source.category ?? '',
    status_for_new_jobs: source.status_for_new_jobs,
    is_enabled: source.is_enabled ? 'on' : '',
    sync_interval_minutes: String(source.sync_interval_minutes),
  };
}

/** A whole number as typed (digits only), else NaN so the schema refuses it on its input. */
const minutes = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The form's values as the API's body: blank company and category are none, an unticked box is disabled. */
function toBody(values: JobSourceFormValues) {
  return {
    kind: values.kind,
    url: values.url,
    company_name: values.company_name,
    category: values.category.trim() === '' ? null : values.category,
    status_for_new_jobs: values.status_for_new_jobs,
    is_enabled: values.is_enabled !== '',
    sync_interval_minutes: minutes(values.sync_interval_minutes),
  };
}

/** What was left blank or is not a number, in the form's words (before the schema's). */
function ownProblems({ url, sync_interval_minutes }: JobSourceFormValues) {
  return {
    url: url.trim() ? undefined : 'Enter the address of the board’s public jobs endpoint or feed.',
    sync_interval_minutes: sync_interval_minutes.trim()
      ? Number.isNaN(minutes(sync_interval_minutes))
        ? 'Enter a whole number of minutes, such as 60.'
        : undefined
      : 'Enter how often to sync, in minutes.',
  };
}

/** The add form as POST /job-sources' body, checked with the API's own schema. */
export const newJobSourceForm = checkedBody(
  textFields(jobSourceFields),
  toBody,
  createJobSourceBodySchema,
  ownProblems,
);

/**
 * The edit form: every field, held to the same rules as a new source (the API's create schema), and
 * the source's id; the action sends PATCH only what changed.
 */
export const editJobSourceForm = checkedBody(
  textFields(['id', ...jobSourceFields]),
  ({ id, ...values }) => ({ id, ...toBody(values) }),
  createJobSourceBodySchema.extend({ id: z.uuid({ error: 'Unknown job source.' }) }),
  ownProblems,
);

/** The URL check's reason (see assertSourceUrl), as a sentence for the form. */
const refusedUrl = ({ message }: FormProblem) => `This address cannot be imported from: ${message}.`;

export const jobSourceErrorRules: FormErrorRules = {
  fieldWords: { url: { invalid_url: refusedUrl, blocked_target: refusedUrl } },
};
