import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (provider API keys, SSO client secrets, PKCE verifiers): AES-256-GCM under ENCRYPTION_KEY with a
 * fresh 96-bit IV per write. The caller's `context` is the associated data: it names what the secret is and whose
 * (tenant, provider, ...), so a ciphertext copied onto another row fails to decrypt instead of opening there. Every
 * ciphertext carries the version of the key that sealed it, so a rotated key can be introduced while older rows stay
 * readable with the previous one (ENCRYPTION_KEYS_PREVIOUS).
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

function keyFor(ring: KeyRing, version: number): Buffer {
  if (version === ring.encryptionKeyVersion) return ring.encryptionKey;
  const key = ring.previousKeys?.get(version);
  if (!key) throw new SecretDecryptionError(`the secret was sealed with encryption key version ${version}, which this service does not hold`);
  return key;
}

export function seal(ring: KeyRing, context: string, plaintext: string): SealedSecret {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, ring.encryptionKey, iv);
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return { ciphertext, iv, authTag: cipher.getAuthTag(), keyVersion: ring.encryptionKeyVersion };
}

export function unseal(ring: KeyRing, context: string, sealed: SealedSecret): string {
  const decipher = createDecipheriv(ALGORITHM, keyFor(ring, sealed.keyVersion), sealed.iv);
  decipher.setAAD(Buffer.from(context, 'utf8'));
  decipher.setAuthTag(sealed.authTag);
  try {
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString('utf8');
  } catch {
    // Never echo key material; the only useful fact is that the row does not authenticate.
    throw new SecretDecryptionError('the stored secret does not authenticate (wrong key or wrong row)');
  }
}

/** One text column instead of four: `v<version>.<iv>.<tag>.<ciphertext>`, base64url parts. */
export function packSealed(sealed: SealedSecret): string {
  return [`v${sealed.keyVersion}`, sealed.iv, sealed.authTag, sealed.ciphertext].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.');
}

export function unpackSealed(text: string): SealedSecret {
  const [version, iv, tag, ciphertext] = text.split('.');
  const keyVersion = Number(version?.slice(1));
  if (!version?.startsWith('v') || !Number.isInteger(keyVersion) || iv === undefined || tag === undefined || ciphertext === undefined) {
    throw new SecretDecryptionError('the stored secret is not in the sealed format');
  }
  return { keyVersion, iv: Buffer.from(iv, 'base64url'), authTag: Buffer.from(tag, 'base64url'), ciphertext: Buffer.from(ciphertext, 'base64url') };
}
