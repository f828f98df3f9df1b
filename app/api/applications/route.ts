// GET /api/applications: applications to the organization's jobs, newest first.
import { z } from 'zod';
import { applicationSchema, listApplicationsQuerySchema } from '@/lib/applications/schemas';
import { listApplications } from '@/lib/applications/service';
import { paginationMeta, paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const list = apiRoute(
  {
    method: 'GET',
    path: '/applications',
    operationId: 'listApplications',
    summary: 'List applications',
    description:
      'Applications to this organization’s jobs, newest first, filtered by job and status, with pagination.',
    tags: ['Applications'],
    query: listApplicationsQuerySchema,
    response: z.object({
      data: z.array(applicationSchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { applications, total } = await listApplications(db, organization.id, query);
    return { data: applications, meta: { pagination: paginationMeta(query, total) } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list });
