// Plans: what a board sells (job posts, a job-post allowance, paywall access). Amounts are integers
// in the currency's minor units, as payment providers take them.
import { z } from 'zod';
import { optionalText, plainText } from '@/lib/core/fields';
import { isCurrencyCode } from '@/lib/core/money';
import { paginationQuery } from '@/lib/core/pagination';
import { queryBoolean } from '@/lib/core/query';

export const planKinds = ['job_post', 'job_subscription', 'paywall'] as const;
export const planIntervals = ['one_time', 'month', 'year'] as const;

export type PlanKind = (typeof planKinds)[number];
export type PlanInterval = (typeof planIntervals)[number];

export const MAX_PLAN_AMOUNT = 99_999_999;
export const MAX_JOBS_INCLUDED = 10_000;
export const DEFAULT_JOB_DURATION_DAYS = 30;
export const MAX_JOB_DURATION_DAYS = 365;
export const MAX_TRIAL_DAYS = 730;

const integer = (min: number, max: number) =>
  z
    .number({ error: 'Expected an integer' })
    .int({ error: 'Expected an integer' })
    .min(min, { error: `Must be at least ${min}` })
    .max(max, { error: `Must be at most ${max}` });

const nameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Name is required' })
  .max(200, { error: 'Must be at most 200 characters' });
const kindSchema = z
  .enum(planKinds, { error: 'Expected `job_post`, `job_subscription` or `paywall`' })
  .describe(
    '`job_post`: a one-time pack of job posts; `job_subscription`: job posts every month or year; `paywall`: access to what the board keeps for paying readers.',
  );
const intervalSchema = z
  .enum(planIntervals, { error: 'Expected `one_time`, `month` or `year`' })
  .describe('How often the price is charged: once (`one_time`), every `month` or every `year`.');
const amountSchema = integer(0, MAX_PLAN_AMOUNT).describe(
  'The price in the currency’s minor units, unlike a payment’s `amount`: 4900 is $49.00 in USD, 5000 is ¥5,000 in JPY (no minor unit), 1250 is BHD 1.250 (three decimals).',
);
const currencySchema = z
  .string({ error: 'Expected an ISO 4217 currency code such as USD or EUR' })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { error: 'Expected an ISO 4217 currency code such as USD or EUR' })
  .describe('An ISO 4217 currency code (any case; stored upper case).');
const jobsIncludedSchema = integer(1, MAX_JOBS_INCLUDED).describe(
  'Job posts the plan buys (per period for `job_subscription`); null for `paywall`.',
);
const jobDurationSchema = integer(1, MAX_JOB_DURATION_DAYS).describe(
  'Days a job bought with the plan stays listed. Ignored for `paywall`.',
);
const trialSchema = integer(0, MAX_TRIAL_DAYS).describe(
  'Free days before the first charge; only recurring plans (`month`, `year`) have them.',
);
const featuredSchema = z.boolean().describe('Jobs bought with the plan get featured placement on the board.');
const activeSchema = z
  .boolean()
  .describe('On sale: only active plans show on the board’s pricing page and can be bought.');
const providerPriceSchema = optionalText(255).describe(
  'The payment provider’s price for this plan (a Stripe `price_…`), when it is kept there.',
);

/** What decides whether a plan's fields go together; `undefined` is a value still missing. */
export interface PlanTerms {
  kind: PlanKind;
  interval: PlanInterval | undefined;
  jobs_included: number | null | undefined;
  trial_days: number;
}

/** One field of a plan that does not go with the others. */
export interface PlanProblem {
  field: 'interval' | 'jobs_included' | 'trial_days';
  message: string;
}

/**
 * The rules between kind, interval, job posts and trial. The one copy: POST checks the body,
 * PATCH the stored plan merged with the patch, the dashboard form the same body as POST.
 */
export function planProblems(terms: PlanTerms): PlanProblem[] {
  const problems: PlanProblem[] = [];
  const { kind, interval, jobs_included: jobs } = terms;
  if (kind === 'job_post' && interval !== 'one_time')
    problems.push({
      field: 'interval',
      message: 'A `job_post` plan is paid once: `interval` must be `one_time`.',
    });
  if (kind === 'job_subscription' && (interval === undefined || interval === 'one_time'))
    problems.push({
      field: 'interval',
      message: 'A `job_subscription` plan renews: `interval` must be `month` or `year`.',
    });
  if (kind === 'paywall' && jobs !== null && jobs !== undefined)
    problems.push({
      field: 'jobs_included',
      message: 'A `paywall` plan sells access, not job posts: `jobs_included` must be null.',
    });
  if (kind !== 'paywall' && (jobs === null || jobs === undefined))
    problems.push({
      field: 'jobs_included',
      message: `A \`${kind}\` plan needs \`jobs_included\`: the job posts it buys (at least 1).`,
    });
  if (terms.trial_days > 0 && (interval === 'one_time' || interval === undefined))
    problems.push({
      field: 'trial_days',
      message: 'Only recurring plans (`month` or `year`) have a free trial: `trial_days` must be 0.',
    });
  return problems;
}

/** The interval and job posts a new plan of `kind` gets when they are left out. */
function kindDefaults(kind: PlanKind): Pick<PlanTerms, 'interval' | 'jobs_included'> {
  if (kind === 'job_post') return { interval: 'one_time', jobs_included: 1 };
  if (kind === 'paywall') return { interval: 'month', jobs_included: null };
  return { interval: undefined, jobs_included: undefined };
}

export const createPlanBodySchema = z
  .object({
    name: nameSchema,
    description: optionalText(2000),
    kind: kindSchema,
    amount: amountSchema,
    currency: currencySchema
      .optional()
      .describe(
        'An ISO 4217 currency code (any case; stored upper case). Default: the organization’s payment currency, else USD.',
      ),
    interval: intervalSchema
      .optional()
      .describe(
        '`one_time` for `job_post` (the default there); `month` or `year` for `job_subscription` (required); `paywall` defaults to `month`.',
      ),
    jobs_included: jobsIncludedSchema
      .nullable()
      .optional()
      .describe(
        'Job posts the plan buys: default 1 for `job_post`, required for `job_subscription` (per period), null or absent for `paywall`.',
      ),
    featured: featuredSchema.default(false),
    job_duration_days: jobDurationSchema.default(DEFAULT_JOB_DURATION_DAYS),
    trial_days: trialSchema.default(0),
    is_active: activeSchema.default(true),
    provider_price_id: providerPriceSchema,
  })
  .transform((body, context) => {
    const defaults = kindDefaults(body.kind);
    const terms: PlanTerms = {
      kind: body.kind,
      interval: body.interval ?? defaults.interval,
      jobs_included: body.jobs_included === undefined ? defaults.jobs_included : body.jobs_included,
      trial_days: body.trial_days,
    };
    const problems = planProblems(terms);
    for (const { field, message } of problems) context.addIssue({ code: 'custom', path: [field], message });
    if (problems.length > 0 || !terms.interval) return z.NEVER;
    return {
      ...body,
      description: body.description ?? null,
      provider_price_id: body.provider_price_id ?? null,
      interval: terms.interval,
      jobs_included: terms.jobs_included ?? null,
    };
  });

export const updatePlanBodySchema = z
  .object({
    name: nameSchema.optional(),
    description: optionalText(2000),
    kind: kindSchema.optional(),
    amount: amountSchema.optional(),
    currency: currencySchema.optional(),
    interval: intervalSchema.optional(),
    jobs_included: jobsIncludedSchema.nullable().optional(),
    featured: featuredSchema.optional(),
    job_duration_days: jobDurationSchema.optional(),
    trial_days: trialSchema.optional(),
    is_active: activeSchema
      .optional()
      .describe('On sale or not. `true` on an archived plan restores it (`archived_at` back to null).'),
    provider_price_id: providerPriceSchema,
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one field to change.',
  });

export const listPlansQuerySchema = z.object({
  ...paginationQuery(),
  kind: z.enum(planKinds, { error: 'Expected `job_post`, `job_subscription` or `paywall`' }).optional(),
  is_active: queryBoolean()
    .optional()
    .describe('`true`: only plans on sale; `false`: only plans taken off sale.'),
  include_archived: queryBoolean()
    .default(false)
    .describe(
      'Archived plans (deleted while payments or subscriptions refer to them) are left out unless `true`.',
    ),
});

export const planSchema = z
  .object({
    id: z.uuid(),
    name: plainText(),
    description: plainText().nullable(),
    kind: z.enum(planKinds).describe(kindSchema.description!),
    amount: z.number().int().describe(amountSchema.description!),
    currency: z.string().describe('An ISO 4217 currency code, upper case.'),
    interval: z.enum(planIntervals).describe(intervalSchema.description!),
    jobs_included: z.number().int().nullable().describe(jobsIncludedSchema.description!),
    featured: z.boolean().describe(featuredSchema.description!),
    job_duration_days: z.number().int().describe(jobDurationSchema.description!),
    trial_days: z.number().int().describe(trialSchema.description!),
    is_active: z.boolean().describe(activeSchema.description!),
    provider_price_id: z.string().nullable().describe(providerPriceSchema.description!),
    archived_at: z.iso
      .datetime()
      .nullable()
      .describe(
        'Set when the plan was deleted while payments or subscriptions refer to it: kept for them, no longer on sale.',
      ),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'Plan' });

export const deletedPlanSchema = z.object({ id: z.uuid(), deleted: z.literal(true) });

export type PlanOut = z.infer<typeof planSchema>;
export type CreatePlanInput = z.infer<typeof createPlanBodySchema>;
export type UpdatePlanInput = z.infer<typeof updatePlanBodySchema>;
export type ListPlansQuery = z.infer<typeof listPlansQuerySchema>;
