import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rows, type Database } from '../db/database.js';
import type { EventBus } from '../events/bus.js';
import type { TokenService } from './tokens.js';
import type { Principal } from './principal.js';
import { ROLE_SCOPES } from './scopes.js';
import type { Role } from '../../modules/users/users.schema.js';

export const AUTH_CHANNEL = 'auth_invalidate';
export type AuthInvalidation = { kind: 'api_key'; hash: string } | { kind: 'user'; id: string };

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

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

  constructor(
    private readonly db: Database,
    private readonly tokens: TokenService,
    private readonly bus: EventBus,
  ) {}

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
      const [row] = await this.db.query<{ id: string; tenant_id: string; scopes: string[]; expires_at: Date | null }>(
        sql`SELECT id, tenant_id, scopes, expires_at FROM auth_find_api_key(${hash})`,
      );
      cached = row
        ? {
            id: row.id,
            tenantId: row.tenant_id,
            scopes: row.scopes,
            expiresAt: row.expires_at ? new Date(row.expires_at) : null,
            cachedAt: Date.now(),
          }
        : null;
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
    const found = await this.db.tenant(tenantId, (tx) =>
      rows<Record<string, any>>(tx, sql`
        SELECT u.id, u.tenant_id, u.email, u.name, u.role, u.status, u.created_at, u.last_login_at,
               t.slug AS tenant_slug, t.name AS tenant_name
        FROM users u JOIN tenants t ON t.id = u.tenant_id
        WHERE u.tenant_id = ${tenantId} AND u.id = ${userId}`),
    );
    const row = found[0];
    const user: CachedUser | null = row
      ? {
          id: row.id,
          tenantId: row.tenant_id,
          email: row.email,
          name: row.name,
          role: row.role,
          status: row.status,
          createdAt: new Date(row.created_at),
          lastLoginAt: row.last_login_at ? new Date(row.last_login_at) : null,
          tenantSlug: row.tenant_slug,
          tenantName: row.tenant_name,
          cachedAt: Date.now(),
        }
      : null;
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
    await this.db.query(sql`SELECT auth_touch_api_keys(${`{${ids.join(',')}}`}::uuid[], now())`);
  }
}
