// The sessions module as other modules see it.
export { createSessionsService, type SessionHooks, type SessionsService } from './sessions.service.js';
export { sessionRoutes } from './sessions.routes.js';
export { endUserSessions } from './sessions.repo.js';
