// POST /api/webhooks/{id}/deliveries/{delivery_id}/retry: attempt a delivery again now.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { retryDelivery } from '@/lib/webhooks/deliveries';
import { deliveryParams, webhookDeliverySchema } from '@/lib/webhooks/schemas';

const retry = apiRoute(
  {
    method: 'POST',
    path: '/webhooks/{id}/deliveries/{delivery_id}/retry',
    operationId: 'retryWebhookDelivery',
    summary: 'Retry a delivery',
    description:
      'Makes the delivery due now, whatever its state (a succeeded one is sent again, with the same `webhook-id`); answers 202. A delivery that had used up its retries gets this one attempt. 409 when the subscription is disabled.',
    tags: ['Webhooks'],
    params: deliveryParams,
    successStatus: 202,
    response: z.object({ data: webhookDeliverySchema }),
    errors: ['not_found', 'conflict'],
  },
  async ({ db, organization, params }) => ({
    data: await retryDelivery(db, organization.id, params.id, params.delivery_id),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: retry });
