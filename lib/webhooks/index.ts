// The webhooks domain's public module for other domains: the outbox every write reports to.
export { emitEvent } from './outbox';
