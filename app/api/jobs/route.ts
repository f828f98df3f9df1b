// GET /api/jobs: list and filter the organization's jobs. POST /api/jobs: create a job.
import { z } from 'zod';
import { paginationMeta, paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { allowedStatusMoves, createJob, JOB_READ_CACHE, listJobs } from '@/lib/jobs';
import {
  createJobBodySchema,
  DEFAULT_JOB_LIFETIME_DAYS,
  jobFiltersSchema,
  jobSchema,
  listJobsQuerySchema,
} from '@/lib/jobs/schemas';
import { boardUrl } from '@/lib/organizations';

const statusDoc = Object.entries(allowedStatusMoves)
  .map(([from, to]) => `\`${from}\` → ${to.map((s) => `\`${s}\``).join(', ')}`)
  .join('; ');

const list = apiRoute(
  {
    method: 'GET',
    path: '/jobs',
    operationId: 'listJobs',
    summary: "List the organization's jobs",
    description:
      'All filters combine. `search` matches the title, company name and description (English full-text search, plus substring matches in title and company for searches of 3 characters or more); results are then ordered by relevance (title matches first, then company matches, then description-only matches; newest first within each), otherwise newest first. `meta.filters` echoes the filters applied. Answers are cached per organization until its jobs or categories change; an active job whose `expires_at` passes may still be listed as active for up to 30 seconds. `salary_min` filters by yearly salary as GET /salaries annualizes it (see the parameter).',
    tags: ['Jobs'],
    query: listJobsQuerySchema,
    cache: JOB_READ_CACHE,
    response: z.object({
      data: z.array(jobSchema),
      meta: z.object({ pagination: paginationMetaSchema, filters: jobFiltersSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { jobs, total, salaryCurrency } = await listJobs(db, organization, query, {
      boardUrl: boardUrl(organization),
    });
    return {
      data: jobs,
      meta: {
        pagination: paginationMeta(query, total),
        filters: {
          search: query.search || null,
          categories: query.categories ?? [],
          job_types: query.job_types ?? [],
          locations: query.locations ?? [],
          location_id: query.location_id ?? null,
          company_id: query.company_id ?? null,
          is_remote: query.is_remote ?? null,
          posted_within: query.posted_within ?? null,
          date_from: query.date_from?.toISOString() ?? null,
          date_to: query.date_to?.toISOString() ?? null,
          status: query.status ?? null,
          salary_min: query.salary_min ?? null,
          salary_currency: salaryCurrency ?? null,
        },
      },
    };
  },
);

const create = apiRoute(
  {
    method: 'POST',
    path: '/jobs',
    operationId: 'createJob',
    summary: 'Create a job',
    description: `Answers 200 (not 201) with the job. \`status\` defaults to \`active\`; statuses are \`draft\`, \`pending\` (awaiting approval), \`active\` and \`expired\`. An active job is live until \`expires_at\` (default ${DEFAULT_JOB_LIFETIME_DAYS} days after it first becomes active; null never expires). PATCH moves: ${statusDoc}.`,
    tags: ['Jobs'],
    body: createJobBodySchema,
    response: z.object({ data: jobSchema }),
  },
  async ({ db, organization, body }) => ({ data: await createJob(db, organization.id, body) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: create });
