import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43 to 128 characters of the unreserved set. */
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** An S256 challenge is the base64url of a SHA-256: exactly 43 characters. */
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export const isVerifier = (value: string) => VERIFIER.test(value);
export const isS256Challenge = (value: string) => S256_CHALLENGE.test(value);

function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Constant-time comparison of the verifier's S256 with the stored challenge. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  const computed = Buffer.from(s256(verifier));
  const stored = Buffer.from(challenge);
  return computed.length === stored.length && timingSafeEqual(computed, stored);
}
