// GET /api/analytics/jobs: each job's funnel, from view to apply click to application.
import { z } from 'zod';
import { jobAnalytics } from '@/lib/analytics';
import { jobAnalyticsQuerySchema, jobAnalyticsSchema } from '@/lib/analytics/schemas';
import { paginationMeta, paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const read = apiRoute(
  {
    method: 'GET',
    path: '/analytics/jobs',
    operationId: 'getJobAnalytics',
    summary: 'Visitor analytics per job',
    description:
      '`job_id` is one job id or a comma list (a row each, zeros included); without it, the jobs with any activity in the period, ordered by `sort` (`views` by default) and paginated. `views` are job pages seen by people (bots are not views; cached pages count), `apply_clicks` the apply buttons followed, `applications` those made with the board’s form; `view_to_apply_rate` and `apply_to_application_rate` are percents with one decimal. `sources` are the top 5 by visitors; `timeseries` the views per interval. The same period parameters as GET /analytics.',
    tags: ['Analytics'],
    query: jobAnalyticsQuerySchema,
    response: z.object({
      data: z.array(jobAnalyticsSchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { job_id: jobIds, per_page: perPage, ...rest } = query;
    const { jobs, total } = await jobAnalytics(db, organization.id, { ...rest, jobIds, perPage });
    return { data: jobs, meta: { pagination: paginationMeta(query, total) } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
