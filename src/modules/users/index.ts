// The users module as other modules see it.
export { createUsersService, type UsersService, type Actor } from './users.service.js';
export { usersRoutes } from './users.routes.js';
export { userCommands } from './users.commands.js';
export { findUser, findUserByEmail, findUserProfile, updateUser } from './users.repo.js';
export type { UserRow } from './users.table.js';
export { decoyHash, verifyPassword } from './passwords.js';
