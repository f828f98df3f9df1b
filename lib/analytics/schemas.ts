// The analytics query API, shaped like Plausible's: periods, intervals, `key==value` filters.
import { z } from 'zod';
import { paginationQuery } from '@/lib/core/pagination';

export const periods = ['day', '7d', '30d', 'month', '12mo', 'custom'] as const;
export const intervals = ['hour', 'day', 'month'] as const;
export const filterKeys = ['page', 'source', 'country', 'device', 'job'] as const;
export type Period = (typeof periods)[number];
export type Interval = (typeof intervals)[number];
export type FilterKey = (typeof filterKeys)[number];

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Expected a date like 2026-11-25' })
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    {
      error: 'Not a calendar date',
    },
  );

/** `page==/jobs;source==Google`: each key once, values as the breakdowns show them. */
const filtersSchema = z
  .string()
  .max(1000)
  .transform((text, ctx) => {
    const filters: Partial<Record<FilterKey, string>> = {};
    for (const part of text.split(';').filter((piece) => piece.trim() !== '')) {
      const match = /^\s*([a-z_]+)\s*==\s*(.+?)\s*$/.exec(part);
      if (!match || !(filterKeys as readonly string[]).includes(match[1]!)) {
        ctx.addIssue({
          code: 'custom',
          message: `Expected key==value with a key of ${filterKeys.join(', ')}; got "${part}"`,
        });
        return z.NEVER;
      }
      filters[match[1] as FilterKey] = match[2]!;
    }
    return filters;
  });

export const periodQuery = {
  period: z
    .enum(periods, { error: `Expected one of: ${periods.join(', ')}` })
    .default('30d')
    .describe(
      '`day` is today; `7d` and `30d` end today; `month` is this calendar month; `12mo` the last 12 months; `custom` needs `date_from` and `date_to`.',
    ),
  date_from: isoDate
    .optional()
    .describe('With `period=custom`: the first day (in the organization’s time zone).'),
  date_to: isoDate.optional().describe('With `period=custom`: the last day, included.'),
  interval: z
    .enum(intervals, { error: `Expected one of: ${intervals.join(', ')}` })
    .optional()
    .describe('Timeseries buckets; default `hour` for `day`, `month` for `12mo`, else `day`.'),
};

export const analyticsQuerySchema = z.object({
  ...periodQuery,
  compare: z
    .enum(['previous_period'], { error: 'Expected previous_period' })
    .optional()
    .describe('Also answer the same numbers for the period just before.'),
  filters: filtersSchema
    .optional()
    .describe('`key==value` pairs joined by `;` (keys: page, source, country, device, job).'),
});

export type AnalyticsQuery = z.output<typeof analyticsQuerySchema>;

const jobIds = z.string().transform((text, ctx) => {
  const ids = text
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  if (ids.length === 0 || ids.length > 100 || ids.some((id) => !uuid.test(id))) {
    ctx.addIssue({ code: 'custom', message: 'Expected one job id (UUID) or up to 100, separated by commas' });
    return z.NEVER;
  }
  return [...new Set(ids.map((id) => id.toLowerCase()))];
});

/** GET /analytics/jobs' page of top jobs, when no job ids are asked for. */
export const TOP_JOBS_PER_PAGE = 20;

export const jobAnalyticsQuerySchema = z.object({
  ...periodQuery,
  ...paginationQuery(TOP_JOBS_PER_PAGE),
  job_id: jobIds.optional().describe('One job id or a comma list; without it, the top jobs by views.'),
  sort: z
    .enum(['views', 'apply_clicks', 'applications'], {
      error: 'Expected views, apply_clicks or applications',
    })
    .default('views')
    .describe('Order of the top-jobs form, highest first.'),
});

export type JobAnalyticsQuery = z.output<typeof jobAnalyticsQuerySchema>;
export type JobAnalyticsSort = JobAnalyticsQuery['sort'];

const metrics = {
  visitors: z.number().int(),
  pageviews: z.number().int(),
  visits: z.number().int(),
  bounce_rate: z.number().int().describe('Percent of visits with at most one page view.'),
  visit_duration: z.number().int().describe('Average visit length in seconds.'),
  job_views: z.number().int(),
  apply_clicks: z.number().int(),
  applications: z.number().int(),
};

const breakdownRow = z.object({ name: z.string(), visitors: z.number().int(), pageviews: z.number().int() });

export const analyticsSchema = z
  .object({
    totals: z.object(metrics),
    comparison: z.object(metrics).nullable(),
    timeseries: z.array(z.object({ date: z.iso.datetime({ offset: true }), ...metrics })),
    breakdowns: z.object({
      pages: z.array(breakdownRow),
      sources: z.array(breakdownRow),
      countries: z.array(breakdownRow),
      devices: z.array(breakdownRow),
      browsers: z.array(breakdownRow),
    }),
  })
  .meta({ id: 'Analytics' });

export type AnalyticsOut = z.infer<typeof analyticsSchema>;
export type Metrics = AnalyticsOut['totals'];

export const jobAnalyticsSchema = z
  .object({
    job_id: z.uuid(),
    title: z.string().nullable().describe('null once the job was deleted.'),
    views: z.number().int(),
    unique_visitors: z.number().int(),
    apply_clicks: z.number().int(),
    applications: z.number().int(),
    view_to_apply_rate: z.number().describe('apply_clicks / views, percent with one decimal.'),
    apply_to_application_rate: z.number().describe('applications / apply_clicks, percent with one decimal.'),
    sources: z.array(z.object({ name: z.string(), visitors: z.number().int() })),
    timeseries: z.array(z.object({ date: z.iso.datetime({ offset: true }), views: z.number().int() })),
  })
  .meta({ id: 'JobAnalytics' });

export type JobAnalyticsOut = z.infer<typeof jobAnalyticsSchema>;
