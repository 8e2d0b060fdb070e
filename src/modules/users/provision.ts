import { randomBytes } from 'node:crypto';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import type { Role } from '../../platform/auth/roles.js';
import { audit } from '../audit/index.js';
import { hashPassword } from './passwords.js';
import { insertUser } from './users.repo.js';
import { userJoined } from './user-events.js';
import type { UserRow } from './users.table.js';

let noPassword: Promise<string> | null = null;
/**
 * The password hash of a user created by a sign-in elsewhere (SSO just in time): a real argon2 hash of 32 random
 * bytes nobody holds, so no password verifies against it and a login attempt costs the same verification as for any
 * account (a cheap refusal would tell who has no password). The user may set one later through a password reset.
 */
function noPasswordHash(): Promise<string> {
  noPassword ??= hashPassword(randomBytes(32).toString('base64url'));
  return noPassword;
}

/**
 * Creates a user without a password in the caller's transaction, for a sign-in that vouches for the person (an
 * identity provider: the user joins `via: 'sso'`). The e-mail must be normalised; `via` names the path in the audit trail. A taken e-mail is the
 * unique violation of users_tenant_id_email_key, which the caller handles.
 */
export async function provisionUser(t: TenantTx, input: { email: string; name: string; role: Role }, via: string): Promise<UserRow> {
  const user = await insertUser(t, { email: input.email, name: input.name.trim().slice(0, 200), passwordHash: await noPasswordHash(), role: input.role });
  await audit(t, 'user.created', { anonymous: true, userId: user.id }, { targetId: user.id, details: { email: input.email, role: input.role, via } });
  await userJoined(t, user, 'sso');
  return user;
}
