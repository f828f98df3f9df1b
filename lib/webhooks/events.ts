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
  'cms_item.created': 'A CMS item was created (through the API, the dashboard or a public submission).',
  'cms_item.updated': 'A CMS item was changed, including status moves such as approval.',
  'cms_item.deleted': 'A CMS item was deleted; `data` holds its `id` and `collection`.',
  'cms_item.submitted':
    'A visitor submitted a CMS item through the public form (sent after `cms_item.created`).',
  'cms_item.expired': 'A published CMS item passed its `expires_at` and was moved to `expired`.',
  'member.created': 'A board member signed up, or was created or imported through the API.',
  'member.updated': "A member's profile, role or approval status changed.",
  'member.deleted': 'A member was erased; `data` holds its `id`.',
  'payment.succeeded':
    'A payment went through (a checkout or a renewal); `data` holds the `payment`, its `member` and `plan`.',
  'payment.failed': 'A payment was declined; `data` holds the `payment`, its `member` and `plan`.',
  'payment.refunded': 'A payment was refunded in full; `data` holds the `payment`, its `member` and `plan`.',
  'subscription.updated':
    'A subscription started, renewed, changed status or was canceled; `data` holds the `subscription`, its `member` and `plan`.',
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
