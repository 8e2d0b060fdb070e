// The mail module as other modules see it: the Mailer port (enqueue in the caller's transaction).
export { createMailer, type Mailer } from './mailer.js';
export { mailCommands } from './mail.commands.js';
export { mailRoutes } from './mail.routes.js';
