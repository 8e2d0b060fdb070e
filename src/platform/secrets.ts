import { hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from './config.js';

export interface Secrets {
  jwtSecret: Uint8Array;
  /** 32 bytes for AES-256-GCM, with the version stamped on every ciphertext for rotation. */
  encryptionKey: Buffer;
  encryptionKeyVersion: number;
  /** Keys rotated out, by version: they only open what they sealed. */
  previousKeys: ReadonlyMap<number, Buffer>;
}

interface StoredSecrets {
  jwtSecret: string;
  encryptionKey: string;
}

/**
 * Secrets come from config when set; otherwise they are generated once and kept in
 * DATA_DIR/secrets.json (mode 0600), so tokens and encrypted provider keys survive restarts.
 */
export async function loadSecrets(config: Config): Promise<Secrets> {
  let stored: StoredSecrets | null = null;
  if (!config.jwtSecret || !config.encryptionKey) stored = await loadOrCreateStored(config.dataDir);
  const jwt = config.jwtSecret ?? stored!.jwtSecret;
  if (Buffer.byteLength(jwt) < 32) throw new Error('JWT_SECRET must be at least 32 bytes');
  const key = decodeKey(config.encryptionKey ?? stored!.encryptionKey);
  const previousKeys = new Map<number, Buffer>();
  for (const entry of (config.encryptionKeysPrevious ?? '').split(',').map((e) => e.trim()).filter(Boolean)) {
    const colon = entry.indexOf(':');
    const version = Number(entry.slice(0, colon));
    if (colon < 1 || !Number.isInteger(version) || version === config.encryptionKeyVersion) {
      throw new Error('ENCRYPTION_KEYS_PREVIOUS must be a comma-separated list of version:key, versions other than ENCRYPTION_KEY_VERSION');
    }
    previousKeys.set(version, decodeKey(entry.slice(colon + 1)));
  }
  return { jwtSecret: new TextEncoder().encode(jwt), encryptionKey: key, encryptionKeyVersion: config.encryptionKeyVersion, previousKeys };
}

function decodeKey(value: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  if (key.length !== 32) throw new Error('ENCRYPTION_KEY must be 32 bytes, as 64 hex characters or base64');
  return key;
}

async function loadOrCreateStored(dataDir: string): Promise<StoredSecrets> {
  const file = path.join(dataDir, 'secrets.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as StoredSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const fresh: StoredSecrets = {
    jwtSecret: randomBytes(48).toString('base64url'),
    encryptionKey: randomBytes(32).toString('hex'),
  };
  try {
    await writeFile(file, JSON.stringify(fresh), { mode: 0o600, flag: 'wx' });
    return fresh;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return JSON.parse(await readFile(file, 'utf8'));
    throw error;
  }
}

/**
 * A key for one purpose (`label`), derived from the JWT secret with HKDF: a new secret for e-mailed
 * codes without a new setting, and a leak of one derived key tells nothing about the others.
 */
export function deriveKey(secrets: Pick<Secrets, 'jwtSecret'>, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secrets.jwtSecret, 'knowledge-backend', label, 32));
}
