import type { Role } from './roles.js';

/** Who is calling, resolved once per request from the bearer token. */
export type Principal =
  | {
      kind: 'user';
      tenantId: string;
      userId: string;
      role: Role;
      scopes: readonly string[];
      expiresAt: Date;
    }
  | {
      kind: 'api_key';
      tenantId: string;
      apiKeyId: string;
      scopes: readonly string[];
      expiresAt: Date | null;
    };

export type PrincipalKind = Principal['kind'];

/** The id an access rule or audit record names for this principal. */
export function principalRef(principal: Principal): { userId: string | null; apiKeyId: string | null } {
  return principal.kind === 'user'
    ? { userId: principal.userId, apiKeyId: null }
    : { userId: null, apiKeyId: principal.apiKeyId };
}
