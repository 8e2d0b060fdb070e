import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Mailer } from '../mail/index.js';
import type { Module } from '../module.js';
import { createInvitationsService, type InvitationsService } from './invitations.service.js';
import { userCommands } from './users.commands.js';
import { usersRoutes } from './users.routes.js';
import { createUsersService, type RevokeSessions } from './users.service.js';

export interface UsersModuleDeps {
  /** Ends every way a disabled user is signed in (refresh tokens, browser sessions, OAuth grants). */
  revokeSessions: RevokeSessions;
  mailer: Mailer;
}

/** Users and invitations; the invitee's side of an invitation is the auth module's, which gets `invitations`. */
export function createUsers(ctx: CoreContext, deps: UsersModuleDeps): { module: Module; invitations: InvitationsService } {
  const users = createUsersService({ ...ctx, revokeSessions: deps.revokeSessions });
  const invitations = createInvitationsService({ ...ctx, mailer: deps.mailer });
  const module: Module = { name: 'users', routes: (app) => mountRoutes(app, usersRoutes(users, invitations)), commands: userCommands(users) };
  return { module, invitations };
}
