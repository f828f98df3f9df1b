// GET, PATCH and DELETE /api/plans/{id}: one plan.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { deletePlan, getPlan, updatePlan } from '@/lib/plans';
import { deletedPlanSchema, planSchema, updatePlanBodySchema } from '@/lib/plans/schemas';

const params = z.object({ id: z.uuid({ error: 'Expected a plan id (UUID)' }) });

const read = apiRoute(
  {
    method: 'GET',
    path: '/plans/{id}',
    operationId: 'getPlan',
    summary: 'Get a plan',
    description:
      'One plan, archived ones included. Another organization’s plan is a 404 like an unknown one.',
    tags: ['Plans'],
    params,
    response: z.object({ data: planSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await getPlan(db, organization.id, params.id) }),
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/plans/{id}',
    operationId: 'updatePlan',
    summary: 'Update a plan',
    description:
      'Partial update; the stored plan with the changes applied must follow the same rules as a new one. Changes apply to new purchases. Once a payment or subscription refers to the plan, its `kind` and `interval` are fixed (409 `conflict`): create a new plan instead. `is_active: true` restores an archived plan.',
    tags: ['Plans'],
    params,
    body: updatePlanBodySchema,
    response: z.object({ data: planSchema }),
    errors: ['not_found', 'conflict'],
  },
  async ({ db, organization, params, body }) => ({
    data: await updatePlan(db, organization.id, params.id, body),
  }),
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/plans/{id}',
    operationId: 'deletePlan',
    summary: 'Delete or archive a plan',
    description:
      'A plan no payment or subscription refers to is deleted: `data` is `{ id, deleted: true }`. One they refer to is archived instead (`archived_at` set, `is_active` false; left out of lists and off sale, kept for their records): `data` is the archived plan.',
    tags: ['Plans'],
    params,
    response: z.object({ data: z.union([planSchema, deletedPlanSchema]) }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await deletePlan(db, organization.id, params.id) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: read,
  PATCH: update,
  DELETE: remove,
});
