import { createHash } from 'node:crypto';
import { SignJWT } from 'jose';
import { hashOpaqueToken, opaqueTokenKind } from '../../platform/auth/opaque-token.js';
import type { TokenService } from '../../platform/auth/tokens.js';
import type { Config } from '../../platform/config.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import type { UserRow } from '../users/index.js';
import { insertRefreshToken } from './grants.repo.js';
import type { OAuthGrantRow } from './oauth.table.js';
import type { SigningKeys } from './signing-keys.js';

/** `ort_` + 32 random bytes; stored as SHA-256; anything else is no refresh token of ours, before any lookup. */
export const REFRESH_TOKEN = opaqueTokenKind('ort');

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token: string;
  scope: string;
  id_token?: string;
}

export interface IssuerDeps {
  tokens: Pick<TokenService, 'sign'>;
  keys: SigningKeys;
  config: Pick<Config, 'accessTokenTtlSec' | 'refreshTokenTtlSec' | 'publicBaseUrl'>;
}

/** OIDC Core §3.1.3.6: the left half of the SHA-256 of the access token, base64url (ES256 hashes with SHA-256). */
export const atHash = (accessToken: string) => createHash('sha256').update(accessToken).digest().subarray(0, 16).toString('base64url');

/** What a grant's tokens are: access tokens that act as the user within the granted scopes, refresh tokens, ID tokens. */
export function createIssuer(deps: IssuerDeps) {
  const { tokens, keys, config } = deps;

  /** An access token of the API's own kind (`at+jwt`) carrying the client, the granted scopes and the grant id. */
  async function accessToken(grant: OAuthGrantRow, user: UserRow, scope = grant.scope): Promise<string> {
    const signed = await tokens.sign('access', { sub: user.id, tid: user.tenantId, role: user.role, cid: grant.clientId, scope, gid: grant.id }, config.accessTokenTtlSec);
    return signed.token;
  }

  async function refreshToken(t: TenantTx, grantId: string, now: Date): Promise<string> {
    const token = REFRESH_TOKEN.create();
    await insertRefreshToken(t, { grantId, tokenHash: hashOpaqueToken(token), createdAt: now, expiresAt: new Date(now.getTime() + config.refreshTokenTtlSec * 1000) });
    return token;
  }

  async function idToken(input: { grant: OAuthGrantRow; user: UserRow; nonce: string | null; accessToken: string }): Promise<string> {
    const { grant, user } = input;
    const scopes = grant.scope.split(' ');
    const key = await keys.active();
    return new SignJWT({
      azp: grant.clientId,
      auth_time: Math.floor(grant.authTime.getTime() / 1000),
      at_hash: atHash(input.accessToken),
      tenant_id: user.tenantId,
      ...(input.nonce !== null ? { nonce: input.nonce } : {}),
      ...(scopes.includes('email') ? { email: user.email } : {}),
      ...(scopes.includes('profile') ? { name: user.name } : {}),
    })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, typ: 'JWT' })
      .setIssuer(config.publicBaseUrl)
      .setSubject(user.id)
      .setAudience(grant.clientId)
      .setIssuedAt()
      .setExpirationTime(`${config.accessTokenTtlSec}s`)
      .sign(key.privateKey);
  }

  /**
   * Loads (or creates) the signing key. Call it before opening a transaction that will sign an ID token: on the
   * embedded database the key's own query could not run while that transaction holds the only connection.
   */
  const prepare = async (): Promise<void> => void (await keys.active());

  return { accessToken, refreshToken, idToken, prepare, accessTokenTtlSec: config.accessTokenTtlSec };
}
export type Issuer = ReturnType<typeof createIssuer>;
