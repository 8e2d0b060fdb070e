import type { Role } from './roles.js';
import type { ManifestPermission } from './app-permissions.js';

/**
 * How a user's token family was signed in, when it matters: `sso` for one an SSO sign-in started. It rides in the
 * signed refresh and access tokens (claim `via`), so a tenant that enforces SSO can refuse the others; absent means
 * a password, a code or an invitation.
 */
export type SignedInVia = 'sso';

/** Who is calling, resolved once per request from the bearer token. */
export type Principal =
  | {
      kind: 'user';
      tenantId: string;
      userId: string;
      role: Role;
      /** The role's scopes; for a token issued to an OAuth client, only those the user granted it (role ∩ granted). */
      scopes: readonly string[];
      expiresAt: Date;
      /** Set when the token was issued to an OAuth client (src/modules/oauth): the user acting through that app. */
      clientId?: string;
      /**
       * Set with `clientId`: every scope the user granted the client, as granted (OpenID Connect ones included), for
       * routes that admit such tokens on an OIDC scope (`AuthRequirement.oauth`); `scopes` keeps the API ones.
       */
      grantedScopes?: readonly string[];
      /** Set when the token's family was signed in through SSO. */
      via?: SignedInVia;
    }
  | {
      kind: 'api_key';
      tenantId: string;
      apiKeyId: string;
      scopes: readonly string[];
      expiresAt: Date | null;
    }
  | AppPrincipal;

/**
 * An installed app acting for the user who launched it (app access token). `permissions` are what the
 * installation granted and the user's current role allows; `scopes` are the platform scopes among them,
 * the only ones route scope checks ever see (never `admin`).
 */
export interface AppPrincipal {
  kind: 'app';
  tenantId: string;
  userId: string;
  role: Role;
  installationId: string;
  appId: string;
  /** The manifest version the installation runs now (versions are immutable: a cache key). */
  appVersionId: string;
  permissions: readonly ManifestPermission[];
  scopes: readonly string[];
  expiresAt: Date;
  /** The origin of the installation's entry_url: the only origin CORS answers for this token. */
  origin: string;
}

export type PrincipalKind = Principal['kind'];

/** The id an access rule or audit record names for this principal (an app acts as its user). */
export function principalRef(principal: Principal): { userId: string | null; apiKeyId: string | null } {
  return principal.kind === 'api_key'
    ? { userId: null, apiKeyId: principal.apiKeyId }
    : { userId: principal.userId, apiKeyId: null };
}
