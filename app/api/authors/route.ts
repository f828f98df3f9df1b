// GET /api/authors: the organization's authors. POST /api/authors: add one.
import { z } from 'zod';
import { authorSchema, createAuthorBodySchema } from '@/lib/authors/schemas';
import { createAuthor, listAuthors } from '@/lib/authors/service';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const list = apiRoute(
  {
    method: 'GET',
    path: '/authors',
    operationId: 'listAuthors',
    summary: 'List authors',
    description: 'Ordered by name.',
    tags: ['Authors'],
    response: z.object({ data: z.array(authorSchema) }),
  },
  async ({ db, organization }) => ({ data: await listAuthors(db, organization.id) }),
);

const create = apiRoute(
  {
    method: 'POST',
    path: '/authors',
    operationId: 'createAuthor',
    summary: 'Add an author',
    description: 'Answers 201 with the author; its `id` is the `author_id` of pages.',
    tags: ['Authors'],
    body: createAuthorBodySchema,
    successStatus: 201,
    response: z.object({ data: authorSchema }),
  },
  async ({ db, organization, body }) => ({ data: await createAuthor(db, organization.id, body) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: create });
