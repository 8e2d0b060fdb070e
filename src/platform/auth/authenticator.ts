import { decodeProtectedHeader } from 'jose';
import type { EventBus } from '../events/bus.js';
import { TOKEN_TYPES, type TokenClaims, type TokenService } from './tokens.js';
import type { AppPrincipal, Principal } from './principal.js';
import { effectiveAppPermissions, isAppPlatformScope } from './app-permissions.js';
import { limitScopes, ROLE_SCOPES } from './scopes.js';
import type { Role } from './roles.js';
import { hashOpaqueToken } from './opaque-token.js';

export const AUTH_CHANNEL = 'auth_invalidate';
export type AuthInvalidation =
  | { kind: 'api_key'; hash: string }
  | { kind: 'user'; id: string }
  /** An app installation was upgraded, uninstalled or purged: its tokens are re-checked (or refused) at once. */
  | { kind: 'app_installation'; id: string }
  /** An OAuth grant was revoked (its access tokens, which carry its id as `gid`, stop working at once). */
  | { kind: 'grant'; id: string };

/** API keys are high-entropy: a fast hash is enough (the same one as the mailed single-use tokens). */
export const hashApiKey = hashOpaqueToken;

interface CachedKey {
  id: string;
  tenantId: string;
  scopes: string[];
  expiresAt: Date | null;
  cachedAt: number;
}
/** What requests need of a user, cached so that a valid access token costs no database round trip. */
export interface UserProfile {
  id: string;
  tenantId: string;
  email: string;
  name: string;
  role: Role;
  status: 'active' | 'disabled';
  createdAt: Date;
  lastLoginAt: Date | null;
  tenantSlug: string;
  tenantName: string;
}
/** An API key as authentication needs it. */
export interface StoredApiKey {
  id: string;
  tenantId: string;
  scopes: string[];
  expiresAt: Date | null;
}

/**
 * The port through which authentication reads credentials: the users and api-keys modules implement
 * it (the users/tenants join lives in their repositories), and the composition root connects it, so
 * that nothing under platform/ knows a module's tables.
 */
export interface CredentialStore {
  /** The key with this SHA-256 hash, whatever its tenant (the lookup runs before any tenant is known). */
  findApiKey(hash: string): Promise<StoredApiKey | null>;
  /** Records that these keys were used at `at` (batched: last-used times are approximate by design). */
  touchApiKeys(ids: string[], at: Date): Promise<void>;
  userProfile(tenantId: string, userId: string): Promise<UserProfile | null>;
  /** Whether the OAuth grant `grantId` no longer stands (revoked or gone): its access tokens are refused. */
  grantRevoked(tenantId: string, grantId: string): Promise<boolean>;
}

interface CachedGrant {
  revoked: boolean;
  userId: string;
  cachedAt: number;
}

interface CachedUser extends UserProfile {
  cachedAt: number;
}

/** An app installation as authentication needs it. */
export interface StoredAppInstallation {
  id: string;
  tenantId: string;
  appId: string;
  appVersionId: string;
  status: 'active' | 'uninstalled' | 'purged';
  grantedPermissions: string[];
  /** Origin of the entry_url of the version it runs. */
  origin: string;
}

/**
 * The port through which authentication reads app installations: the apps module implements it and the
 * composition root connects it (`authenticator.connectApps(...)`). Without one, app tokens open nothing.
 */
export interface AppCredentialStore {
  installation(tenantId: string, installationId: string): Promise<StoredAppInstallation | null>;
  /** Whether an active installation, in any tenant, opens from this origin (a CORS preflight carries no credential). */
  isInstalledOrigin(origin: string): Promise<boolean>;
}

interface Cached<V> {
  value: V;
  cachedAt: number;
}

const CACHE_TTL_MS = 60_000; // a safety net; NOTIFY invalidates at once
const MAX_ENTRIES = 50_000;
const API_KEY_SHAPE = /^sk-[A-Za-z0-9]{20,128}$/;

/**
 * Resolves a bearer value to a principal with no database round trip in the steady state:
 * API keys and user status are cached per process and dropped on every instance through NOTIFY
 * the moment a key is deleted or a user changes.
 */
export class Authenticator {
  private readonly keys = new Map<string, CachedKey | null>();
  private readonly users = new Map<string, CachedUser | null>();
  private readonly grants = new Map<string, CachedGrant>();
  private readonly touched = new Set<string>();
  private flushTimer: NodeJS.Timeout | null = null;
  private credentials: CredentialStore | null = null;
  private apps: AppCredentialStore | null = null;
  private readonly installations = new Map<string, Cached<StoredAppInstallation | null>>();
  private readonly origins = new Map<string, Cached<boolean>>();

  constructor(
    private readonly tokens: TokenService,
    private readonly bus: EventBus,
  ) {}

  /** Plugs in the modules' credential store (src/modules/index.ts does, before any request). */
  connect(store: CredentialStore): void {
    this.credentials = store;
  }

  /** Plugs in the apps module's installation store (src/modules/index.ts does, before any request). */
  connectApps(store: AppCredentialStore): void {
    this.apps = store;
  }

  private get store(): CredentialStore {
    if (!this.credentials) throw new Error('Authenticator used before a credential store was connected');
    return this.credentials;
  }

  async start(): Promise<void> {
    await this.bus.subscribe(AUTH_CHANNEL, (event: AuthInvalidation) => {
      if (event.kind === 'api_key') this.keys.delete(event.hash);
      if (event.kind === 'user') {
        this.users.delete(event.id);
        // A user's change (disabled, password reset) may have revoked their grants too: ask again.
        for (const [id, grant] of this.grants) if (grant.userId === event.id) this.grants.delete(id);
      }
      if (event.kind === 'grant') this.grants.delete(event.id);
      if (event.kind === 'app_installation') this.forgetAppInstallation(event.id);
    });
    this.flushTimer = setInterval(() => void this.flushLastUsed().catch(() => {}), 30_000);
    this.flushTimer.unref();
  }

  async stop(): Promise<void> {
    if (this.flushTimer) clearInterval(this.flushTimer);
    await this.flushLastUsed().catch(() => {});
  }

  async resolve(bearer: string): Promise<Principal | null> {
    if (bearer.startsWith('sk-')) return this.resolveApiKey(bearer);
    if (typOf(bearer) === TOKEN_TYPES.app) return this.resolveApp(bearer);
    const claims = await this.tokens.verify('access', bearer);
    if (!claims) return null;
    const user = await this.profile(claims.tid, claims.sub);
    if (!user || user.status !== 'active' || user.tenantId !== claims.tid) return null;
    const principal = {
      kind: 'user' as const,
      tenantId: claims.tid,
      userId: claims.sub,
      role: user.role,
      scopes: ROLE_SCOPES[user.role],
      expiresAt: new Date(claims.exp * 1000),
      ...(claims.via === 'sso' ? { via: 'sso' as const } : {}),
    };
    if (claims.cid === undefined && claims.gid === undefined) return principal;
    // A token issued to an OAuth client: its grant must stand, and it acts with the scopes the user granted only.
    if (typeof claims.cid !== 'string' || typeof claims.gid !== 'string' || typeof claims.scope !== 'string') return null;
    if (await this.grantRevoked(claims.tid, claims.gid, claims.sub)) return null;
    const granted = claims.scope.split(' ');
    return { ...principal, scopes: limitScopes(principal.scopes, granted), clientId: claims.cid, grantedScopes: granted };
  }

  /** From cache or one query; a revocation reaches every instance through NOTIFY (`grant`, or `user` for all of theirs). */
  private async grantRevoked(tenantId: string, grantId: string, userId: string): Promise<boolean> {
    const cached = this.grants.get(grantId);
    if (cached && (cached.revoked || Date.now() - cached.cachedAt < CACHE_TTL_MS)) return cached.revoked;
    const revoked = await this.store.grantRevoked(tenantId, grantId);
    this.remember(this.grants, grantId, { revoked, userId, cachedAt: Date.now() });
    return revoked;
  }

  /** Drops a grant from this process's cache now (other instances learn it through NOTIFY). */
  forgetGrant(id: string): void {
    this.grants.delete(id);
  }

  private async resolveApiKey(key: string): Promise<Principal | null> {
    if (!API_KEY_SHAPE.test(key)) return null;
    const hash = hashApiKey(key);
    let cached = this.keys.get(hash);
    if (cached === undefined || (cached && Date.now() - cached.cachedAt > CACHE_TTL_MS)) {
      const row = await this.store.findApiKey(hash);
      cached = row ? { ...row, cachedAt: Date.now() } : null;
      this.remember(this.keys, hash, cached);
    }
    if (!cached) return null;
    if (cached.expiresAt && cached.expiresAt.getTime() <= Date.now()) return null;
    this.touched.add(cached.id);
    return { kind: 'api_key', tenantId: cached.tenantId, apiKeyId: cached.id, scopes: cached.scopes, expiresAt: cached.expiresAt };
  }

  /**
   * An app access token opens something only while its installation is active and its user is active
   * in the same tenant; its permissions are re-cut on every request to what the installation grants now
   * and the user's current role allows (a demoted user's app loses its writes at once).
   */
  private async resolveApp(token: string): Promise<AppPrincipal | null> {
    const claims = await this.tokens.verify('app', token);
    if (!claims || typeof claims.ins !== 'string' || !Array.isArray(claims.perms)) return null;
    const installation = await this.appInstallation(claims.tid, claims.ins);
    if (!installation || installation.status !== 'active' || installation.tenantId !== claims.tid) return null;
    const user = await this.profile(claims.tid, claims.sub);
    if (!user || user.status !== 'active' || user.tenantId !== claims.tid) return null;
    const carried = (claims.perms as unknown[]).filter((p): p is string => typeof p === 'string' && installation.grantedPermissions.includes(p));
    const permissions = effectiveAppPermissions(carried, user.role);
    return {
      kind: 'app',
      tenantId: claims.tid,
      userId: claims.sub,
      role: user.role,
      installationId: installation.id,
      appId: installation.appId,
      appVersionId: installation.appVersionId,
      permissions,
      scopes: permissions.filter(isAppPlatformScope),
      expiresAt: new Date((claims as TokenClaims).exp * 1000),
      origin: installation.origin,
    };
  }

  private async appInstallation(tenantId: string, id: string): Promise<StoredAppInstallation | null> {
    // Keyed by tenant too: a miss looked up under one tenant must never answer for another.
    const key = `${id}|${tenantId}`;
    const cached = this.installations.get(key);
    if (cached && Date.now() - cached.cachedAt < CACHE_TTL_MS) return cached.value;
    const value = this.apps ? await this.apps.installation(tenantId, id) : null;
    this.remember(this.installations, key, { value, cachedAt: Date.now() });
    return value;
  }

  /** Whether an active installation opens from `origin` (for CORS answers that have no app token to go by). */
  async isAppOrigin(origin: string): Promise<boolean> {
    const cached = this.origins.get(origin);
    if (cached && Date.now() - cached.cachedAt < CACHE_TTL_MS) return cached.value;
    const value = this.apps ? await this.apps.isInstalledOrigin(origin) : false;
    this.remember(this.origins, origin, { value, cachedAt: Date.now() });
    return value;
  }

  /** Drops an installation (and every origin verdict) from this process's cache now; NOTIFY tells the others. */
  forgetAppInstallation(id: string): void {
    for (const key of this.installations.keys()) if (key.startsWith(`${id}|`)) this.installations.delete(key);
    this.origins.clear();
  }

  /** The user's profile, from cache or one query; null when the user no longer exists. */
  async profile(tenantId: string, userId: string): Promise<UserProfile | null> {
    const cached = this.users.get(userId);
    if (cached !== undefined && (cached === null || Date.now() - cached.cachedAt < CACHE_TTL_MS)) return cached;
    const found = await this.store.userProfile(tenantId, userId);
    const user: CachedUser | null = found ? { ...found, cachedAt: Date.now() } : null;
    this.remember(this.users, userId, user);
    return user;
  }

  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    if (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value as string);
    map.set(key, value);
  }

  /** Drops a key from this process's cache now (other instances learn it through NOTIFY). */
  forgetApiKey(hash: string): void {
    this.keys.delete(hash);
  }

  forgetUser(id: string): void {
    this.users.delete(id);
  }

  async flushLastUsed(): Promise<void> {
    if (this.touched.size === 0) return;
    const ids = [...this.touched];
    this.touched.clear();
    await this.store.touchApiKeys(ids, new Date());
  }
}

/** The `typ` a JWT claims in its header, without verifying anything (verification follows, as that kind). */
function typOf(token: string): string | undefined {
  try {
    return decodeProtectedHeader(token).typ;
  } catch {
    return undefined;
  }
}
