// The webhooks domain's public module for other domains: the outbox every write reports to, and
// what the dashboard's overview counts.
export type { WebhookEventType } from './events';
export { countFailingSubscriptions } from './failing';
export { afterOutboxWrite, emitEvent, outboxCtes, type Subscriber, subscribersOf } from './outbox';
