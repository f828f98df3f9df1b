// POST /api/webhooks/{id}/test: send a `webhook.test` event to one subscription.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { sendTestEvent } from '@/lib/webhooks/deliveries';
import { webhookDeliverySchema, webhookParams } from '@/lib/webhooks/schemas';

const test = apiRoute(
  {
    method: 'POST',
    path: '/webhooks/{id}/test',
    operationId: 'testWebhook',
    summary: 'Send a test event',
    description:
      'Queues a `webhook.test` event for this subscription alone and answers 202 with its delivery; it is sent at once, signed and retried like any other. Follow it in `GET /webhooks/{id}/deliveries/{delivery_id}`. 409 when the subscription is disabled.',
    tags: ['Webhooks'],
    params: webhookParams,
    successStatus: 202,
    response: z.object({ data: webhookDeliverySchema }),
    errors: ['not_found', 'conflict'],
  },
  async ({ db, organization, params }) => ({ data: await sendTestEvent(db, organization.id, params.id) }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: test });
