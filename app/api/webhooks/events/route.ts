// GET /api/webhooks/events: every event a subscription can name.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { webhookEventInfoSchema, webhookEventList } from '@/lib/webhooks/schemas';

const list = apiRoute(
  {
    method: 'GET',
    path: '/webhooks/events',
    operationId: 'listWebhookEvents',
    summary: 'List the webhook event types',
    description: 'The closed list of event names; `*` subscribes to all of them, including ones added later.',
    tags: ['Webhooks'],
    response: z.object({ data: z.array(webhookEventInfoSchema) }),
  },
  async () => ({ data: webhookEventList }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list });
