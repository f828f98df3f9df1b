// GET, PATCH and DELETE /api/jobs/{id}: one job of the organization.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { allowedStatusMoves, deleteJob, getJob, JOB_READ_CACHE, updateJob } from '@/lib/jobs';
import { jobSchema, updateJobBodySchema } from '@/lib/jobs/schemas';

const params = z.object({ id: z.uuid({ error: 'Expected a job id (UUID)' }) });
const jobResponse = z.object({ data: jobSchema });

const read = apiRoute(
  {
    method: 'GET',
    path: '/jobs/{id}',
    operationId: 'getJob',
    summary: 'Get a job',
    description:
      'Answers are cached per organization until its jobs or categories change; an active job whose `expires_at` passes may still read as active for up to 30 seconds.',
    tags: ['Jobs'],
    params,
    cache: JOB_READ_CACHE,
    response: jobResponse,
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await getJob(db, organization.id, params.id) }),
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/jobs/{id}',
    operationId: 'updateJob',
    summary: 'Update a job, approve it or take it offline',
    description: `Send only the fields to change. \`status\` moves: ${Object.entries(allowedStatusMoves)
      .map(([from, to]) => `${from} → ${to.join(', ')}`)
      .join(
        '; ',
      )}. pending → active is the approval; → expired takes the job offline; expired → active relists it with a fresh expiry. \`categories\` replaces the job's list (an empty list keeps only the main category).`,
    tags: ['Jobs'],
    params,
    body: updateJobBodySchema,
    response: jobResponse,
    errors: ['not_found'],
  },
  async ({ db, organization, params, body }) => ({
    data: await updateJob(db, organization.id, params.id, body),
  }),
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/jobs/{id}',
    operationId: 'deleteJob',
    summary: 'Delete a job permanently',
    description: 'Cannot be undone; the job’s applications are deleted with it.',
    tags: ['Jobs'],
    params,
    response: z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await deleteJob(db, organization.id, params.id) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: read,
  PATCH: update,
  DELETE: remove,
});
