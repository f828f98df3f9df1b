// GET, PATCH and DELETE /api/job-sources/{id}: one job source.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { deleteJobSource, getJobSource, kickJobSources, updateJobSource } from '@/lib/job-sources';
import { jobSourceParams, jobSourceSchema, updateJobSourceBodySchema } from '@/lib/job-sources/schemas';

const read = apiRoute(
  {
    method: 'GET',
    path: '/job-sources/{id}',
    operationId: 'getJobSource',
    summary: 'Get a job source',
    description: 'The source and its latest run (`last_run`): poll it to follow a sync in progress.',
    tags: ['Job sources'],
    params: jobSourceParams,
    response: z.object({ data: jobSourceSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await getJobSource(db, organization.id, params.id) }),
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/job-sources/{id}',
    operationId: 'updateJobSource',
    summary: 'Change a job source',
    description:
      'Send only what changes. A new `kind`, `url`, `company_name` or `category` makes the next sync fetch the whole document again (no conditional request), so every job takes the new mapping.',
    tags: ['Job sources'],
    params: jobSourceParams,
    body: updateJobSourceBodySchema,
    response: z.object({ data: jobSourceSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params, body }) => {
    const source = await updateJobSource(db, organization.id, params.id, body);
    if (body.is_enabled) kickJobSources();
    return { data: source };
  },
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/job-sources/{id}',
    operationId: 'deleteJobSource',
    summary: 'Delete a job source and its runs',
    description:
      'Its jobs stay on the board as they are, no longer synced: their `source_id` becomes null (`external_id` is kept).',
    tags: ['Job sources'],
    params: jobSourceParams,
    response: z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await deleteJobSource(db, organization.id, params.id) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: read,
  PATCH: update,
  DELETE: remove,
});
