// GET, PATCH and DELETE /api/cms/{slug}/{id}: one item of a CMS collection.
import { z } from 'zod';
import { deleteItem, getItem, updateItem } from '@/lib/cms';
import { collectionSlugSchema, itemSchema, updateItemBodySchema } from '@/lib/cms/schemas';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const params = z.object({
  slug: collectionSlugSchema,
  id: z.uuid({ error: 'Expected an item id (UUID)' }),
});

const read = apiRoute(
  {
    method: 'GET',
    path: '/cms/{slug}/{id}',
    operationId: 'getCmsItem',
    summary: 'Get a CMS item',
    description: '`data` is returned as stored, even when the schema has changed since it was written.',
    tags: ['CMS'],
    params,
    response: z.object({ item: itemSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({
    item: await getItem(db, organization.id, params.slug, params.id),
  }),
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/cms/{slug}/{id}',
    operationId: 'updateCmsItem',
    summary: 'Update a CMS item',
    description:
      'Partial update. `data`, when sent, replaces the whole payload and is validated against the current schema (as on POST); without `data` the stored payload is untouched, even if it no longer matches the schema. `status` may move to any status (approving a submission is `published`). `expires_at` must stay after `starts_at`.',
    tags: ['CMS'],
    params,
    body: updateItemBodySchema,
    response: z.object({ item: itemSchema, warnings: z.array(z.string()) }),
    errors: ['not_found', 'duplicate_value'],
  },
  async ({ db, organization, params, body }) => updateItem(db, organization.id, params.slug, params.id, body),
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/cms/{slug}/{id}',
    operationId: 'deleteCmsItem',
    summary: 'Delete a CMS item',
    description: 'Permanent.',
    tags: ['CMS'],
    params,
    response: z.object({ item: z.object({ id: z.uuid(), deleted: z.literal(true) }) }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({
    item: await deleteItem(db, organization.id, params.slug, params.id),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: read,
  PATCH: update,
  DELETE: remove,
});
