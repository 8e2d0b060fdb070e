import { packSealed, seal, unpackSealed, unseal, type KeyRing } from '../../platform/sealing.js';

/**
 * A connector's credentials at rest: the JSON sealed by platform/sealing.ts (AES-256-GCM under ENCRYPTION_KEY, key
 * version stamped), like provider keys and webhook secrets. The tenant and connector ids are the associated data, so
 * a ciphertext copied onto another row does not open there. Unsealed only by a run, for that run.
 */
function context(tenantId: string, connectorId: string): string {
  // NUL separators: neither id can contain one, so no two pairs share a byte string.
  return `connector-credentials\0${tenantId.toLowerCase()}\0${connectorId.toLowerCase()}`;
}

export function sealCredentials(ring: KeyRing, tenantId: string, connectorId: string, credentials: Record<string, unknown>): string {
  return packSealed(seal(ring, context(tenantId, connectorId), JSON.stringify(credentials)));
}

export function openCredentials(ring: KeyRing, tenantId: string, connectorId: string, sealed: string): Record<string, unknown> {
  return JSON.parse(unseal(ring, context(tenantId, connectorId), unpackSealed(sealed))) as Record<string, unknown>;
}
