// GET /api/plans: the board's plans, filtered and paginated. POST /api/plans: create one.
import { z } from 'zod';
import { paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { createPlan, listPlans } from '@/lib/plans';
import { createPlanBodySchema, listPlansQuerySchema, planSchema } from '@/lib/plans/schemas';

const list = apiRoute(
  {
    method: 'GET',
    path: '/plans',
    operationId: 'listPlans',
    summary: "List the board's plans",
    description:
      'Oldest first. Plans are what the board sells: job posts to employers (`job_post`, `job_subscription`) and access to readers (`paywall`). `kind` and `is_active` filter; archived plans are left out unless `include_archived=true`.',
    tags: ['Plans'],
    query: listPlansQuerySchema,
    response: z.object({ data: z.array(planSchema), meta: z.object({ pagination: paginationMetaSchema }) }),
  },
  async ({ db, organization, query }) => {
    const { plans, pagination } = await listPlans(db, organization.id, query);
    return { data: plans, meta: { pagination } };
  },
);

const create = apiRoute(
  {
    method: 'POST',
    path: '/plans',
    operationId: 'createPlan',
    summary: 'Create a plan',
    description:
      'Answers 201 with the plan. `amount` is an integer in the currency’s minor units. The fields must go together: a `job_post` plan is `one_time` with at least one job post (defaults: `one_time`, 1); a `job_subscription` plan renews (`month` or `year`) and needs `jobs_included`; a `paywall` plan has no `jobs_included` (interval default `month`); only recurring plans have `trial_days`.',
    tags: ['Plans'],
    body: createPlanBodySchema,
    successStatus: 201,
    response: z.object({ data: planSchema }),
  },
  async ({ db, organization, body }) => ({ data: await createPlan(db, organization.id, body) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: create });
