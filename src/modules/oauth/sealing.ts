import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Secrets } from '../../platform/secrets.js';

/**
 * Secrets of this module at rest (the signing key, a refresh token's successor during its grace window):
 * AES-256-GCM under ENCRYPTION_KEY, like the providers' keys, with the purpose as associated data so that a
 * ciphertext copied to another row or purpose does not open. Format: `v<key version>.<iv>.<tag>.<ciphertext>`.
 */
export type KeyRing = Pick<Secrets, 'encryptionKey' | 'encryptionKeyVersion' | 'previousKeys'>;

export function seal(ring: KeyRing, purpose: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', ring.encryptionKey, iv);
  cipher.setAAD(Buffer.from(purpose, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [`v${ring.encryptionKeyVersion}`, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
}

/** The plaintext, or null when the value does not authenticate (wrong key, purpose or a tampered value). */
export function open(ring: KeyRing, purpose: string, sealed: string): string | null {
  const [version, iv, tag, ciphertext] = sealed.split('.');
  const number = Number(version?.slice(1));
  const key = number === ring.encryptionKeyVersion ? ring.encryptionKey : ring.previousKeys.get(number);
  if (!key || !iv || !tag || ciphertext === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(purpose, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
