import type { EventBus } from '../events/bus.js';
import type { TokenService } from './tokens.js';
import type { Principal } from './principal.js';
import { ROLE_SCOPES } from './scopes.js';
import type { Role } from './roles.js';
import { hashOpaqueToken } from './opaque-token.js';

export const AUTH_CHANNEL = 'auth_invalidate';
export type AuthInvalidation = { kind: 'api_key'; hash: string } | { kind: 'user'; id: string };

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
}

interface CachedUser extends UserProfile {
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
  private readonly touched = new Set<string>();
  private flushTimer: NodeJS.Timeout | null = null;
  private credentials: CredentialStore | null = null;

  constructor(
    private readonly tokens: TokenService,
    private readonly bus: EventBus,
  ) {}

  /** Plugs in the modules' credential store (src/modules/index.ts does, before any request). */
  connect(store: CredentialStore): void {
    this.credentials = store;
  }

  private get store(): CredentialStore {
    if (!this.credentials) throw new Error('Authenticator used before a credential store was connected');
    return this.credentials;
  }

  async start(): Promise<void> {
    await this.bus.subscribe(AUTH_CHANNEL, (event: AuthInvalidation) => {
      if (event.kind === 'api_key') this.keys.delete(event.hash);
      if (event.kind === 'user') this.users.delete(event.id);
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
    const claims = await this.tokens.verify('access', bearer);
    if (!claims) return null;
    const user = await this.profile(claims.tid, claims.sub);
    if (!user || user.status !== 'active' || user.tenantId !== claims.tid) return null;
    return {
      kind: 'user',
      tenantId: claims.tid,
      userId: claims.sub,
      role: user.role,
      scopes: ROLE_SCOPES[user.role],
      expiresAt: new Date(claims.exp * 1000),
    };
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
