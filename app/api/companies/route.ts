// GET /api/companies: the board's companies. POST /api/companies: add one.
import { z } from 'zod';
import { createCompany, listCompanies } from '@/lib/companies';
import { companySchema, createCompanyBodySchema, listCompaniesQuerySchema } from '@/lib/companies/schemas';
import { paginationMeta, paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { boardUrl } from '@/lib/organizations';

const list = apiRoute(
  {
    method: 'GET',
    path: '/companies',
    operationId: 'listCompanies',
    summary: 'List companies',
    description: 'Ordered by name, with how many jobs each has and how many of them the board lists now.',
    tags: ['Companies'],
    query: listCompaniesQuerySchema,
    response: z.object({
      data: z.array(companySchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { companies, total } = await listCompanies(db, organization.id, boardUrl(organization), query);
    return { data: companies, meta: { pagination: paginationMeta(query, total) } };
  },
);

const create = apiRoute(
  {
    method: 'POST',
    path: '/companies',
    operationId: 'createCompany',
    summary: 'Add a company',
    description:
      'Answers 201 with the company; its page on the board is `url`. Jobs of the board whose `company_name` is this name (any case) and that have no company join it. A name or slug another company has is a 409.',
    tags: ['Companies'],
    body: createCompanyBodySchema,
    successStatus: 201,
    response: z.object({ data: companySchema }),
    errors: ['conflict'],
  },
  async ({ db, organization, body }) => ({
    data: await createCompany(db, organization.id, body, boardUrl(organization)),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: create });
