import type { CoreContext } from '../platform/context.js';
import type { Module } from './module.js';
import { createUsersService } from './users/users.service.js';
import { usersRoutes } from './users/users.routes.js';
import { userCommands } from './users/users.commands.js';
import { createAuthService } from './auth/auth.service.js';
import { authRoutes } from './auth/auth.routes.js';
import { createApiKeysService } from './api-keys/api-keys.service.js';
import { apiKeysRoutes } from './api-keys/api-keys.routes.js';

/**
 * The composition root of the feature modules: the one place that knows them all and hands each
 * the services it needs. Adding an area means adding it here, not changing the core.
 */
export function createModules(ctx: CoreContext): Module[] {
  const users = createUsersService(ctx);
  const authService = createAuthService(ctx);
  const apiKeys = createApiKeysService(ctx);

  return [
    { name: 'users', routes: usersRoutes(users), commands: userCommands(users) },
    { name: 'auth', routes: authRoutes(authService, ctx.limits) },
    { name: 'api-keys', routes: apiKeysRoutes(apiKeys) },
  ];
}
