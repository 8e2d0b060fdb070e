import type { Principal } from '../../platform/auth/principal.js';

/**
 * Whether the caller is an owner signed in as themselves. A provider that links existing accounts by e-mail can sign
 * its people in as any user, owners included: creating, changing, turning on and consenting to one is an owner's.
 * An API key is never an owner, whatever its scopes.
 */
export const isOwner = (actor: Principal) => actor.kind === 'user' && actor.role === 'owner';
