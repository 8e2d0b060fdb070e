import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * Hostile tokens for the security suites: each is refused by a correct verifier, and each would be
 * accepted by a careless one (no algorithm pinning, no signature check, no typ/iss/aud check).
 */
const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An unsigned JWT (`alg: none`) carrying otherwise valid access-token claims. */
export function algNoneToken(claims: { sub: string; tid: string; [claim: string]: unknown }, typ = 'at+jwt'): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { iss: 'knowledge-backend', aud: 'knowledge-backend-api', iat: now, exp: now + 600, jti: randomUUID(), ...claims };
  return `${b64url({ alg: 'none', typ })}.${b64url(payload)}.`;
}

/** The same token with its payload rewritten (signature kept): e.g. another subject or tenant. */
export function tamperedToken(token: string, patch: Record<string, unknown>): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  return `${header}.${b64url({ ...claims, ...patch })}.${signature}`;
}

/** A token shaped exactly like ours but signed with another secret (or other iss/aud). */
export async function foreignToken(
  claims: { sub: string; tid: string; [claim: string]: unknown },
  options: { secret?: string | Uint8Array; issuer?: string; audience?: string; typ?: string } = {},
): Promise<string> {
  const secret =
    options.secret instanceof Uint8Array ? options.secret : new TextEncoder().encode(options.secret ?? 'another-secret-that-is-long-enough-for-hs256!!');
  return new SignJWT({ ...claims, jti: randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: options.typ ?? 'at+jwt' })
    .setIssuer(options.issuer ?? 'knowledge-backend')
    .setAudience(options.audience ?? 'knowledge-backend-api')
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(secret);
}

export const claimsOf = (token: string): Record<string, unknown> =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
