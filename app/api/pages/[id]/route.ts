// GET, PATCH and DELETE /api/pages/{id}: one page or blog post.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { pageContentRules, pageSchema, updatePageBodySchema } from '@/lib/pages/schemas';
import { deletePage, getPage, updatePage } from '@/lib/pages/service';

const params = z.object({ id: z.uuid({ error: 'Expected a page id (UUID)' }) });

const read = apiRoute(
  {
    method: 'GET',
    path: '/pages/{id}',
    operationId: 'getPage',
    summary: 'Get a page or blog post with its content',
    description:
      'The page with its stored Tiptap JSON, sanitized HTML and plain text, SEO fields and public `url`.',
    tags: ['Pages'],
    params,
    response: z.object({ data: pageSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await getPage(db, organization.id, params.id) }),
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/pages/{id}',
    operationId: 'updatePage',
    summary: 'Update, publish, unpublish or archive a page',
    description: `Send only the fields to change; \`content\` replaces the body. \`status\` moves freely between \`draft\`, \`published\` and \`archived\` (archived pages can return to draft or be published again); the first publication stamps \`published_at\` unless one is sent. ${pageContentRules}`,
    tags: ['Pages'],
    params,
    body: updatePageBodySchema,
    response: z.object({ data: pageSchema, warnings: z.array(z.string()) }),
    errors: ['not_found', 'slug_conflict'],
  },
  async ({ db, organization, params, body }) => {
    const { page, warnings } = await updatePage(db, organization.id, params.id, body);
    return { data: page, warnings };
  },
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/pages/{id}',
    operationId: 'deletePage',
    summary: 'Delete a page or blog post',
    description: 'Deletes the page for good and emits `page.deleted`; its slug becomes free.',
    tags: ['Pages'],
    params,
    response: z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({ data: await deletePage(db, organization.id, params.id) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: read,
  PATCH: update,
  DELETE: remove,
});
