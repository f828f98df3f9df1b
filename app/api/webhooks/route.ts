// GET /api/webhooks: the organization's subscriptions. POST /api/webhooks: subscribe, or return the match.
import { z } from 'zod';
import { paginationMeta, paginationMetaSchema, paginationQuery } from '@/lib/core/pagination';
import { apiRoute, reply } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { webhookDeliveryDocs } from '@/lib/webhooks/docs';
import { createWebhookBodySchema, webhookSchema, webhookWithSecretSchema } from '@/lib/webhooks/schemas';
import { createSubscription, listSubscriptions } from '@/lib/webhooks/subscriptions';

const list = apiRoute(
  {
    method: 'GET',
    path: '/webhooks',
    operationId: 'listWebhooks',
    summary: 'List webhook subscriptions',
    description: 'Newest first. Secrets are never returned here.',
    tags: ['Webhooks'],
    query: z.object(paginationQuery(20)),
    response: z.object({
      data: z.array(webhookSchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { subscriptions, total } = await listSubscriptions(db, organization.id, query);
    return { data: subscriptions, meta: { pagination: paginationMeta(query, total) } };
  },
);

const create = apiRoute(
  {
    method: 'POST',
    path: '/webhooks',
    operationId: 'createWebhook',
    summary: 'Subscribe a URL to events, or return the matching subscription',
    description: `201 with a new subscription; 200 with the existing one when the same events already go to the same \`target_url\` (it is returned unchanged, without its secret). When \`secret\` is omitted a \`whsec_\` secret is generated and returned once, as \`secret\`.\n\n${webhookDeliveryDocs}`,
    tags: ['Webhooks'],
    body: createWebhookBodySchema,
    successStatus: 201,
    response: z.object({ data: webhookWithSecretSchema, meta: z.object({ created: z.boolean() }) }),
    otherResponses: [
      {
        status: 200,
        description: 'A subscription with these events and this target already existed; it is returned.',
        schema: z.object({ data: webhookSchema, meta: z.object({ created: z.literal(false) }) }),
      },
    ],
  },
  async ({ db, organization, body }) => {
    const { subscription, created, secret } = await createSubscription(db, organization.id, body);
    return reply(created ? 201 : 200, { data: { ...subscription, secret }, meta: { created } });
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list, POST: create });
