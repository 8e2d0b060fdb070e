import { OIDC_SCOPES, SCOPES } from '../../platform/auth/scopes.js';

/** API scopes a client may ask for: the API-key scopes (`*` is an alias, never requested). */
const API_SCOPES = SCOPES.filter((s) => s !== '*');
/** The OpenID Connect scopes (platform/auth/scopes.ts) open only the ID token's and userinfo's claims. */
export const KNOWN_SCOPES: readonly string[] = [...OIDC_SCOPES, ...API_SCOPES];

/** What `GET /api/auth/authorize` asks for when the request names no scope (SPEC). */
export const DEFAULT_SCOPE = 'openid profile email';
/** What a client may ask for unless registered otherwise: everything but `admin`, which must be allowed explicitly. */
export const DEFAULT_ALLOWED_SCOPES: readonly string[] = KNOWN_SCOPES.filter((s) => s !== 'admin');

/** `scope` as a set, in request order, without repeats; null when it holds an unknown scope or odd spacing. */
export function parseScope(scope: string): string[] | null {
  const parts = scope.split(' ');
  if (parts.some((p) => p === '' || !KNOWN_SCOPES.includes(p))) return null;
  return [...new Set(parts)];
}

export const joinScope = (scopes: readonly string[]) => scopes.join(' ');

export const covers = (held: readonly string[], wanted: readonly string[]) => wanted.every((s) => held.includes(s));
