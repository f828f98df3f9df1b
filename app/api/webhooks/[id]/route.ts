// GET, PATCH and DELETE /api/webhooks/{id}: one webhook subscription.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { updateWebhookBodySchema, webhookParams, webhookSchema } from '@/lib/webhooks/schemas';
import {
  deleteSubscription,
  findSubscription,
  toWebhookOut,
  updateSubscription,
} from '@/lib/webhooks/subscriptions';

const read = apiRoute(
  {
    method: 'GET',
    path: '/webhooks/{id}',
    operationId: 'getWebhook',
    summary: 'Get a webhook subscription',
    description:
      'One subscription: its events, target URL, whether it is enabled (and why not), never its secret.',
    tags: ['Webhooks'],
    params: webhookParams,
    response: z.object({ data: webhookSchema }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({
    data: toWebhookOut(await findSubscription(db, organization.id, params.id)),
  }),
);

const update = apiRoute(
  {
    method: 'PATCH',
    path: '/webhooks/{id}',
    operationId: 'updateWebhook',
    summary: 'Enable, disable or retarget a webhook subscription',
    description:
      '`is_enabled: false` stops deliveries (pending ones fail with `subscription_disabled`); `true` enables it again and clears `disabled_reason`. `target_url` and `events` may change too; 409 when another subscription already has the result.',
    tags: ['Webhooks'],
    params: webhookParams,
    body: updateWebhookBodySchema,
    response: z.object({ data: webhookSchema }),
    errors: ['not_found', 'conflict'],
  },
  async ({ db, organization, params, body }) => ({
    data: await updateSubscription(db, organization.id, params.id, body),
  }),
);

const remove = apiRoute(
  {
    method: 'DELETE',
    path: '/webhooks/{id}',
    operationId: 'deleteWebhook',
    summary: 'Delete a webhook subscription and its delivery log',
    description: 'Deletes the subscription; pending deliveries are dropped with its delivery log.',
    tags: ['Webhooks'],
    params: webhookParams,
    response: z.object({ data: z.object({ id: z.uuid(), deleted: z.literal(true) }) }),
    errors: ['not_found'],
  },
  async ({ db, organization, params }) => ({
    data: await deleteSubscription(db, organization.id, params.id),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({
  GET: read,
  PATCH: update,
  DELETE: remove,
});
