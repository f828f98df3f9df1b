// GET and PATCH /api/organization: the organization the API key belongs to, and its board's look.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { organizationSchema, updateOrganizationBodySchema } from '@/lib/organizations/schemas';
import { toOrganizationOut, updateOrganizationSettings } from '@/lib/organizations/service';

const response = z.object({ data: organizationSchema });

const getOrganization = apiRoute(
  {
    method: 'GET',
    path: '/organization',
    operationId: 'getOrganization',
    summary: "Get the API key's organization",
    description:
      'A cheap way to check a key: answers with the organization every other call is scoped to, its `board_url` and its board look.',
    tags: ['Organization'],
    response,
  },
  async ({ organization }) => ({ data: toOrganizationOut(organization) }),
);

const updateOrganization = apiRoute(
  {
    method: 'PATCH',
    path: '/organization',
    operationId: 'updateOrganization',
    summary: "Rename the organization, change its board's look or the sites that may frame its jobs widget",
    description:
      'Send any of `name`, `locale`, `board`, `members`, `embed_origins`. Inside `board` and `members`, fields left out keep their value and null clears one; `embed_origins` replaces the list. The board shows the change within seconds.',
    tags: ['Organization'],
    body: updateOrganizationBodySchema,
    response,
  },
  async ({ db, organization, body }) => ({
    data: toOrganizationOut(await updateOrganizationSettings(db, organization, body)),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: getOrganization,
  PATCH: updateOrganization,
});
