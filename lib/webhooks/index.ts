// The webhooks domain's public module for other domains: the outbox every write reports to.
export type { WebhookEventType } from './events';
export { emitEvent } from './outbox';
