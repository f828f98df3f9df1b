// GET /api/salaries: salary statistics of the organization's live jobs.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { salaryStatsSchema } from '@/lib/salaries/schemas';
import { getSalaryStats, SALARY_CACHE_TTL_MS } from '@/lib/salaries/service';

const description = `Aggregated salaries of the organization's live jobs. How the figures are made:

1. **Live jobs only**: \`status\` is \`active\` and \`expires_at\` is empty or in the future. A live job counts
   as *salaried* when it publishes \`salary_min\`, \`salary_max\` or both. \`total_active_jobs\` counts every
   live job, salaried or not.
2. **Currency**: currencies are compared trimmed and upper-cased. The dominant currency is the one named
   by the most salaried live jobs (plausible or not), ties broken alphabetically. Jobs without a currency
   vote for none and are taken to be in the dominant one. Jobs in any other currency are left out and
   counted in \`excluded_other_currency\`. When no salaried job names a currency, \`currency\` is null and
   the figures are computed from the jobs without one; when no live job publishes a salary, \`currency\`
   and \`overall\` are both null.
3. **Period**: \`hourly\`, \`daily\`, \`weekly\` and \`monthly\` (any case, spaces trimmed) are trusted. A
   period that is \`yearly\`, missing or unrecognized is inferred from the job's midpoint as published:
   below 500 is hourly, below 10,000 is monthly, otherwise yearly. \`periods\` counts the counted jobs by
   this effective period and always carries all five keys.
4. **Annualizing**: hourly x2080, daily x260, weekly x52, monthly x12, yearly x1.
5. **Bounds**: a job's low is the smaller and its high the larger of the bounds it publishes; a job with only
   a minimum or only a maximum contributes that one value as its low, its high and its midpoint. The
   midpoint is (low + high) / 2.
6. **Plausibility**: a job counts only when every bound it publishes, annualized, lies within 10,000 to
   10,000,000 inclusive; otherwise it is left out and counted once in \`excluded_implausible\`. Only jobs in
   the dominant currency are checked. So \`salaried_jobs + excluded_other_currency + excluded_implausible\`
   is the number of salaried live jobs.
7. **Distribution** of a group of counted jobs: \`count\`; \`min\`, the smallest low; \`max\`, the largest high;
   \`avg\`, the mean of the midpoints; \`p25\`, \`median\`, \`p75\`, percentiles of the midpoints by linear
   interpolation between the closest ranks (PostgreSQL \`percentile_cont\`). Every figure is rounded to a
   whole number at the end, halves away from zero.
8. **Breakdowns**: \`by_category\` groups by every category a job is filed under, a main category also
   taking its sub-categories' jobs (each job once per group); \`by_job_type\` by job type and
   \`by_location\` by the location text, both trimmed and case-sensitive, blank or missing values left out.
   A group appears only with at least 3 counted jobs. Rows are ordered by \`count\` descending, then by
   name or value ascending (ASCII letters compared case-insensitively), and capped at 100, 20 and 15 rows.
9. **Caching**: the figures are cached per organization. Any job or category change shows at once, but a
   job whose expiry passes may keep counting for up to 60 seconds.
10. A database failure answers 500 with code \`db_error\`.`;

const getSalaryStatistics = apiRoute(
  {
    method: 'GET',
    path: '/salaries',
    operationId: 'getSalaryStatistics',
    summary: "Salary statistics of the organization's live jobs",
    description,
    tags: ['Salaries'],
    cache: { ttlMs: SALARY_CACHE_TTL_MS, maxBytes: 1024 * 1024 },
    response: z.object({ data: salaryStatsSchema }),
    errors: ['db_error'],
  },
  async ({ db, organization }) => ({ data: await getSalaryStats(db, organization) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getSalaryStatistics });
