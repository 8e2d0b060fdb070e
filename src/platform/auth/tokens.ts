import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors, type JWTPayload } from 'jose';

/**
 * Every token kind has its own JWT `typ`; a token is verified only as the kind the caller expects,
 * so a refresh token is never a bearer, a viewer token never opens anything but its document, etc.
 */
export const TOKEN_TYPES = {
  access: 'at+jwt',
  refresh: 'rt+jwt',
  viewer: 'viewer+jwt',
  /** Reserved: app launch tokens are opaque and single use (modules/apps), so no JWT of this type is issued. */
  launch: 'launch+jwt',
  app: 'app-at+jwt',
} as const;
export type TokenKind = keyof typeof TOKEN_TYPES;

/**
 * Kinds with an audience of their own (the configured one plus this suffix): an app access token is
 * addressed to the app runtime, so even a verifier that forgot to check `typ` would not take it for a
 * platform access token.
 */
const AUDIENCE_SUFFIX: Partial<Record<TokenKind, string>> = { app: '/app-runtime' };

const ALG = 'HS256';

export interface TokenClaims extends JWTPayload {
  sub: string;
  tid: string;
  jti: string;
  exp: number;
  [claim: string]: unknown;
}

const VERIFIED_CACHE_MAX = 20_000;

export class TokenService {
  /**
   * Tokens already verified, by kind and value: a signature never changes its verdict, so a repeat
   * costs a map lookup instead of an HMAC (expiry is still checked on every use).
   */
  private readonly verified = new Map<string, TokenClaims>();

  constructor(
    private readonly secret: Uint8Array,
    private readonly issuer: string,
    private readonly audience: string,
  ) {}

  /** The `aud` of tokens of this kind. */
  audienceOf(kind: TokenKind): string {
    return this.audience + (AUDIENCE_SUFFIX[kind] ?? '');
  }

  async sign(
    kind: TokenKind,
    claims: { sub: string; tid: string; [claim: string]: unknown },
    ttlSec: number,
  ): Promise<{ token: string; jti: string; expiresAt: Date }> {
    const jti = (claims.jti as string | undefined) ?? randomUUID();
    const now = Math.floor(Date.now() / 1000);
    const exp = now + ttlSec;
    const token = await new SignJWT({ ...claims, jti })
      .setProtectedHeader({ alg: ALG, typ: TOKEN_TYPES[kind] })
      .setIssuer(this.issuer)
      .setAudience(this.audienceOf(kind))
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  /** Returns the claims, or null for any invalid, expired, tampered or wrong-kind token. */
  async verify(kind: TokenKind, token: string): Promise<TokenClaims | null> {
    const cacheKey = `${kind}:${token}`;
    const hit = this.verified.get(cacheKey);
    if (hit) {
      if (hit.exp * 1000 > Date.now()) return hit;
      this.verified.delete(cacheKey);
      return null;
    }
    const claims = await this.verifyUncached(kind, token);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_MAX) this.verified.delete(this.verified.keys().next().value as string);
      this.verified.set(cacheKey, claims);
    }
    return claims;
  }

  private async verifyUncached(kind: TokenKind, token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [ALG],
        issuer: this.issuer,
        audience: this.audienceOf(kind),
        typ: TOKEN_TYPES[kind],
        requiredClaims: ['exp', 'sub', 'jti'],
      });
      if (typeof payload.tid !== 'string') return null;
      return payload as TokenClaims;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
