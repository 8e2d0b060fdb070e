// The audit module as other modules see it: `audit(t, type, actor, event)` in the caller's transaction.
export { audit, type AuditActor } from './audit.js';
export { createAudit } from './audit.module.js';
