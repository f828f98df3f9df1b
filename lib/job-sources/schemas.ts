import { z } from 'zod';
import { categoryNameSchema } from '@/lib/categories/schemas';
import { paginationQuery } from '@/lib/core/pagination';

export const jobSourceKinds = ['greenhouse', 'lever', 'ashby', 'xml'] as const;
export type JobSourceKind = (typeof jobSourceKinds)[number];

export const jobSourceKindLabels: Record<JobSourceKind, string> = {
  greenhouse: 'Greenhouse',
  lever: 'Lever',
  ashby: 'Ashby',
  xml: 'XML feed (Indeed format)',
};

/** Where each kind's public endpoint lives; shown as examples in the docs and the dashboard. */
export const jobSourceUrlExamples: Record<JobSourceKind, string> = {
  greenhouse: 'https://boards-api.greenhouse.io/v1/boards/{token}/jobs?content=true',
  lever: 'https://api.lever.co/v0/postings/{site}?mode=json',
  ashby: 'https://api.ashbyhq.com/posting-api/job-board/{name}?includeCompensation=true',
  xml: 'https://example.com/jobs.xml',
};

export const newJobStatuses = ['active', 'pending'] as const;

export const MIN_SYNC_INTERVAL_MINUTES = 5;
export const MAX_SYNC_INTERVAL_MINUTES = 7 * 24 * 60;

export const jobSourceParams = z.object({ id: z.uuid({ error: 'Expected a job source id (UUID)' }) });

const kindSchema = z.enum(jobSourceKinds, { error: `Expected one of: ${jobSourceKinds.join(', ')}` });

const urlSchema = z
  .string()
  .trim()
  .min(1, { error: 'The URL is required' })
  .max(2_000)
  .describe(
    `The source's public endpoint, e.g. ${Object.values(jobSourceUrlExamples)
      .map((url) => `\`${url}\``)
      .join(', ')}. Absolute https; private and loopback addresses are refused.`,
  );

const companyNameSchema = z
  .string()
  .trim()
  .max(200, { error: 'Must be at most 200 characters' })
  .transform((value) => (value === '' ? null : value))
  .nullable()
  .describe(
    'The company every imported job names, over what the postings say. Without it: the posting’s company (Greenhouse, XML), else the board’s name from the URL.',
  );

const categorySchema = categoryNameSchema
  .nullable()
  .describe('Main category (by name, created when new) of every job imported.');

const statusSchema = z
  .enum(newJobStatuses, { error: 'Expected active or pending' })
  .describe('Status of newly imported jobs: `active` (live at once) or `pending` (awaiting approval).');

const intervalSchema = z
  .number()
  .int({ error: 'Expected a whole number of minutes' })
  .min(MIN_SYNC_INTERVAL_MINUTES, { error: `At least ${MIN_SYNC_INTERVAL_MINUTES} minutes` })
  .max(MAX_SYNC_INTERVAL_MINUTES, { error: `At most ${MAX_SYNC_INTERVAL_MINUTES} minutes (a week)` })
  .describe('How often the background worker syncs the source.');

export const createJobSourceBodySchema = z.object({
  kind: kindSchema,
  url: urlSchema,
  company_name: companyNameSchema.optional(),
  category: categorySchema.optional(),
  status_for_new_jobs: statusSchema.default('active'),
  is_enabled: z.boolean().default(true).describe('Disabled sources are not synced on schedule.'),
  sync_interval_minutes: intervalSchema.default(60),
});

export const updateJobSourceBodySchema = z
  .object({
    kind: kindSchema.optional(),
    url: urlSchema.optional(),
    company_name: companyNameSchema.optional(),
    category: categorySchema.optional(),
    status_for_new_jobs: statusSchema.optional(),
    is_enabled: z.boolean().optional(),
    sync_interval_minutes: intervalSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one field to change',
  });

export const listJobSourcesQuerySchema = z.object(paginationQuery(20));

const count = (what: string) => z.number().int().describe(what);

export const jobSourceRunSchema = z
  .object({
    id: z.uuid(),
    status: z
      .enum(['running', 'succeeded', 'failed'])
      .describe('`running` until `finished_at`; then `failed` when `error` is set.'),
    started_at: z.iso.datetime().describe('When the run was asked for (by `POST /sync` or the schedule).'),
    finished_at: z.iso.datetime().nullable(),
    postings: z
      .number()
      .int()
      .nullable()
      .describe('Postings in the fetched document; null before the fetch, or when it had not changed (304).'),
    created: count('Jobs created.'),
    updated: count('Jobs whose posting changed, updated.'),
    unchanged: count('Postings identical to their job: left untouched (same `updated_at`, no webhook).'),
    expired: count('Jobs whose posting left the source, expired.'),
    failed: count('Postings that could not be imported (see `failures`).'),
    failures: z
      .array(z.object({ external_id: z.string(), message: z.string() }))
      .describe('The first 20 postings that failed, and why.'),
    not_modified: z.boolean().describe('The source answered 304 Not Modified to a conditional request.'),
    error: z
      .string()
      .nullable()
      .describe(
        'Why the run failed (fetch refused or failed, timeout, size limit, HTTP status, unreadable document). A failed run changes no job.',
      ),
  })
  .meta({ id: 'JobSourceRun' });

export const jobSourceSchema = z
  .object({
    id: z.uuid(),
    kind: z.enum(jobSourceKinds),
    url: z.string(),
    company_name: z.string().nullable(),
    category: z.string().nullable(),
    status_for_new_jobs: z.enum(newJobStatuses),
    is_enabled: z.boolean(),
    sync_interval_minutes: z.number().int(),
    jobs: z.number().int().describe('Jobs imported from this source (any status).'),
    last_run: jobSourceRunSchema.nullable().describe('Read-only: the latest run; null before the first.'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'JobSource' });

export type JobSourceOut = z.infer<typeof jobSourceSchema>;
export type JobSourceRunOut = z.infer<typeof jobSourceRunSchema>;
export type CreateJobSourceInput = z.output<typeof createJobSourceBodySchema>;
export type UpdateJobSourceInput = z.output<typeof updateJobSourceBodySchema>;
