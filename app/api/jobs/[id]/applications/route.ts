// POST /api/jobs/{id}/applications: add an application to a job (ATS imports, integrations).
import { z } from 'zod';
import { applicationSchema, createApplicationBodySchema } from '@/lib/applications/schemas';
import { createApplication } from '@/lib/applications/service';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const create = apiRoute(
  {
    method: 'POST',
    path: '/jobs/{id}/applications',
    operationId: 'createApplication',
    summary: 'Add an application to a job',
    description:
      "Answers 201. The board's public apply form creates applications the same way (source `form`).",
    tags: ['Applications'],
    params: z.object({ id: z.uuid({ error: 'Expected a job id (UUID)' }) }),
    body: createApplicationBodySchema,
    successStatus: 201,
    response: z.object({ data: applicationSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params, body }) => ({
    data: await createApplication(db, organization.id, params.id, body),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: create });
