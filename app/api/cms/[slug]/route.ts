// GET /api/cms/{slug}: the collection and its items. POST: insert or upsert an item. DELETE: the collection.
import { z } from 'zod';
import { CMS_READ_CACHE, deleteCollection, listItems, upsertItem } from '@/lib/cms';
import {
  collectionSchema,
  collectionSlugSchema,
  itemListDescription,
  itemListMetaSchema,
  itemSchema,
  listItemsQuerySchema,
  upsertItemBodySchema,
} from '@/lib/cms/schemas';
import { paginationMeta } from '@/lib/core/pagination';
import { apiRoute, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const params = z.object({ slug: collectionSlugSchema });

const list = apiRoute(
  {
    method: 'GET',
    path: '/cms/{slug}',
    operationId: 'listCmsItems',
    summary: 'List the items of a CMS collection',
    description: `Answers the collection with a page of its items (every status unless \`status\` is given). ${itemListDescription} Without \`sort\`, the collection's \`sort_by\`/\`sort_dir\` rules apply; items without the sorted value come last; \`meta.sort\` says what was applied. Answers are cached per organization until one of its collections or items changes; an item whose \`starts_at\` or \`expires_at\` passes without a write may keep its place for up to 30 seconds.`,
    tags: ['CMS'],
    params,
    query: listItemsQuerySchema,
    cache: CMS_READ_CACHE,
    response: z.object({
      collection: collectionSchema,
      items: z.array(itemSchema),
      meta: itemListMetaSchema,
    }),
    errors: ['not_found'],
  },
  async ({ db, organization, params, query }) => {
    const { collection, items, total, sort } = await listItems(db, organization.id, params.slug, query);
    return { collection, items, meta: { pagination: paginationMeta(query, total), sort } };
  },
);

const upsert = apiRoute(
  {
    method: 'POST',
    path: '/cms/{slug}',
    operationId: 'upsertCmsItem',
    summary: 'Insert or upsert a CMS item',
    description:
      "Inserts (201), or with an `id` that exists in this collection replaces its `data` and whichever other fields are sent (200). `data` is validated against the current schema: required fields must have a value, types, options, lengths and ranges are checked, `unique` fields must be free (409 `duplicate_value`), assets and references must exist; unknown fields are dropped and reported in `warnings`; fields without a value take their `default`. Every problem is listed in the 400 `details` (path `data.<field>`). `status` defaults to `draft`; `expires_at` must be after `starts_at`; new items go after the last `position`. `owner_user_id` must be a member of the board or a user of the organization (400 otherwise); erasing that member leaves the item ownerless. An `id` used by another collection's item answers 409 `conflict`.",
    tags: ['CMS'],
    params,
    body: upsertItemBodySchema,
    successStatus: 201,
    response: z.object({ item: itemSchema, warnings: z.array(z.string()) }),
    otherResponses: [
      {
        status: 200,
        description: 'The item existed and was replaced.',
        schema: z.object({ item: itemSchema, warnings: z.array(z.string()) }),
      },
    ],
    errors: ['not_found', 'duplicate_value', 'conflict'],
  },
  async ({ db, organization, params, body }) => {
    const { item, created, warnings } = await upsertItem(db, organization.id, params.slug, body);
    return created ? { item, warnings } : reply(200, { item, warnings });
  },
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/cms/{slug}',
    operationId: 'deleteCmsCollection',
    summary: 'Delete a CMS collection and all its items',
    description:
      'Permanent, in one transaction. Items are removed with their collection without one `cms_item.deleted` event each.',
    tags: ['CMS'],
    params,
    response: z.object({
      collection: z.object({
        slug: z.string(),
        deleted: z.literal(true),
        deleted_items: z.number().int().describe('How many items went with it.'),
      }),
    }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({
    collection: await deleteCollection(db, organization.id, params.slug),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: list,
  POST: upsert,
  DELETE: remove,
});
