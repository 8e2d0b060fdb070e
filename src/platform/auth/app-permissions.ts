import type { Role } from './roles.js';
import type { Scope } from './scopes.js';

/**
 * What an app manifest may ask for: the app APIs' own permissions, and the three platform
 * scopes an app may be granted. An app token carries the granted ones that its user's role also allows.
 */
const APP_PERMISSIONS = [
  'app_data:read',
  'app_data:write',
  'rich_documents:read',
  'rich_documents:write',
  'app_assets:read',
  'app_assets:write',
] as const;
export type AppPermission = (typeof APP_PERMISSIONS)[number];

/** Platform scopes an app token may hold: the only non-app routes it can ever call (read-only by design). */
export const APP_PLATFORM_SCOPES = ['documents:read', 'knowledge_bases:read', 'chat:query'] as const satisfies readonly Scope[];
export type AppPlatformScope = (typeof APP_PLATFORM_SCOPES)[number];

export const MANIFEST_PERMISSIONS = [...APP_PERMISSIONS, ...APP_PLATFORM_SCOPES] as const;
export type ManifestPermission = AppPermission | AppPlatformScope;

const READS: ManifestPermission[] = ['app_data:read', 'rich_documents:read', 'app_assets:read', ...APP_PLATFORM_SCOPES];

/**
 * What each role may let an app do on its behalf: writing needs a role that may write (member and up),
 * so a viewer's app token is read-only whatever the installation granted.
 */
const ROLE_APP_PERMISSIONS: Record<Role, readonly ManifestPermission[]> = {
  owner: MANIFEST_PERMISSIONS,
  admin: MANIFEST_PERMISSIONS,
  member: MANIFEST_PERMISSIONS,
  viewer: READS,
};

export function isAppPlatformScope(value: string): value is AppPlatformScope {
  return (APP_PLATFORM_SCOPES as readonly string[]).includes(value);
}

/** The permissions an app token of a user with `role` holds: granted ∩ role, in the canonical order. */
export function effectiveAppPermissions(granted: readonly string[], role: Role): ManifestPermission[] {
  const allowed = ROLE_APP_PERMISSIONS[role];
  return MANIFEST_PERMISSIONS.filter((p) => granted.includes(p) && allowed.includes(p));
}
