// GET, PATCH and DELETE /api/companies/{id}: one company.
import { z } from 'zod';
import { deleteCompany, getCompany, updateCompany } from '@/lib/companies';
import { companySchema, updateCompanyBodySchema } from '@/lib/companies/schemas';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { boardUrl } from '@/lib/organizations';

const params = z.object({ id: z.uuid({ error: 'Expected a company id (UUID)' }) });

const read = apiRoute(
  {
    method: 'GET',
    path: '/companies/{id}',
    operationId: 'getCompany',
    summary: 'Get a company',
    description: 'Name, page, logo, website, introduction and job counts.',
    tags: ['Companies'],
    params,
    response: z.object({ data: companySchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({
    data: await getCompany(db, organization.id, params.id, boardUrl(organization)),
  }),
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/companies/{id}',
    operationId: 'updateCompany',
    summary: 'Change a company',
    description:
      'Send only what changes; null clears `logo_url`, `website` or `description`. A new name becomes the `company_name` of its jobs, and unlinked jobs under the new name join. A name or slug another company has is a 409.',
    tags: ['Companies'],
    params,
    body: updateCompanyBodySchema,
    response: z.object({ data: companySchema }),
    errors: ['not_found', 'conflict'],
  },
  async ({ db, organization, params, body }) => ({
    data: await updateCompany(db, organization.id, params.id, body, boardUrl(organization)),
  }),
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/companies/{id}',
    operationId: 'deleteCompany',
    summary: 'Delete a company',
    description: 'Its jobs stay on the board, unlinked, with their `company_name`.',
    tags: ['Companies'],
    params,
    response: z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await deleteCompany(db, organization.id, params.id) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: read,
  PATCH: update,
  DELETE: remove,
});
