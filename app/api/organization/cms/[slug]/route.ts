// GET /api/organization/cms/{slug}?organization=<slug>: a public collection's live items, without a key.
import { z } from 'zod';
import { limitPublicCaller, listPublicItems, PUBLIC_READS_PER_MINUTE, publicOrganization } from '@/lib/cms';
import {
  collectionSlugSchema,
  itemListDescription,
  itemListMetaSchema,
  publicCollectionSchema,
  publicItemSchema,
  publicListItemsQuerySchema,
} from '@/lib/cms/schemas';
import { paginationMeta } from '@/lib/core/pagination';
import { clientAddress } from '@/lib/http/client-address';
import { apiRoute, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { publicCors } from '@/lib/http/public-cors';
import { requestedOrganizationCorsOrigins } from '@/lib/organizations/service';

const cors = publicCors(requestedOrganizationCorsOrigins);
const list = apiRoute(
  {
    method: 'GET',
    path: '/organization/cms/{slug}',
    operationId: 'listPublicCmsItems',
    summary: 'List the live items of a public CMS collection (no key)',
    description: `For the board's visitors and the organization's own sites: no \`x-api-key\`; \`organization\` is the organization's slug. Only \`published\` items whose \`starts_at\` has passed and whose \`expires_at\` has not, of \`public\` collections; private and gated collections answer 404 like missing ones (gated collections open to members with \`required_entitlement\` once member accounts exist). ${itemListDescription} ${PUBLIC_READS_PER_MINUTE} requests per minute per client address. Browsers may call it from the origins the organization allows (dashboard Settings); CDN-cacheable for 10 s.`,
    tags: ['CMS'],
    auth: 'none',
    cors: cors.headers,
    params: z.object({ slug: collectionSlugSchema }),
    query: publicListItemsQuerySchema,
    response: z.object({
      collection: publicCollectionSchema,
      items: z.array(publicItemSchema),
      meta: itemListMetaSchema,
    }),
    errors: ['not_found', 'rate_limited'],
  },
  async ({ db, request, params, query }) => {
    const organization = await publicOrganization(db, query.organization);
    await limitPublicCaller('read', organization, clientAddress(request.headers));
    const { collection, items, total, sort } = await listPublicItems(db, organization, params.slug, query);
    return reply(
      200,
      { collection, items, meta: { pagination: paginationMeta(query, total), sort } },
      { 'Cache-Control': 'public, max-age=0, s-maxage=10, stale-while-revalidate=50' },
    );
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  { GET: list },
  { OPTIONS: cors.preflight(['GET', 'HEAD']) },
);
