// The sessions module as other modules see it.
export { createSessions } from './sessions.module.js';
export type { SessionsService } from './sessions.service.js';
export { endUserSessions } from './sessions.repo.js';
