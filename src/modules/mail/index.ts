// The mail module as other modules see it: the Mailer port (enqueue in the caller's transaction).
export { createMailer, MAIL_QUEUE, type Mailer, type MailerParts, type MailDelivery } from './mailer.js';
export { mailCommands } from './mail.commands.js';
export { mailRoutes } from './mail.routes.js';
export type { MailData, MailKind } from './templates.js';
