import { z } from 'zod';
import { paginationQuery } from '@/lib/core/pagination';
import { ALL_EVENTS, webhookEventCatalog, webhookEventTypes } from './events';

const eventNameSchema = z
  .enum([ALL_EVENTS, ...webhookEventTypes], {
    error: `Expected \`*\` or one of: ${webhookEventTypes.join(', ')}`,
  })
  .describe('`*` for every event, or an event name (see GET /webhooks/events).');

export const SECRET_MAX_LENGTH = 1_000;

export const webhookParams = z.object({ id: z.uuid({ error: 'Expected a webhook subscription id (UUID)' }) });
export const deliveryParams = webhookParams.extend({
  delivery_id: z.uuid({ error: 'Expected a delivery id (UUID)' }),
});

const secretSchema = z
  .string()
  .min(1, { error: 'The secret cannot be empty' })
  .max(SECRET_MAX_LENGTH)
  .describe(
    'Signing secret. `whsec_<base64>` (Standard Webhooks: the HMAC key is the decoded bytes), any other string (the key is its UTF-8 bytes), or `vault:<name>` to sign with a vault secret resolved at every delivery. Omit it to have one generated and returned once.',
  );

export const targetUrlSchema = z
  .string()
  .trim()
  .max(2_000)
  .describe('Absolute https URL the events are POSTed to; private and loopback addresses are refused.');

export const createWebhookBodySchema = z
  .object({
    event: eventNameSchema.optional(),
    events: z
      .array(eventNameSchema)
      .min(1)
      .max(webhookEventTypes.length + 1)
      .optional()
      .describe('Extension: several events for one target. Use either `event` or `events`.'),
    target_type: z.literal('webhook', { error: 'Expected `webhook`' }).default('webhook'),
    target_url: targetUrlSchema,
    secret: secretSchema.optional(),
  })
  .refine((body) => (body.event === undefined) !== (body.events === undefined), {
    error: 'Send `event` (one event name or `*`) or `events` (a list), not both and not neither.',
    path: ['event'],
  });

export const updateWebhookBodySchema = z
  .object({
    is_enabled: z.boolean().optional(),
    target_url: targetUrlSchema.optional(),
    events: z
      .array(eventNameSchema)
      .min(1)
      .max(webhookEventTypes.length + 1)
      .optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    error: 'Send at least one of `is_enabled`, `target_url`, `events`.',
  });

export const rotateSecretBodySchema = z
  .object({ secret: secretSchema.optional() })
  .optional()
  .describe('Optional: the new secret; omit it to have one generated.');

export const webhookSchema = z
  .object({
    id: z.uuid(),
    event: z.string().describe('The first of `events`: `*` or an event name.'),
    events: z.array(z.string()),
    target_type: z.literal('webhook'),
    target_url: z.string(),
    is_enabled: z.boolean(),
    disabled_reason: z
      .string()
      .nullable()
      .describe(
        'Why Boardkit disabled the subscription (`gone`: the target answered 410; `failing`: 5 days of failed deliveries); null otherwise.',
      ),
    secret_ref: z
      .string()
      .nullable()
      .describe('`vault:<name>` when the secret comes from the vault; null otherwise.'),
    created_at: z.iso.datetime(),
    updated_at: z.iso.datetime(),
  })
  .meta({ id: 'WebhookSubscription' });

export const webhookWithSecretSchema = webhookSchema
  .extend({
    secret: z
      .string()
      .optional()
      .describe('The generated signing secret: returned once, on creation or rotation, and never again.'),
  })
  .meta({ id: 'WebhookSubscriptionWithSecret' });

export const deliveryStatuses = ['pending', 'succeeded', 'failed'] as const;

export const webhookAttemptSchema = z
  .object({
    attempt: z.number().int(),
    started_at: z.iso.datetime(),
    duration_ms: z.number().int(),
    response_status: z.number().int().nullable(),
    response_body: z.string().nullable().describe('The first 4 KB of the response body.'),
    error: z
      .string()
      .nullable()
      .describe(
        '`timeout`, `network_error`, `dns_error`, `blocked_target`, `secret_unavailable`, `too_many_redirects` when no usable response came.',
      ),
    error_detail: z
      .string()
      .nullable()
      .describe('The error in words, e.g. which address was refused and why.'),
  })
  .meta({ id: 'WebhookAttempt' });

export const webhookDeliverySchema = z
  .object({
    id: z.uuid(),
    subscription_id: z.uuid(),
    event_id: z.uuid().describe('Also the `webhook-id` header: the same on every attempt.'),
    event_type: z.string(),
    status: z.enum(deliveryStatuses),
    attempts: z.number().int(),
    response_status: z.number().int().nullable().describe('Of the last attempt.'),
    error: z.string().nullable().describe('Of the last attempt.'),
    latency_ms: z.number().int().nullable().describe('Of the last attempt.'),
    last_attempt_at: z.iso.datetime().nullable(),
    next_attempt_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: 'WebhookDelivery' });

export const webhookDeliveryDetailSchema = webhookDeliverySchema
  .extend({ attempt_log: z.array(webhookAttemptSchema) })
  .meta({ id: 'WebhookDeliveryDetail' });

export const listDeliveriesQuerySchema = z.object({
  ...paginationQuery(20),
  status: z.enum(deliveryStatuses).optional(),
});

export const webhookEventInfoSchema = z.object({
  type: z.string(),
  description: z.string(),
});

export const webhookEventList = Object.entries(webhookEventCatalog).map(([type, description]) => ({
  type,
  description,
}));

export type WebhookOut = z.infer<typeof webhookSchema>;
export type WebhookDeliveryOut = z.infer<typeof webhookDeliverySchema>;
export type CreateWebhookInput = z.infer<typeof createWebhookBodySchema>;
export type UpdateWebhookInput = z.infer<typeof updateWebhookBodySchema>;
