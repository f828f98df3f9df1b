import { z } from 'zod';
import { categoryNameSchema, categoryRefSchema } from '@/lib/categories/schemas';
import { companyRefSchema } from '@/lib/companies/schemas';
import { httpUrl, isoDateTime, optionalText, plainText } from '@/lib/core/fields';
import { paginationQuery } from '@/lib/core/pagination';
import { queryBoolean, queryDate, queryIntInRange, queryList } from '@/lib/core/query';
import { workplaceConflict } from './workplace';

/** Job types and the schema.org JobPosting employmentType each one maps to. */
export const jobTypeEmployment = {
  'full-time': 'FULL_TIME',
  'part-time': 'PART_TIME',
  contract: 'CONTRACTOR',
  freelance: 'CONTRACTOR',
  internship: 'INTERN',
  temporary: 'TEMPORARY',
  volunteer: 'VOLUNTEER',
  seasonal: 'TEMPORARY',
  'per-diem': 'PER_DIEM',
  other: 'OTHER',
} as const;
export type JobType = keyof typeof jobTypeEmployment;
export const jobTypes = Object.keys(jobTypeEmployment) as [JobType, ...JobType[]];

/** How people read each job type, on the board and in the dashboard. */
export const jobTypeLabels: Record<JobType, string> = {
  'full-time': 'Full-time',
  'part-time': 'Part-time',
  contract: 'Contract',
  freelance: 'Freelance',
  internship: 'Internship',
  temporary: 'Temporary',
  volunteer: 'Volunteer',
  seasonal: 'Seasonal',
  'per-diem': 'Per diem',
  other: 'Other',
};

/** Where the work is done: `remote` is 100% remote (Google's TELECOMMUTE); `hybrid` mixes an office and home. */
export const workplaceTypes = ['on_site', 'hybrid', 'remote'] as const;
export type WorkplaceType = (typeof workplaceTypes)[number];
export const workplaceTypeLabels: Record<WorkplaceType, string> = {
  on_site: 'On-site',
  hybrid: 'Hybrid',
  remote: 'Remote',
};

export const salaryPeriods = ['yearly', 'monthly', 'weekly', 'daily', 'hourly'] as const;
export const howToApplyMethods = ['form-external', 'email', 'form-internal'] as const;
/** `pending_payment`: posted on the board and waiting for the payment provider's confirmation. */
export const jobStatuses = ['draft', 'pending', 'active', 'expired', 'pending_payment'] as const;
export type JobStatus = (typeof jobStatuses)[number];
/** What POST and PATCH may set; only a payment moves a job out of `pending_payment`, never into it. */
export const writableJobStatuses = ['draft', 'pending', 'active', 'expired'] as const;

/** A job is live while active and before its expiry; new active jobs expire after this long. */
export const DEFAULT_JOB_LIFETIME_DAYS = 30;

const currencies = new Set(Intl.supportedValuesOf('currency'));

/** Accepts `FULL_TIME`, `full_time`, `Full time` and stores `full-time`. */
export const jobTypeSchema = z.preprocess(
  (value) =>
    typeof value === 'string'
      ? value
          .trim()
          .toLowerCase()
          .replace(/[\s_]+/g, '-')
      : value,
  z.enum(jobTypes, { error: `Expected one of: ${jobTypes.join(', ')}` }),
);

const lowerEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim().toLowerCase() : value),
    z.enum(values, { error: `Expected one of: ${values.join(', ')}` }),
  );

export const jobStatusSchema = lowerEnum(writableJobStatuses);

const email = z.email({ error: 'Expected an email address' }).max(320);
/** The largest amount the salary columns (numeric(14, 2)) hold; larger ones would overflow. */
export const MAX_SALARY_AMOUNT = 999_999_999_999.99;
const amount = z
  .number()
  .nonnegative({ error: 'Must not be negative' })
  .max(MAX_SALARY_AMOUNT, { error: 'At most 999999999999.99' });
const jobFields = {
  title: z.string().trim().min(1, { error: 'Title is required' }).max(200),
  description: z
    .union([
      z.string().trim().min(1, { error: 'Description is required' }).max(100_000),
      z.record(z.string(), z.unknown()).refine((doc) => JSON.stringify(doc).length <= 200_000, {
        error: 'The document is limited to 200 KB',
      }),
    ])
    .describe(
      'Plain text (kept as sent; line breaks and `- ` lists render as such), an HTML string or a Tiptap JSON document (`{ "type": "doc", … }`), like page content: HTML and JSON are stored as sanitized HTML (the page allow-list).',
    ),
  company_name: z
    .string()
    .trim()
    .min(1, { error: 'Company name is required' })
    .max(200)
    .describe(
      'Required on create unless `company_id` is sent. Links the job to the board’s company of that name (any case) when there is one (see /companies).',
    ),
  company_id: z
    .uuid({ error: 'Expected a company id (UUID)' })
    .nullable()
    .optional()
    .describe(
      'A company of this organization (see /companies): the job takes its name and logo. null unlinks the job and keeps its `company_name`.',
    ),
  location: optionalText(200).describe(
    'Free text shown on the listing: a city, "Remote" or a street address.',
  ),
  location_id: z
    .uuid()
    .nullable()
    .optional()
    .describe('A location of this organization (see POST /locations).'),
  is_remote: z
    .boolean()
    .optional()
    .describe('true exactly when `workplace_type` is `remote`; either may be sent.'),
  workplace_type: lowerEnum(workplaceTypes)
    .optional()
    .describe(
      'on_site (the default), hybrid (an office and home: give a location) or remote (100% remote). Sets `is_remote`; sent with it, the two must agree. The board marks a job up for Google for Jobs only when it is remote or has a place (`location` or `location_id`).',
    ),
  job_type: jobTypeSchema.nullable().optional(),
  salary_min: amount.nullable().optional(),
  salary_max: amount.nullable().optional(),
  salary_currency: z
    .string()
    .trim()
    .toUpperCase()
    .refine((code) => currencies.has(code), {
      error: 'Expected an ISO 4217 currency code such as USD or EUR',
    })
    .nullable()
    .optional()
    .describe('An ISO 4217 currency code such as USD or EUR (any case).'),
  salary_period: lowerEnum(salaryPeriods).nullable().optional(),
  contact_email: email.nullable().optional(),
  how_to_apply: optionalText(2000).describe('An application URL for form-external, an address for email.'),
  how_to_apply_method: lowerEnum(howToApplyMethods).nullable().optional(),
  company_website: httpUrl.nullable().optional(),
  status: jobStatusSchema.optional(),
  featured: z
    .boolean()
    .optional()
    .describe('Featured placement: listed first on the board, with a badge (paid plans set it).'),
  category: categoryNameSchema
    .optional()
    .describe('Main category by name; matched case-insensitively or created.'),
  category_id: z.uuid().optional().describe('Main category by id; takes precedence over `category`.'),
  categories: z
    .array(categoryNameSchema)
    .max(20)
    .optional()
    .describe(
      'Category names or ids to file the job under; the first is the main category unless category/category_id is sent.',
    ),
  expires_at: isoDateTime
    .nullable()
    .optional()
    .describe(
      `When the job goes offline; null never expires. Default: ${DEFAULT_JOB_LIFETIME_DAYS} days after it first becomes active.`,
    ),
  published_at: isoDateTime
    .optional()
    .describe('When the job was first posted (for imports); defaults to the moment it first becomes active.'),
};

export interface JobConsistencyInput {
  salary_min?: number | null;
  salary_max?: number | null;
  how_to_apply?: string | null;
  how_to_apply_method?: string | null;
  is_remote?: boolean;
  workplace_type?: WorkplaceType;
}

export interface ConsistencyIssue {
  path: string;
  message: string;
}

/** Rules across fields; the API checks them on the merged job, the dashboard form on its input. */
export function jobConsistencyIssues(job: JobConsistencyInput): ConsistencyIssue[] {
  const issues: ConsistencyIssue[] = [];
  if (job.salary_min != null && job.salary_max != null && job.salary_min > job.salary_max) {
    issues.push({ path: 'salary_max', message: 'salary_max must be at least salary_min' });
  }
  if (
    job.how_to_apply &&
    job.how_to_apply_method === 'form-external' &&
    !httpUrl.safeParse(job.how_to_apply).success
  ) {
    issues.push({ path: 'how_to_apply', message: 'With form-external, how_to_apply must be an http(s) URL' });
  }
  if (job.how_to_apply && job.how_to_apply_method === 'email' && !email.safeParse(job.how_to_apply).success) {
    issues.push({ path: 'how_to_apply', message: 'With email, how_to_apply must be an email address' });
  }
  const workplace = workplaceConflict(job);
  if (workplace) issues.push({ path: 'is_remote', message: workplace });
  return issues;
}

const withConsistency = <T extends z.ZodType<JobConsistencyInput>>(schema: T) =>
  schema.superRefine((job, context) => {
    for (const issue of jobConsistencyIssues(job))
      context.addIssue({ code: 'custom', path: [issue.path], message: issue.message });
  });

export const createJobBodySchema = withConsistency(
  z.object({ ...jobFields, company_name: jobFields.company_name.optional() }),
).superRefine((job, context) => {
  if (job.company_name === undefined && !job.company_id)
    context.addIssue({ code: 'custom', path: ['company_name'], message: 'Company name is required' });
});
export const updateJobBodySchema = z
  .object({
    ...jobFields,
    title: jobFields.title.optional(),
    description: jobFields.description.optional(),
    company_name: jobFields.company_name.optional(),
  })
  .refine((body) => Object.keys(body).length > 0, { error: 'Send at least one field to change' });

export type CreateJobInput = z.output<typeof createJobBodySchema>;
export type UpdateJobInput = z.output<typeof updateJobBodySchema>;

export const postedWithinValues = ['24h', '7d', '14d', '30d', '90d'] as const;

/** The longest search words or place a job search takes: the API's, the board's and an alert's. */
export const SEARCH_TEXT_MAX = 200;

/** Annualized salaries outside this window (inclusive bounds) are implausible (GET /salaries, salary filters). */
export const PLAUSIBLE_ANNUAL_SALARY = { min: 10_000, max: 10_000_000 } as const;

/** The largest minimum yearly salary a filter takes: above the plausible window nothing could match. */
export const MAX_SALARY_FILTER = PLAUSIBLE_ANNUAL_SALARY.max;

/** What a minimum-salary filter means, for the API's documentation and the board's hint. */
export const SALARY_FILTER_RULE =
  "A minimum yearly salary in whole units of the board's salary currency (the `currency` of GET /salaries, its most used one). A job matches when it publishes a salary in that currency (or without a currency), annualized as GET /salaries does it (hourly ×2080, daily ×260, weekly ×52, monthly ×12; a yearly or missing period inferred from the amount), inside the plausible window of 10,000 to 10,000,000 a year, and the upper end of its range (or its only amount) reaches the minimum. Jobs without a salary, in another currency, or with an implausible one are left out; 0 keeps every job with a usable salary.";

export const listJobsQuerySchema = z.object({
  ...paginationQuery(20),
  search: z
    .string()
    .trim()
    .max(SEARCH_TEXT_MAX)
    .optional()
    .describe(
      'Matches title, description and company name (full text, plus substrings of title and company).',
    ),
  job_types: queryList(jobTypeSchema).optional().describe('Comma-separated job types.'),
  locations: queryList(z.string().max(SEARCH_TEXT_MAX))
    .optional()
    .describe(
      "Comma-separated; each matches part of the job's location text or the name or city of its normalized location (`location_id`).",
    ),
  categories: queryList(z.string().max(100))
    .optional()
    .describe('Comma-separated category ids, names or slugs; a main category includes its sub-categories.'),
  location_id: z
    .uuid({ error: 'Expected a location id (UUID)' })
    .optional()
    .describe('Jobs filed under this location (an id from POST /locations).'),
  company_id: z
    .uuid({ error: 'Expected a company id (UUID)' })
    .optional()
    .describe('Jobs linked to this company (see /companies).'),
  is_remote: queryBoolean().optional(),
  posted_within: z
    .enum(postedWithinValues, { error: `Expected one of: ${postedWithinValues.join(', ')}` })
    .optional(),
  date_from: queryDate().optional().describe('Jobs posted on or after this date (UTC).'),
  date_to: queryDate().optional().describe('Jobs posted on or before this date (UTC, inclusive).'),
  status: lowerEnum(jobStatuses)
    .optional()
    .describe('Effective status: an active job past its expiry counts as expired.'),
  salary_min: queryIntInRange(0, MAX_SALARY_FILTER)
    .optional()
    .describe(`${SALARY_FILTER_RULE} A whole number from 0 to ${MAX_SALARY_FILTER}.`),
});

export type ListJobsQuery = z.output<typeof listJobsQuerySchema>;

const iso = z.iso.datetime();

export const jobSchema = z
  .object({
    id: z.uuid(),
    title: plainText(),
    description: z
      .string()
      .describe(
        'As sent: plain text (line breaks kept; escape it when rendering), or sanitized HTML when HTML or a Tiptap document was sent.',
      ),
    description_html: z
      .string()
      .describe(
        'The description as sanitized HTML, ready to render (plain text becomes paragraphs and lists).',
      ),
    company_name: plainText(),
    company_id: z.uuid().nullable().describe('The company record the job is linked to (see /companies).'),
    company: companyRefSchema.nullable().describe('That company: name, page slug and logo.'),
    slug: z.string(),
    url: z
      .string()
      .nullable()
      .describe(
        "The job's public page on the board (`{board_url}/jobs/{slug}`); null while the job is not live.",
      ),
    location: plainText().nullable(),
    location_id: z.uuid().nullable(),
    coordinates: z
      .object({
        latitude: z.number(),
        longitude: z.number(),
        precision: z
          .enum(['address', 'location'])
          .describe(
            'address: the street address in `location` (as geocoded into the shared cache) inside the job’s location; location: the point of `location_id` (a city’s centre, a country’s middle).',
          ),
      })
      .nullable()
      .describe('The map pin, set with `location_id`; null without one or for a remote location.'),
    job_type: z.enum(jobTypes).nullable(),
    employment_type: z.string().nullable().describe('schema.org JobPosting employmentType for job_type.'),
    status: z.enum(jobStatuses).describe('Effective status: an active job past expires_at reads as expired.'),
    is_remote: z.boolean(),
    workplace_type: z
      .enum(workplaceTypes)
      .describe('on_site, hybrid or remote; `is_remote` is true exactly when it is remote.'),
    featured: z.boolean().describe('Listed first on the board, with a badge.'),
    salary_min: z.number().nullable(),
    salary_max: z.number().nullable(),
    salary_currency: z.string().nullable(),
    salary_period: z.enum(salaryPeriods).nullable(),
    contact_email: z.string().nullable(),
    how_to_apply: plainText('A URL, an email address or instructions, by `how_to_apply_method`.').nullable(),
    how_to_apply_method: z.enum(howToApplyMethods).nullable(),
    company_website: z.string().nullable(),
    category: z.string().nullable().describe('Name of the main category.'),
    category_id: z.uuid().nullable(),
    categories: z
      .array(categoryRefSchema)
      .describe('Every category the job is filed under, the main one first.'),
    source_id: z
      .uuid()
      .nullable()
      .describe('Read-only: the job source (see /job-sources) the job was imported from; null otherwise.'),
    external_id: z
      .string()
      .nullable()
      .describe("Read-only: the posting's id in that source, unique per source."),
    published_at: iso.nullable().describe('When the job first became active; the "posted" filters use it.'),
    expires_at: iso.nullable(),
    created_at: iso,
    updated_at: iso,
  })
  .meta({ id: 'Job' });

export type JobOut = z.infer<typeof jobSchema>;

export const jobFiltersSchema = z.object({
  search: z.string().nullable(),
  categories: z.array(z.string()),
  job_types: z.array(z.string()),
  locations: z.array(z.string()),
  location_id: z.string().nullable(),
  company_id: z.string().nullable(),
  is_remote: z.boolean().nullable(),
  posted_within: z.string().nullable(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  status: z.string().nullable(),
  salary_min: z.number().int().nullable(),
  salary_currency: z
    .string()
    .nullable()
    .describe(
      'The currency `salary_min` was read in (the board’s salary currency); null without `salary_min`, or when no live job publishes a salary with a currency.',
    ),
});
