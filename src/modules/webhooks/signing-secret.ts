import { randomBytes } from 'node:crypto';
import { packSealed, seal, unpackSealed, unseal, type KeyRing } from '../../platform/sealing.js';

/**
 * An endpoint's signing secret: `whsec_` and 32 random bytes in base64, as Standard Webhooks receivers expect
 * (they base64-decode what follows the prefix and use it as the HMAC-SHA256 key). Stored only sealed; the tenant
 * and endpoint are the associated data, so a ciphertext copied onto another row does not open there.
 */
export function newSigningSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

const context = (tenantId: string, endpointId: string) => `webhook-secret\0${tenantId.toLowerCase()}\0${endpointId.toLowerCase()}`;

export function sealSigningSecret(ring: KeyRing, tenantId: string, endpointId: string, secret: string): string {
  return packSealed(seal(ring, context(tenantId, endpointId), secret));
}

export function openSigningSecret(ring: KeyRing, tenantId: string, endpointId: string, sealed: string): string {
  return unseal(ring, context(tenantId, endpointId), unpackSealed(sealed));
}
