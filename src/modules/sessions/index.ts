// The sessions module as other modules see it.
export {
  createSessionsService,
  presentSession,
  type ActiveSession,
  type SessionsService,
  type SessionView,
  type StartedSession,
} from './sessions.service.js';
export { sessionRoutes } from './sessions.routes.js';
export { endUserSessions } from './sessions.repo.js';
export { SESSION_COOKIE } from './cookie.js';
