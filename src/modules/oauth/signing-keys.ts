import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Database } from '../../platform/db/database.js';
import { open, seal, type KeyRing } from './sealing.js';
import { findActiveSigningKey, insertSigningKeyIfNone, listSigningKeys } from './signing-keys.repo.js';

/** ID tokens are signed with ES256 (P-256): short signatures, and what every OIDC client verifies. */
export const ID_TOKEN_ALG = 'ES256';
const purpose = (kid: string) => `oauth-signing-key\0${kid}`;

export interface ActiveKey {
  kid: string;
  alg: typeof ID_TOKEN_ALG;
  privateKey: CryptoKey;
}

/**
 * The platform's ID-token signing key: generated once by whichever instance needs it first, kept in the database with
 * its private half sealed under ENCRYPTION_KEY (like the providers' keys), and cached per process.
 */
export function createSigningKeys(db: Pick<Database, 'system'>, ring: KeyRing) {
  let active: Promise<ActiveKey> | null = null;
  let jwks: Promise<{ keys: JWK[] }> | null = null;

  async function load(): Promise<ActiveKey> {
    let row = await db.system((tx) => findActiveSigningKey(tx));
    if (!row) {
      const pair = await generateKeyPair(ID_TOKEN_ALG, { extractable: true });
      const publicJwk = await exportJWK(pair.publicKey);
      const kid = await calculateJwkThumbprint(publicJwk);
      const privateJwk = await exportJWK(pair.privateKey);
      await db.system((tx) =>
        insertSigningKeyIfNone(tx, { kid, alg: ID_TOKEN_ALG, publicJwk: { ...publicJwk, kid, alg: ID_TOKEN_ALG, use: 'sig' }, privateSealed: seal(ring, purpose(kid), JSON.stringify(privateJwk)) }),
      );
      row = await db.system((tx) => findActiveSigningKey(tx));
      if (!row) throw new Error('no active ID-token signing key after creating one');
    }
    const privateJwk = open(ring, purpose(row.kid), row.privateSealed);
    if (!privateJwk) throw new Error('the ID-token signing key does not decrypt: ENCRYPTION_KEY (or ENCRYPTION_KEYS_PREVIOUS) changed');
    return { kid: row.kid, alg: ID_TOKEN_ALG, privateKey: (await importJWK(JSON.parse(privateJwk) as JWK, ID_TOKEN_ALG)) as CryptoKey };
  }

  return {
    /** The key new ID tokens are signed with (created on first use). */
    active(): Promise<ActiveKey> {
      active ??= load().catch((error: unknown) => {
        active = null;
        throw error;
      });
      return active;
    },
    /** The public keys, for `/.well-known/jwks.json`. */
    async jwks(): Promise<{ keys: JWK[] }> {
      await this.active();
      jwks ??= db.system((tx) => listSigningKeys(tx)).then((keys) => ({ keys: keys.map((k) => k.publicJwk as JWK) }));
      return jwks;
    },
  };
}
export type SigningKeys = ReturnType<typeof createSigningKeys>;
