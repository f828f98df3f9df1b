// GET, PATCH and DELETE /api/authors/{id}: one author.
import { z } from 'zod';
import { authorSchema, deleteAuthorQuerySchema, updateAuthorBodySchema } from '@/lib/authors/schemas';
import { deleteAuthor, findAuthor, toAuthorOut, updateAuthor } from '@/lib/authors/service';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const params = z.object({ id: z.uuid({ error: 'Expected an author id (UUID)' }) });

const read = apiRoute(
  {
    method: 'GET',
    path: '/authors/{id}',
    operationId: 'getAuthor',
    summary: 'Get an author',
    description: 'One author of pages and blog posts: name and avatar URL.',
    tags: ['Authors'],
    params,
    response: z.object({ data: authorSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({
    data: toAuthorOut(await findAuthor(db, organization.id, params.id)),
  }),
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/authors/{id}',
    operationId: 'updateAuthor',
    summary: 'Rename an author or change the picture',
    description: 'Send `name`, `avatar_url` (or null to remove the picture), or both.',
    tags: ['Authors'],
    params,
    body: updateAuthorBodySchema,
    response: z.object({ data: authorSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params, body }) => ({
    data: await updateAuthor(db, organization.id, params.id, body),
  }),
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/authors/{id}',
    operationId: 'deleteAuthor',
    summary: 'Delete an author',
    description:
      'An author who wrote pages is not deleted (409) unless `reassign_to` names another author of the organization, who takes those pages over; `reassigned_pages` says how many moved.',
    tags: ['Authors'],
    params,
    query: deleteAuthorQuerySchema,
    response: z.object({
      data: z.object({ id: z.uuid(), deleted: z.literal(true), reassigned_pages: z.number().int() }),
    }),
    errors: ['not_found', 'conflict'],
  },
  async ({ db, organization, params, query }) => ({
    data: await deleteAuthor(db, organization.id, params.id, { reassignTo: query.reassign_to }),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: read,
  PATCH: update,
  DELETE: remove,
});
