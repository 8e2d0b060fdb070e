/** The roles of a tenant's users (docs/permissions.md); each maps onto scopes (scopes.ts). */
export const ROLES = ['owner', 'admin', 'member', 'viewer'] as const;
export type Role = (typeof ROLES)[number];
