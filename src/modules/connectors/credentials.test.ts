import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { SecretDecryptionError } from '../../platform/sealing.js';
import { openCredentials, sealCredentials } from './credentials.js';

const ring = { encryptionKey: randomBytes(32), encryptionKeyVersion: 1 };
const TENANT = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const CONNECTOR = '00000000-0000-4000-8000-0000000000c1';

describe('connector credentials at rest', () => {
  it('are sealed (the secret is nowhere in the stored text) and open for their own row only', () => {
    const credentials = { access_key_id: 'AKIAEXAMPLE', secret_access_key: 'wJalrXUtnFEMI-very-secret' };
    const sealed = sealCredentials(ring, TENANT, CONNECTOR, credentials);
    expect(sealed).not.toContain('very-secret');
    expect(sealed).not.toContain('AKIAEXAMPLE');
    expect(sealed).not.toBe(sealCredentials(ring, TENANT, CONNECTOR, credentials)); // a fresh IV each time
    expect(openCredentials(ring, TENANT, CONNECTOR, sealed)).toEqual(credentials);
    expect(() => openCredentials(ring, OTHER, CONNECTOR, sealed)).toThrow(SecretDecryptionError);
    expect(() => openCredentials(ring, TENANT, OTHER, sealed)).toThrow(SecretDecryptionError);
  });
});
