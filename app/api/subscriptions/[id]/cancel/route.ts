// POST /api/subscriptions/{id}/cancel: end a subscription at the end of its period, or now.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { cancelSubscription } from '@/lib/payments';
import { cancelSubscriptionBodySchema, subscriptionSchema } from '@/lib/payments/schemas';

const cancel = apiRoute(
  {
    method: 'POST',
    path: '/subscriptions/{id}/cancel',
    operationId: 'cancelSubscription',
    summary: 'Cancel a subscription',
    description:
      '`at_period_end` true (the default) keeps access until `currentPeriodEnd` and sets `cancelAt`; false ends it now (`status` `canceled`). The provider is asked first and its answer recorded. 409 when the subscription has already ended.',
    tags: ['Payments'],
    params: z.object({ id: z.uuid({ error: 'Expected a subscription id (UUID)' }) }),
    body: cancelSubscriptionBodySchema,
    response: z.object({ data: subscriptionSchema }),
    errors: ['not_found', 'conflict'],
  },
  async ({ db, organization, params, body }) => ({
    data: await cancelSubscription(db, organization.id, params.id, body.at_period_end),
  }),
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: cancel });
