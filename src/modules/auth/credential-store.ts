import type { Database } from '../../platform/db/database.js';
import { tenantDb } from '../../platform/db/tenant-db.js';
import type { CredentialStore } from '../../platform/auth/authenticator.js';
import { findApiKeyByHash, touchApiKeys } from '../api-keys/index.js';
import { findUserProfile } from '../users/index.js';
import { isGrantRevoked } from '../oauth/index.js';

/** The Authenticator's port (platform/auth), implemented by the modules that own users, keys and OAuth grants. */
export function createCredentialStore(db: Database): CredentialStore {
  return {
    findApiKey: (hash) => findApiKeyByHash(db, hash),
    touchApiKeys: (ids, at) => touchApiKeys(db, ids, at),
    userProfile: (tenantId, userId) => tenantDb(db, tenantId).run((t) => findUserProfile(t, userId)),
    grantRevoked: (tenantId, grantId) => isGrantRevoked(db, tenantId, grantId),
  };
}
