import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import { mailCommands } from './mail.commands.js';
import { createMailer, type Mailer } from './mailer.js';
import { mailRoutes } from './mail.routes.js';

/** Outgoing mail: the send job (when SMTP is configured), the outbox routes and commands, and the Mailer port. */
export function createMail(ctx: CoreContext): { module: Module; mailer: Mailer } {
  const parts = createMailer(ctx);
  const module: Module = {
    name: 'mail',
    jobs: parts.jobs,
    routes: (app) => mountRoutes(app, mailRoutes()),
    commands: mailCommands(ctx.db),
    stop: async () => parts.stop(),
  };
  return { module, mailer: parts.mailer };
}
