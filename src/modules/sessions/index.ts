// The sessions module as other modules see it.
export { createSessions } from './sessions.module.js';
export {
  presentSession,
  type ActiveSession,
  type SessionsService,
  type SessionView,
  type StartedSession,
} from './sessions.service.js';
export { endUserSessions } from './sessions.repo.js';
export { SESSION_COOKIE } from './cookie.js';
