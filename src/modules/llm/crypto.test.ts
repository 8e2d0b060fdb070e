import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { keyHint, openProviderKey, sealProviderKey, SecretDecryptionError, type KeyRing } from './crypto.js';

const TENANT = '6f1d0a52-4a3f-4d0e-9a51-0f6f7b1c2d3e';
const OTHER = 'a0c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e';
const ring = (version: number, key = randomBytes(32), previous?: Map<number, Buffer>): KeyRing => ({
  encryptionKey: key,
  encryptionKeyVersion: version,
  previousKeys: previous,
});

describe('provider key sealing', () => {
  it('round-trips, with a fresh IV each time and no plaintext in the ciphertext', () => {
    const keys = ring(1);
    const first = sealProviderKey(keys, TENANT, 'openai', 'sk-live-abcdef123456');
    const second = sealProviderKey(keys, TENANT, 'openai', 'sk-live-abcdef123456');
    expect(first.iv.equals(second.iv)).toBe(false);
    expect(first.ciphertext.includes(Buffer.from('sk-live'))).toBe(false);
    expect(first.keyVersion).toBe(1);
    expect(openProviderKey(keys, TENANT, 'openai', first)).toBe('sk-live-abcdef123456');
  });

  it('binds the ciphertext to its tenant and provider', () => {
    const keys = ring(1);
    const sealed = sealProviderKey(keys, TENANT, 'openai', 'sk-live-abcdef123456');
    expect(() => openProviderKey(keys, OTHER, 'openai', sealed)).toThrow(SecretDecryptionError);
    expect(() => openProviderKey(keys, TENANT, 'anthropic', sealed)).toThrow(SecretDecryptionError);
  });

  it('detects tampering', () => {
    const keys = ring(1);
    const sealed = sealProviderKey(keys, TENANT, 'openai', 'sk-live-abcdef123456');
    sealed.ciphertext[0] ^= 1;
    expect(() => openProviderKey(keys, TENANT, 'openai', sealed)).toThrow(SecretDecryptionError);
  });

  it('reads rows of an older key version after a rotation, and seals new ones with the new version', () => {
    const oldKey = randomBytes(32);
    const before = sealProviderKey(ring(1, oldKey), TENANT, 'openai', 'sk-old-0000000000');
    const rotated = ring(2, randomBytes(32), new Map([[1, oldKey]]));
    expect(openProviderKey(rotated, TENANT, 'openai', before)).toBe('sk-old-0000000000');
    expect(sealProviderKey(rotated, TENANT, 'openai', 'sk-new-1111111111').keyVersion).toBe(2);
    // Without the old key the row is unreadable, with a message that names the version, not the key.
    expect(() => openProviderKey(ring(2), TENANT, 'openai', before)).toThrow(/version 1/);
  });

  it('hints at a key without revealing it', () => {
    expect(keyHint('sk-proj-abcdefghijklmnop1234')).toBe('sk-…1234');
    expect(keyHint('short')).toBe('…rt');
  });
});
