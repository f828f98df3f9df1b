// POST /api/organization/cms/{slug}/submit?organization=<slug>: a visitor's submission, without a key.
import { z } from 'zod';
import {
  limitPublicCaller,
  MAX_SUBMISSION_BYTES,
  PUBLIC_SUBMISSIONS_PER_MINUTE,
  publicOrganization,
  submitItem,
} from '@/lib/cms';
import {
  collectionSlugSchema,
  HONEYPOT_FIELD,
  publicOrganizationQuerySchema,
  submitItemBodySchema,
  submittedItemSchema,
} from '@/lib/cms/schemas';
import { clientAddress } from '@/lib/http/client-address';
import { apiRoute, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { publicCors } from '@/lib/http/public-cors';
import { requestedOrganizationCorsOrigins } from '@/lib/organizations/service';

const cors = publicCors(requestedOrganizationCorsOrigins);
const submit = apiRoute(
  {
    method: 'POST',
    path: '/organization/cms/{slug}/submit',
    operationId: 'submitCmsItem',
    summary: 'Submit an item to a CMS collection (no key)',
    description: `For public forms: no \`x-api-key\`; \`organization\` is the organization's slug. 403 \`submissions_closed\` unless the collection's \`rules.allow_public_submit\` is true (any visibility: a private collection can collect submissions it does not show). Only \`data\` is read (validated like POST /cms/{slug}); status comes from \`rules.moderation\` (\`auto\`: \`published\`, \`manual\`: \`pending_review\`), and position, owner and dates cannot be set. Emits \`cms_item.created\` and \`cms_item.submitted\`. Abuse controls: ${PUBLIC_SUBMISSIONS_PER_MINUTE} submissions per minute per client address, bodies up to ${MAX_SUBMISSION_BYTES / 1024} KB, and the honeypot \`${HONEYPOT_FIELD}\`: forms render it hidden and a submission that fills it is discarded with 202 and \`item: null\`. Browsers may call it from the origins the organization allows (dashboard Settings).`,
    tags: ['CMS'],
    auth: 'none',
    cors: cors.headers,
    maxBodyBytes: MAX_SUBMISSION_BYTES,
    params: z.object({ slug: collectionSlugSchema }),
    query: publicOrganizationQuerySchema,
    body: submitItemBodySchema,
    successStatus: 201,
    response: z.object({
      item: submittedItemSchema
        .nullable()
        .describe('Null only on the 202 of a discarded (honeypot) submission.'),
      warnings: z.array(z.string()),
    }),
    otherResponses: [
      {
        status: 202,
        description: 'Discarded: the honeypot field was filled.',
        schema: z.object({ item: z.null(), warnings: z.array(z.string()) }),
      },
    ],
    errors: ['not_found', 'submissions_closed', 'duplicate_value', 'rate_limited', 'payload_too_large'],
  },
  async ({ db, request, params, query, body }) => {
    const organization = await publicOrganization(db, query.organization);
    await limitPublicCaller('submit', organization, clientAddress(request.headers));
    if (body[HONEYPOT_FIELD]?.trim()) return reply(202, { item: null, warnings: [] });
    return submitItem(db, organization, params.slug, body.data);
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods(
  { POST: submit },
  { OPTIONS: cors.preflight(['POST']) },
);
