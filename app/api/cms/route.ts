// GET /api/cms: the organization's collections. POST /api/cms: create or replace one by slug.
import { z } from 'zod';
import { listCollections, upsertCollection } from '@/lib/cms';
import { fieldTypes, MAX_SCHEMA_FIELDS } from '@/lib/cms/fields';
import {
  collectionSchema,
  collectionWithCountsSchema,
  listCollectionsQuerySchema,
  upsertCollectionBodySchema,
} from '@/lib/cms/schemas';
import { paginationMeta, paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';

const list = apiRoute(
  {
    method: 'GET',
    path: '/cms',
    operationId: 'listCmsCollections',
    summary: 'List CMS collections',
    description: 'By name, each with `item_counts` by status.',
    tags: ['CMS'],
    query: listCollectionsQuerySchema,
    response: z.object({
      collections: z.array(collectionWithCountsSchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { collections, total } = await listCollections(db, organization.id, query);
    return { collections, meta: { pagination: paginationMeta(query, total) } };
  },
);

const upsert = apiRoute(
  {
    method: 'POST',
    path: '/cms',
    operationId: 'upsertCmsCollection',
    summary: 'Create or replace a CMS collection',
    description: `Upsert by \`slug\`: 201 when created, 200 when replaced. A replace sets \`name\`, \`description\`, \`schema\` and \`rules\` (omitted rules take their defaults); \`visibility\` and \`required_entitlement\` change only when sent. Stored items are not re-validated: they keep their shape, and new writes are validated against the new schema (\`schema_version\` goes up). Changing the \`type\` of an existing field answers 409 \`field_type_immutable\` unless \`force: true\`; renaming a field is a remove plus an add. At most ${MAX_SCHEMA_FIELDS} fields, names unique. Field types: ${fieldTypes.map((type) => `\`${type}\``).join(', ')}. \`default\` is checked against its field and fills items that have no value for it. A \`reference\` field's \`to\` is \`jobs\`, this collection's slug or another existing collection's.`,
    tags: ['CMS'],
    body: upsertCollectionBodySchema,
    successStatus: 201,
    response: z.object({ collection: collectionSchema }),
    otherResponses: [
      {
        status: 200,
        description: 'The collection existed and was replaced.',
        schema: z.object({ collection: collectionSchema }),
      },
    ],
    errors: ['field_type_immutable'],
  },
  async ({ db, organization, body }) => {
    const { collection, created } = await upsertCollection(db, organization.id, body);
    return created ? { collection } : reply(200, { collection });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: upsert });
