// The mail module as other modules see it: the Mailer port (enqueue in the caller's transaction).
export { createMail } from './mail.module.js';
export type { Mailer } from './mailer.js';

