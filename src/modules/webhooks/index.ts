// The event log and webhooks as other modules see them: `emitEvent(t, type, data)` (or `emitEvents` for many of one
// type) in the caller's transaction.
export { emitEvent, emitEvents } from './events.js';
export { createWebhooks } from './webhooks.module.js';
