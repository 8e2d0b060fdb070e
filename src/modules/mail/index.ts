// The mail module as other modules see it: the Mailer port (enqueue in the caller's transaction).
export { createMail } from './mail.module.js';
export { MAIL_QUEUE, type Mailer, type MailerParts, type MailDelivery } from './mailer.js';
export type { MailData, MailKind } from './templates.js';
