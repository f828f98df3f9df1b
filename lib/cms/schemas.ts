import { z } from 'zod';
import { isoDateTime, plainText } from '@/lib/core/fields';
import { paginationMetaSchema, paginationQuery } from '@/lib/core/pagination';
import { queryList } from '@/lib/core/query';
import { collectionSchemaSchema, MAX_SCHEMA_FIELDS, schemaFieldSchema } from './fields';

export const COLLECTION_SLUG_PATTERN = /^[a-z][a-z0-9_-]{0,63}$/;
export const collectionVisibilities = ['public', 'gated', 'private'] as const;
export const itemStatuses = ['draft', 'pending_review', 'published', 'expired', 'archived'] as const;
export const moderationModes = ['auto', 'manual'] as const;
export const sortDirections = ['asc', 'desc'] as const;
/** Item columns `sort`/`sort_by` can name besides the schema's fields. */
export const itemSortColumns = ['position', 'created_at', 'updated_at', 'starts_at', 'expires_at'] as const;

export type CollectionVisibility = (typeof collectionVisibilities)[number];
export type ItemStatus = (typeof itemStatuses)[number];

export const collectionSlugSchema = z.string({ error: 'A slug is required' }).regex(COLLECTION_SLUG_PATTERN, {
  error: 'Use a lowercase letter, then up to 63 lowercase letters, digits, `_` or `-` (e.g. `events`)',
});

export const rulesSchema = z
  .object({
    allow_public_submit: z
      .boolean()
      .default(false)
      .describe('Permits unauthenticated POST /organization/cms/{slug}/submit.'),
    moderation: z
      .enum(moderationModes, { error: 'Expected `auto` or `manual`' })
      .default('manual')
      .describe('`auto`: a public submission is published at once; `manual`: it waits in `pending_review`.'),
    sort_by: z
      .string()
      .default('created_at')
      .describe(`Default sort of item lists: ${itemSortColumns.join(', ')}, or a field name of the schema.`),
    sort_dir: z.enum(sortDirections, { error: 'Expected `asc` or `desc`' }).default('desc'),
  })
  .meta({ id: 'CmsCollectionRules' });

export type CollectionRules = z.output<typeof rulesSchema>;

export const upsertCollectionBodySchema = z.object({
  slug: collectionSlugSchema,
  name: z.string({ error: 'A name is required' }).trim().min(1, { error: 'A name is required' }).max(200),
  description: z.string().trim().max(2_000).nullable().optional(),
  schema: collectionSchemaSchema.describe(
    `The fields of the collection's items, at most ${MAX_SCHEMA_FIELDS}.`,
  ),
  visibility: z
    .enum(collectionVisibilities, { error: 'Expected `public`, `gated` or `private`' })
    .optional()
    .describe('Default `private` on create; kept when omitted on replace.'),
  rules: rulesSchema.prefault({}),
  required_entitlement: z
    .string()
    .trim()
    .max(100)
    .nullable()
    .optional()
    .describe(
      'For `gated` collections: the member entitlement that unlocks them. Kept when omitted on replace.',
    ),
  force: z
    .boolean()
    .default(false)
    .describe('Allow changing the `type` of existing fields (stored items keep their old values).'),
});

export type UpsertCollectionInput = z.output<typeof upsertCollectionBodySchema>;

const itemCountsSchema = z.object({
  total: z.number().int(),
  ...Object.fromEntries(itemStatuses.map((status) => [status, z.number().int()])),
}) as z.ZodObject<Record<'total' | ItemStatus, z.ZodNumber>>;

export const collectionSchema = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    name: plainText(),
    description: plainText().nullable(),
    visibility: z.enum(collectionVisibilities),
    schema: z.array(schemaFieldSchema),
    schema_version: z.number().int().describe('Goes up by one with every change of `schema`.'),
    rules: rulesSchema,
    required_entitlement: z.string().nullable(),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'CmsCollection' });

export const collectionWithCountsSchema = collectionSchema
  .extend({ item_counts: itemCountsSchema.describe('Items by status, and in all.') })
  .meta({ id: 'CmsCollectionWithCounts' });

export type CollectionOut = z.infer<typeof collectionSchema>;
export type CollectionWithCountsOut = z.infer<typeof collectionWithCountsSchema>;
export type ItemCounts = z.infer<typeof itemCountsSchema>;

export const listCollectionsQuerySchema = z.object({ ...paginationQuery(50) });

export const itemSchema = z
  .object({
    id: z.uuid(),
    collection: z.string().describe('The slug of the collection.'),
    data: z.record(z.string(), z.unknown()),
    status: z.enum(itemStatuses),
    starts_at: z.iso.datetime().nullable(),
    expires_at: z.iso.datetime().nullable(),
    position: z.number().int(),
    owner_user_id: z.uuid().nullable(),
    source: z.enum(['api', 'dashboard', 'submission']).describe('How the item was created.'),
    schema_version: z.number().int().describe('The schema version `data` was last validated against.'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'CmsItem' });

export type ItemOut = z.infer<typeof itemSchema>;

const dataSchema = z
  .record(z.string(), z.unknown(), { error: 'Expected an object of field values' })
  .describe(
    'Field values, validated against the schema: required fields must be present, unknown fields are dropped, defaults fill fields without a value.',
  );
const statusSchema = z.enum(itemStatuses, { error: `Expected one of: ${itemStatuses.join(', ')}` });
const positionSchema = z
  .number({ error: 'Expected an integer' })
  .int({ error: 'Expected an integer' })
  .min(-1_000_000_000)
  .max(1_000_000_000);

const schedule = {
  starts_at: isoDateTime.nullable().optional().describe('Hidden from public lists before this moment.'),
  expires_at: isoDateTime.nullable().optional().describe('Hidden from public lists from this moment.'),
};

export const upsertItemBodySchema = z.object({
  id: z
    .uuid({ error: 'Expected a UUID' })
    .optional()
    .describe(
      'Upsert: replaces the item with this id when it exists in this collection; 409 when it is an item of another collection. An id unknown to this organization creates the item under it (or, should another organization already hold that id, under a new one: read `item.id` from the answer).',
    ),
  data: dataSchema,
  status: statusSchema.optional().describe('Default `draft` on insert; kept when omitted on upsert.'),
  ...schedule,
  position: positionSchema.optional().describe('Default: after the last item.'),
  owner_user_id: z.uuid({ error: 'Expected a UUID' }).nullable().optional(),
});

export const updateItemBodySchema = z
  .object({
    data: dataSchema
      .optional()
      .describe('Replaces the whole payload when sent, validated against the current schema.'),
    status: statusSchema.optional(),
    ...schedule,
    position: positionSchema.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one field to change.',
  });

export type UpsertItemInput = z.output<typeof upsertItemBodySchema>;
export type UpdateItemInput = z.output<typeof updateItemBodySchema>;

/** Item list filters shared by the keyed and the public list. `data.<field>=value` filters come on top. */
const itemListQuery = {
  ...paginationQuery(20),
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .describe('Matches the text fields (case-insensitive substring).'),
  sort: z
    .string()
    .trim()
    .max(70)
    .optional()
    .describe(
      `${itemSortColumns.join(', ')} or a field name; prefix \`-\` for descending. Default: the collection's \`sort_by\`/\`sort_dir\` rules.`,
    ),
};

export const listItemsQuerySchema = z
  .object({
    ...itemListQuery,
    status: queryList(statusSchema, itemStatuses.length)
      .optional()
      .describe('One status or a comma-separated list.'),
  })
  .catchall(z.string());

export const publicListItemsQuerySchema = z
  .object({
    organization: z.string({ error: 'Name the board: ?organization=<organization slug>' }).min(1).max(100),
    ...itemListQuery,
  })
  .catchall(z.string());

export type ListItemsQuery = z.output<typeof listItemsQuerySchema>;
export type PublicListItemsQuery = z.output<typeof publicListItemsQuerySchema>;

/** For the OpenAPI descriptions of the keyed and the public item lists. */
export const itemListDescription =
  'Filters combine: `search` matches the text fields, and `data.<field>=<value>` (e.g. `data.city=Berlin`, `data.remote=true`, `data.tags=go`) keeps items whose field equals the value (for multi-select fields: includes it); an unknown field is 400. Numbers, booleans and date-times are compared as such.';

export const itemListMetaSchema = z.object({
  pagination: paginationMetaSchema,
  sort: z.object({ by: z.string(), dir: z.enum(sortDirections) }),
});

export const publicItemSchema = itemSchema
  .pick({
    id: true,
    data: true,
    position: true,
    starts_at: true,
    expires_at: true,
    created_at: true,
    updated_at: true,
  })
  .meta({ id: 'CmsPublicItem' });

export const publicCollectionSchema = collectionSchema
  .pick({ slug: true, name: true, description: true, schema: true })
  .extend({ allow_public_submit: z.boolean() })
  .meta({ id: 'CmsPublicCollection' });

export type PublicItemOut = z.infer<typeof publicItemSchema>;
export type PublicCollectionOut = z.infer<typeof publicCollectionSchema>;

export const HONEYPOT_FIELD = '_gotcha';

export const submitItemBodySchema = z.object({
  data: dataSchema,
  [HONEYPOT_FIELD]: z
    .string()
    .max(1_000)
    .optional()
    .describe(
      'Honeypot: leave it out or empty. Forms render it hidden; a submission that fills it is discarded.',
    ),
});

export const publicOrganizationQuerySchema = z.object({
  organization: z.string({ error: 'Name the board: ?organization=<organization slug>' }).min(1).max(100),
});

export const submittedItemSchema = publicItemSchema
  .extend({
    status: z
      .enum(['published', 'pending_review'])
      .describe('`pending_review` until a moderator approves it, under manual moderation.'),
  })
  .meta({ id: 'CmsSubmittedItem' });

export type SubmittedItemOut = z.infer<typeof submittedItemSchema>;
