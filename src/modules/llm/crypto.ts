import { seal, SecretDecryptionError, unseal, type KeyRing, type SealedSecret } from '../../platform/sealing.js';

/**
 * Provider keys at rest, sealed by platform/sealing.ts (AES-256-GCM, key version stamped for rotation). The tenant id
 * and provider are the associated data, so a ciphertext copied onto another tenant's or another provider's row fails
 * to decrypt instead of leaking a key across tenants.
 */

export { SecretDecryptionError, type KeyRing, type SealedSecret };

function associatedData(tenantId: string, provider: string): string {
  // NUL separators: neither part can contain one, so no two (tenant, provider) pairs share a byte string.
  return `llm-provider-key\0${tenantId.toLowerCase()}\0${provider}`;
}

export function sealProviderKey(ring: KeyRing, tenantId: string, provider: string, plaintext: string): SealedSecret {
  return seal(ring, associatedData(tenantId, provider), plaintext);
}

export function openProviderKey(ring: KeyRing, tenantId: string, provider: string, sealed: SealedSecret): string {
  try {
    return unseal(ring, associatedData(tenantId, provider), sealed);
  } catch (error) {
    if (error instanceof SecretDecryptionError && /does not authenticate/.test(error.message)) {
      throw new SecretDecryptionError('the stored provider key does not authenticate (wrong key, tenant or provider)');
    }
    throw error;
  }
}

/** What the API shows instead of a key: its first three and last four characters ("sk-…abcd"). */
export function keyHint(apiKey: string): string {
  if (apiKey.length < 12) return `…${apiKey.slice(-2)}`;
  return `${apiKey.slice(0, 3)}…${apiKey.slice(-4)}`;
}
