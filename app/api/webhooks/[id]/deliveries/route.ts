// GET /api/webhooks/{id}/deliveries: the subscription's delivery log.
import { z } from 'zod';
import { paginationMeta, paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { listDeliveries } from '@/lib/webhooks/deliveries';
import { listDeliveriesQuerySchema, webhookDeliverySchema, webhookParams } from '@/lib/webhooks/schemas';

const list = apiRoute(
  {
    method: 'GET',
    path: '/webhooks/{id}/deliveries',
    operationId: 'listWebhookDeliveries',
    summary: 'List deliveries of a subscription',
    description:
      "Newest first, with the outcome of each delivery's last attempt and, while it is `pending`, when the next one is due. `status` filters.",
    tags: ['Webhooks'],
    params: webhookParams,
    query: listDeliveriesQuerySchema,
    response: z.object({
      data: z.array(webhookDeliverySchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
    errors: ['not_found'],
  },
  async ({ db, organization, params, query }) => {
    const { deliveries, total } = await listDeliveries(db, organization.id, params.id, query);
    return { data: deliveries, meta: { pagination: paginationMeta(query, total) } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list });
