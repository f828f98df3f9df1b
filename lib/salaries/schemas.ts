import { z } from 'zod';

/** Salary periods the statistics know, longest first; anything else counts as missing. */
export const salaryPeriods = ['yearly', 'monthly', 'weekly', 'daily', 'hourly'] as const;
export type SalaryPeriod = (typeof salaryPeriods)[number];

const annualFigure = (what: string) =>
  z.number().int().describe(`${what}, annualized, rounded to a whole number (halves away from zero).`);

export const salaryDistributionSchema = z
  .object({
    count: z.number().int().min(1).describe('Jobs in the group.'),
    min: annualFigure('Lowest salary bound of any job in the group'),
    max: annualFigure('Highest salary bound of any job in the group'),
    avg: annualFigure('Mean of the jobs’ midpoints'),
    p25: annualFigure('25th percentile of the jobs’ midpoints (linear interpolation)'),
    median: annualFigure('Median of the jobs’ midpoints (linear interpolation)'),
    p75: annualFigure('75th percentile of the jobs’ midpoints (linear interpolation)'),
  })
  .meta({ id: 'SalaryDistribution' });

export type SalaryDistribution = z.infer<typeof salaryDistributionSchema>;

export const salaryCategoryRowSchema = z
  .object({
    id: z.uuid().describe('Category id.'),
    name: z.string().describe('Category name.'),
    slug: z.string().describe('Category slug.'),
    ...salaryDistributionSchema.shape,
  })
  .meta({ id: 'SalaryCategoryRow' });

export const salaryValueRowSchema = z
  .object({
    value: z.string().describe('The grouped value, trimmed.'),
    ...salaryDistributionSchema.shape,
  })
  .meta({ id: 'SalaryValueRow' });

const periodCount = (period: SalaryPeriod) =>
  z.number().int().min(0).describe(`Counted jobs whose effective period is ${period}.`);

export const salaryStatsSchema = z
  .object({
    currency: z
      .string()
      .nullable()
      .describe(
        'The dominant currency (upper-cased): the one most live salaried jobs name, ties alphabetically. ' +
          'Null when no live job publishes salary data, or when none of them names a currency.',
      ),
    total_active_jobs: z
      .number()
      .int()
      .min(0)
      .describe('Live jobs (active, unexpired), with or without salary.'),
    salaried_jobs: z
      .number()
      .int()
      .min(0)
      .describe('Live jobs feeding the statistics: salary published, dominant currency, plausible.'),
    excluded_other_currency: z
      .number()
      .int()
      .min(0)
      .describe('Live jobs publishing a salary in a currency other than the dominant one.'),
    excluded_implausible: z
      .number()
      .int()
      .min(0)
      .describe('Live dominant-currency jobs with an annualized salary bound outside 10,000..10,000,000.'),
    periods: z
      .object({
        yearly: periodCount('yearly'),
        monthly: periodCount('monthly'),
        weekly: periodCount('weekly'),
        daily: periodCount('daily'),
        hourly: periodCount('hourly'),
      })
      .describe('Counted jobs by effective period (after inference); every key is always present.'),
    overall: salaryDistributionSchema
      .nullable()
      .describe('Distribution over all counted jobs; null when `salaried_jobs` is 0.'),
    by_category: z
      .array(salaryCategoryRowSchema)
      .max(100)
      .describe(
        'Per category a job is filed under; a main category also counts its sub-categories’ jobs (once each).',
      ),
    by_job_type: z.array(salaryValueRowSchema).max(20).describe('Per job type (trimmed; blank excluded).'),
    by_location: z
      .array(salaryValueRowSchema)
      .max(15)
      .describe('Per location text (trimmed, case-sensitive; blank excluded).'),
  })
  .meta({ id: 'SalaryStatistics' });

export type SalaryStats = z.infer<typeof salaryStatsSchema>;
