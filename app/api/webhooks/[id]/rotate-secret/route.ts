// POST /api/webhooks/{id}/rotate-secret: a new signing secret, the old one still signing for 24 hours.
import { z } from 'zod';
import { apiRoute } from '@/lib/http/handler';
import { routeMethods } from '@/lib/http/methods';
import { rotateSecretBodySchema, webhookParams, webhookWithSecretSchema } from '@/lib/webhooks/schemas';
import { rotateSubscriptionSecret } from '@/lib/webhooks/subscriptions';

const rotate = apiRoute(
  {
    method: 'POST',
    path: '/webhooks/{id}/rotate-secret',
    operationId: 'rotateWebhookSecret',
    summary: "Rotate a subscription's signing secret",
    description:
      'Send `secret` to choose the new one, or no body to have a `whsec_` secret generated (returned once, as `secret`). For 24 hours every delivery is signed with both, so receivers can switch without rejecting events. 409 when the subscription signs with a vault reference: rotate that vault secret instead.',
    tags: ['Webhooks'],
    params: webhookParams,
    body: rotateSecretBodySchema,
    response: z.object({ data: webhookWithSecretSchema }),
    errors: ['not_found', 'conflict'],
  },
  async ({ db, organization, params, body }) => {
    const { subscription, secret } = await rotateSubscriptionSecret(
      db,
      organization.id,
      params.id,
      body?.secret,
    );
    return { data: { ...subscription, secret } };
  },
);

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = routeMethods({ POST: rotate });
