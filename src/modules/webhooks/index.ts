// The event log and webhooks as other modules see them: `emitEvent(t, type, data)` in the caller's transaction.
export { emitEvent, type EventType } from './events.js';
export { createWebhooks } from './webhooks.module.js';
