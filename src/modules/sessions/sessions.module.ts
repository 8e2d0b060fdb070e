import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import { sessionRoutes } from './sessions.routes.js';
import { createSessionsService, type SessionHooks, type SessionsService } from './sessions.service.js';

/** Browser sessions (the service_session cookie); the OAuth endpoints and SSO read and start them through `service`. */
export function createSessions(ctx: CoreContext, deps: SessionHooks): { module: Module; service: SessionsService } {
  const service = createSessionsService(ctx, deps);
  return { module: { name: 'sessions', routes: (app) => mountRoutes(app, sessionRoutes(service)) }, service };
}
