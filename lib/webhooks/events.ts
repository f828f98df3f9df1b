/**
 * Every event a subscription can name, with when it fires. Later resources add theirs here
 * (`page.published`, `cms_item.created`, ...); this list is what OpenAPI and GET /webhooks/events publish.
 */
export const webhookEventCatalog = {
  'job.created': 'A job was created (any status).',
  'job.updated': 'A job was changed, including status moves.',
  'job.deleted': 'A job was deleted; `data` holds its `id`.',
  'job.approved': 'A pending job became active (the approval).',
  'job.expired': 'A job was taken offline (moved to `expired`).',
  'application.created': 'An application was added to a job.',
  'application.updated': "An application's status changed.",
  'page.created': 'A page or blog post was created.',
  'page.updated': 'A page or blog post was changed.',
  'page.published': 'A page or blog post became published.',
  'page.deleted': 'A page or blog post was deleted; `data` holds its `id`.',
  'asset.created': 'An image was added to the media library.',
  'asset.updated': "An asset's title changed.",
  'asset.deleted': 'An asset was deleted; `data` holds its `id` and the references it broke.',
} as const;

export type WebhookEventType = keyof typeof webhookEventCatalog;

export const webhookEventTypes = Object.keys(webhookEventCatalog) as [
  WebhookEventType,
  ...WebhookEventType[],
];

/** `*` subscribes to every event, including ones added later. */
export const ALL_EVENTS = '*';

/** Sent only by POST /webhooks/{id}/test, to that subscription alone. */
export const TEST_EVENT = 'webhook.test';
