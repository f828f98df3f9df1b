// GET /api/members: the board's members, filtered and paginated. POST /api/members: create or import one.
import { z } from 'zod';
import { paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { createMember, listMembers } from '@/lib/members';
import { createMemberBodySchema, listMembersQuerySchema, memberSchema } from '@/lib/members/schemas';

const list = apiRoute(
  {
    method: 'GET',
    path: '/members',
    operationId: 'listMembers',
    summary: "List the board's members",
    description:
      'Newest first. `search` matches part of the name or email; `role` and `approval_status` filter. Members are the board’s own accounts (job seekers and employers), not dashboard users.',
    tags: ['Members'],
    query: listMembersQuerySchema,
    response: z.object({ data: z.array(memberSchema), meta: z.object({ pagination: paginationMetaSchema }) }),
  },
  async ({ db, organization, query }) => {
    const { members, pagination } = await listMembers(db, organization.id, query);
    return { data: members, meta: { pagination } };
  },
);

const create = apiRoute(
  {
    method: 'POST',
    path: '/members',
    operationId: 'createMember',
    summary: 'Create or import a member',
    description:
      'Answers 201 with the member. An email that already belongs to a member (compared case-insensitively) is a 409 `conflict`. Without `approvalStatus`, a new member is `pending` when the organization approves new members of that role (employers by default), else `approved`. The member signs in on the board with this email.',
    tags: ['Members'],
    body: createMemberBodySchema,
    successStatus: 201,
    response: z.object({ data: memberSchema }),
    errors: ['conflict'],
  },
  async ({ db, organization, body }) => ({ data: await createMember(db, organization.id, body) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: create });
