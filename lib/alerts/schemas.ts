// Job alerts: an address, an optional search in the board's filter names, and a frequency.
import { z } from 'zod';
import { emailSchema, plainText } from '@/lib/core/fields';
import { paginationQuery } from '@/lib/core/pagination';
import { jobTypes, MAX_SALARY_FILTER, SALARY_FILTER_RULE, SEARCH_TEXT_MAX } from '@/lib/jobs/schemas';

export const alertFrequencies = ['instant', 'daily', 'weekly'] as const;
export const alertStatuses = ['pending', 'active', 'unsubscribed'] as const;

export type AlertFrequency = (typeof alertFrequencies)[number];
export type AlertStatus = (typeof alertStatuses)[number];

const optionalFilter = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .transform((value) => value || null)
    .nullable()
    .optional()
    .transform((value) => value ?? null);

const wholeNumberText = (value: unknown) =>
  typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value === '' ? null : value;

/** A minimum yearly salary: a whole number (or its digits, as a form sends them) from 0 to the plausible maximum. */
const salaryMinSchema = z
  .preprocess(
    wholeNumberText,
    z
      .number({ error: 'Enter a whole number, such as 60000' })
      .int({ error: 'Enter a whole number, such as 60000' })
      .min(0, { error: 'Enter 0 or more' })
      .max(MAX_SALARY_FILTER, { error: `Enter at most ${MAX_SALARY_FILTER.toLocaleString('en-US')}` })
      .nullable(),
  )
  .optional()
  .transform((value) => value ?? null);

/** The search an alert follows: the board's own filter names (lib/board/search-params.ts). */
export const alertSearchSchema = z.object({
  q: optionalFilter(SEARCH_TEXT_MAX),
  category: optionalFilter(100).transform((value) => value?.toLowerCase() ?? null),
  job_type: z
    .enum(jobTypes, { error: `Expected one of ${jobTypes.join(', ')}` })
    .nullable()
    .optional()
    .transform((value) => value ?? null),
  remote: z.boolean().default(false),
  location: optionalFilter(SEARCH_TEXT_MAX),
  salary_min: salaryMinSchema,
});

export type AlertSearch = z.infer<typeof alertSearchSchema>;

export const subscribeAlertSchema = alertSearchSchema.extend({
  email: emailSchema,
  frequency: z.enum(alertFrequencies, { error: 'Choose instant, daily or weekly' }),
});

export type SubscribeAlertInput = z.infer<typeof subscribeAlertSchema>;

export const listAlertsQuerySchema = z.object({
  ...paginationQuery(),
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(320)
    .optional()
    .describe('Only the alerts of this address (exact, case-insensitive).'),
  status: z.enum(alertStatuses, { error: 'Expected `pending`, `active` or `unsubscribed`' }).optional(),
});

export type ListAlertsQuery = z.infer<typeof listAlertsQuerySchema>;

export const alertSchema = z
  .object({
    id: z.uuid(),
    email: z.string(),
    member_id: z.uuid().nullable().describe('The member who made the alert while signed in, if any.'),
    search: z
      .object({
        q: plainText().nullable(),
        category: z.string().nullable().describe('A category slug; its sub-categories match too.'),
        job_type: z.enum(jobTypes).nullable(),
        remote: z.boolean(),
        location: plainText().nullable(),
        salary_min: z
          .number()
          .int()
          .min(0)
          .max(MAX_SALARY_FILTER)
          .nullable()
          .describe(
            `${SALARY_FILTER_RULE} Applied as the board's search applies it, in the board's salary currency when the job is matched; null: any salary, jobs without one included.`,
          ),
      })
      .describe('The board search the alert follows; all null (and `remote` false) follows every new job.'),
    frequency: z
      .enum(alertFrequencies)
      .describe('`instant`: each matching job within a minute of going live; `daily` and `weekly`: digests.'),
    status: z
      .enum(alertStatuses)
      .describe('`pending` until the address confirms (double opt-in); only `active` alerts send.'),
    confirmed_at: z.iso.datetime().nullable(),
    unsubscribed_at: z.iso.datetime().nullable(),
    last_sent_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'JobAlert' });

export type AlertOut = z.infer<typeof alertSchema>;
