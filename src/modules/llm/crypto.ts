import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Provider keys at rest: AES-256-GCM with a fresh 96-bit IV per write. The tenant id and provider are the associated
 * data, so a ciphertext copied onto another tenant's or another provider's row fails to decrypt instead of leaking a
 * key across tenants. Every ciphertext is stamped with the version of the key that sealed it, so that a rotated
 * ENCRYPTION_KEY can be introduced while older rows are still readable with the previous key.
 */

export interface KeyRing {
  /** The key new ciphertexts are sealed with (32 bytes). */
  encryptionKey: Buffer;
  encryptionKeyVersion: number;
  /** Older keys by version, kept only to read rows written before a rotation. */
  previousKeys?: ReadonlyMap<number, Buffer>;
}

export interface SealedSecret {
  ciphertext: Buffer;
  iv: Buffer;
  authTag: Buffer;
  keyVersion: number;
}

export class SecretDecryptionError extends Error {
  override name = 'SecretDecryptionError';
}

const ALGORITHM = 'aes-256-gcm';

function associatedData(tenantId: string, provider: string): Buffer {
  // NUL separators: neither part can contain one, so no two (tenant, provider) pairs share a byte string.
  return Buffer.from(`llm-provider-key\0${tenantId.toLowerCase()}\0${provider}`, 'utf8');
}

function keyFor(ring: KeyRing, version: number): Buffer {
  if (version === ring.encryptionKeyVersion) return ring.encryptionKey;
  const key = ring.previousKeys?.get(version);
  if (!key) throw new SecretDecryptionError(`the stored key was sealed with encryption key version ${version}, which this service does not hold`);
  return key;
}

export function sealProviderKey(ring: KeyRing, tenantId: string, provider: string, plaintext: string): SealedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, ring.encryptionKey, iv);
  cipher.setAAD(associatedData(tenantId, provider));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { ciphertext, iv, authTag: cipher.getAuthTag(), keyVersion: ring.encryptionKeyVersion };
}

export function openProviderKey(ring: KeyRing, tenantId: string, provider: string, sealed: SealedSecret): string {
  const decipher = createDecipheriv(ALGORITHM, keyFor(ring, sealed.keyVersion), sealed.iv);
  decipher.setAAD(associatedData(tenantId, provider));
  decipher.setAuthTag(sealed.authTag);
  try {
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
  } catch {
    // Never echo key material; the only useful fact is that the row does not authenticate.
    throw new SecretDecryptionError('the stored provider key does not authenticate (wrong key, tenant or provider)');
  }
}

/** What the API shows instead of a key: its first three and last four characters ("sk-…abcd"). */
export function keyHint(apiKey: string): string {
  if (apiKey.length < 12) return `…${apiKey.slice(-2)}`;
  return `${apiKey.slice(0, 3)}…${apiKey.slice(-4)}`;
}
