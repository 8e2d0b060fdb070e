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
  launch: 'launch+jwt',
  app: 'app-at+jwt',
} as const;
export type TokenKind = keyof typeof TOKEN_TYPES;

const ALG = 'HS256';

export interface TokenClaims extends JWTPayload {
  sub: string;
  tid: string;
  jti: string;
  exp: number;
  [claim: string]: unknown;
}

export class TokenService {
  constructor(
    private readonly secret: Uint8Array,
    private readonly issuer: string,
    private readonly audience: string,
  ) {}

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
      .setAudience(this.audience)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.secret);
    return { token, jti, expiresAt: new Date(exp * 1000) };
  }

  /** Returns the claims, or null for any invalid, expired, tampered or wrong-kind token. */
  async verify(kind: TokenKind, token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.secret, {
        algorithms: [ALG],
        issuer: this.issuer,
        audience: this.audience,
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
