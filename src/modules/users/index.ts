// The users module as other modules see it.
export { createUsers } from './users.module.js';
export type { RevokeSessions } from './users.service.js';
export type { InvitationsService } from './invitations.service.js';
export { activeAdminEmails, findUser, findUserByEmail, findUserProfile, updateUser } from './users.repo.js';
export type { UserRow } from './users.table.js';
export { decoyHash, hashPassword, verifyPassword } from './passwords.js';
export { checkPassword } from './password-policy.js';
export { normaliseEmail } from './validation.js';
export { presentUser } from './users.present.js';
export { provisionUser } from './provision.js';
