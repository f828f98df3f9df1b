// GET /api/organization: the organization the API key belongs to.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { organizationSchema } from '@/lib/organizations/schemas';
import { toOrganizationOut } from '@/lib/organizations/service';

const getOrganization = apiRoute(
  {
    method: 'GET',
    path: '/organization',
    operationId: 'getOrganization',
    summary: "Get the API key's organization",
    description: 'A cheap way to check a key: answers with the organization every other call is scoped to.',
    tags: ['Organization'],
    response: z.object({ data: organizationSchema }),
  },
  async ({ organization }) => ({ data: toOrganizationOut(organization) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: getOrganization });
