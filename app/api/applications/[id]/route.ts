// GET and PATCH /api/applications/{id}: read an application, move it along the pipeline.
import { z } from 'zod';
import { applicationSchema, updateApplicationBodySchema } from '@/lib/applications/schemas';
import { allowedApplicationMoves, getApplication, updateApplicationStatus } from '@/lib/applications/service';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const params = z.object({ id: z.uuid({ error: 'Expected an application id (UUID)' }) });
const response = z.object({ data: applicationSchema });

const read = apiRoute(
  {
    method: 'GET',
    path: '/applications/{id}',
    operationId: 'getApplication',
    summary: 'Get an application',
    description:
      'One application to a job of this organization: the applicant, their answers and the pipeline status. 404 for an id of another organization.',
    tags: ['Applications'],
    params,
    response,
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await getApplication(db, organization.id, params.id) }),
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/applications/{id}',
    operationId: 'updateApplication',
    summary: "Change an application's status",
    description: `Allowed moves: ${Object.entries(allowedApplicationMoves)
      .map(([from, to]) => `${from} → ${to.length ? to.join(', ') : '(final)'}`)
      .join('; ')}. Setting the current status again is a no-op; other moves are 400.`,
    tags: ['Applications'],
    params,
    body: updateApplicationBodySchema,
    response,
    errors: ['not_found'],
  },
  async ({ db, organization, params, body }) => ({
    data: await updateApplicationStatus(db, organization.id, params.id, body.status),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read, PATCH: update });
