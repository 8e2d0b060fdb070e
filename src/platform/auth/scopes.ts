import type { Role } from './roles.js';

/**
 * API-key scopes of SPEC "Scoped API key", and ours beyond it (`events:read`: the tenant's event log, for a server
 * that reads it instead of, or besides, receiving webhooks); roles map onto the same names (one permission model).
 */
export const SCOPES = [
  'admin',
  '*',
  'documents:read',
  'documents:ingest',
  'knowledge_bases:read',
  'knowledge_bases:write',
  'chat:query',
  'connectors:read',
  'connectors:sync',
  'feedback:read',
  'feedback:write',
  'llm:read',
  'events:read',
] as const;
export type Scope = (typeof SCOPES)[number];

/**
 * OpenID Connect scopes a user may grant an OAuth client besides the API scopes (modules/oauth): they hold no API
 * scope, so they open only the routes that name them in their requirement (`auth.oidc`: userinfo).
 */
export const OIDC_SCOPES = ['openid', 'profile', 'email', 'offline_access'] as const;
export type OidcScope = (typeof OIDC_SCOPES)[number];

const READ: Scope[] = ['documents:read', 'knowledge_bases:read', 'connectors:read', 'feedback:read', 'llm:read', 'chat:query'];
const WRITE: Scope[] = ['documents:ingest', 'knowledge_bases:write', 'connectors:sync', 'feedback:write'];

export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  owner: ['admin'],
  admin: ['admin'],
  member: [...READ, ...WRITE],
  viewer: READ,
};

function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

export function isAdmin(granted: readonly string[]): boolean {
  return granted.includes('admin') || granted.includes('*');
}

/** True when `granted` covers every scope in `required` (`admin` and `*` cover all). */
export function hasScopes(granted: readonly string[], required: readonly Scope[]): boolean {
  if (isAdmin(granted)) return true;
  return required.every((scope) => granted.includes(scope));
}

/** The scopes a principal holds, expanded (admin stays admin: it means everything). */
export function expandScopes(granted: readonly string[]): Scope[] {
  return isAdmin(granted) ? [...SCOPES] : (granted.filter(isScope) as Scope[]);
}

/**
 * What a token issued to an OAuth client may do: the user's role scopes limited to the scopes the user granted the
 * client (`admin` is kept only when both hold it, and then means everything the role allows).
 */
export function limitScopes(roleScopes: readonly string[], granted: readonly string[]): Scope[] {
  const held = new Set(expandScopes(roleScopes));
  return granted.filter((scope): scope is Scope => isScope(scope) && scope !== '*' && held.has(scope));
}
