// GET /api/webhooks/{id}/deliveries/{delivery_id}: one delivery with every attempt.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { getDelivery } from '@/lib/webhooks/deliveries';
import { deliveryParams, webhookDeliveryDetailSchema } from '@/lib/webhooks/schemas';

const read = apiRoute(
  {
    method: 'GET',
    path: '/webhooks/{id}/deliveries/{delivery_id}',
    operationId: 'getWebhookDelivery',
    summary: 'Get a delivery and its attempts',
    description:
      'One webhook delivery: its event payload, status, next retry, and every attempt with the receiver’s status code and the first 4 KB of its answer.',
    tags: ['Webhooks'],
    params: deliveryParams,
    response: z.object({ data: webhookDeliveryDetailSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({
    data: await getDelivery(db, organization.id, params.id, params.delivery_id),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: read });
