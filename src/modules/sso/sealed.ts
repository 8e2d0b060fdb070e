import { packSealed, seal, unpackSealed, unseal, type KeyRing } from '../../platform/sealing.js';

/**
 * What SSO keeps sealed (platform/sealing.ts): the client secret, bound to its tenant and provider, and the PKCE
 * verifier of a pending sign-in, bound to its tenant and state. A value copied onto another row does not open.
 */

const secretContext = (tenantId: string, providerId: string) => `sso-client-secret\0${tenantId.toLowerCase()}\0${providerId.toLowerCase()}`;
const verifierContext = (tenantId: string, stateHash: string) => `sso-pkce-verifier\0${tenantId.toLowerCase()}\0${stateHash}`;

export const sealClientSecret = (ring: KeyRing, tenantId: string, providerId: string, secret: string) =>
  packSealed(seal(ring, secretContext(tenantId, providerId), secret));
export const openClientSecret = (ring: KeyRing, tenantId: string, providerId: string, sealed: string) =>
  unseal(ring, secretContext(tenantId, providerId), unpackSealed(sealed));

export const sealVerifier = (ring: KeyRing, tenantId: string, stateHash: string, verifier: string) =>
  packSealed(seal(ring, verifierContext(tenantId, stateHash), verifier));
export const openVerifier = (ring: KeyRing, tenantId: string, stateHash: string, sealed: string) =>
  unseal(ring, verifierContext(tenantId, stateHash), unpackSealed(sealed));

/** What listings show instead of the secret: its last four characters, or nothing of a short one. */
export function secretHint(secret: string): string {
  return secret.length >= 12 ? `…${secret.slice(-4)}` : '…';
}
