// GET /api/subscriptions: the organization's subscriptions, newest first.
import { z } from 'zod';
import { paginationMetaSchema } from '@/lib/core/pagination';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { listSubscriptions } from '@/lib/payments';
import { listSubscriptionsQuerySchema, subscriptionSchema } from '@/lib/payments/schemas';

const list = apiRoute(
  {
    method: 'GET',
    path: '/subscriptions',
    operationId: 'listSubscriptions',
    summary: 'List subscriptions',
    description:
      'Newest first, in the spec’s Subscription shape. Filters: `member` (id), `plan` (id), `status` (the provider’s words).',
    tags: ['Payments'],
    query: listSubscriptionsQuerySchema,
    response: z.object({
      data: z.array(subscriptionSchema),
      meta: z.object({ pagination: paginationMetaSchema }),
    }),
  },
  async ({ db, organization, query }) => {
    const { subscriptions, pagination } = await listSubscriptions(db, organization.id, query);
    return { data: subscriptions, meta: { pagination } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ GET: list });
