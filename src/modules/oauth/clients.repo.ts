import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { rows, type Database, type Tx } from '../../platform/db/database.js';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { oauthClients, type OAuthClientRow } from './oauth.table.js';

export type NewClient = Pick<
  OAuthClientRow,
  'clientId' | 'tenantId' | 'name' | 'logoUrl' | 'redirectUris' | 'postLogoutRedirectUris' | 'confidential' | 'firstParty' | 'secretHash' | 'allowedScopes'
>;

/** In a tenant's transaction for its own clients, in a system transaction for platform-wide ones (RLS enforces which). */
export async function insertClient(tx: Tx, values: NewClient): Promise<OAuthClientRow> {
  const [row] = await tx.insert(oauthClients).values(values).returning();
  return row!;
}

/** A client by its public id, whatever its tenant: the one cross-tenant read, through `oauth_find_client` (0012). */
export async function findClientAnywhere(db: Pick<Database, 'system'>, clientId: string): Promise<OAuthClientRow | null> {
  const [row] = await db.system((tx) => rows<Record<string, unknown>>(tx, sql`SELECT * FROM oauth_find_client(${clientId})`));
  if (!row) return null;
  return {
    id: row.id as string,
    clientId: row.client_id as string,
    tenantId: (row.tenant_id as string | null) ?? null,
    name: row.name as string,
    logoUrl: (row.logo_url as string | null) ?? null,
    redirectUris: row.redirect_uris as string[],
    postLogoutRedirectUris: row.post_logout_redirect_uris as string[],
    confidential: row.confidential as boolean,
    firstParty: row.first_party as boolean,
    secretHash: (row.secret_hash as string | null) ?? null,
    allowedScopes: row.allowed_scopes as string[],
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
  };
}

export async function listPlatformClients(tx: Tx): Promise<OAuthClientRow[]> {
  return tx.select().from(oauthClients).where(isNull(oauthClients.tenantId)).orderBy(asc(oauthClients.createdAt), asc(oauthClients.clientId));
}

export async function listTenantClients(t: TenantTx, skip: number, limit: number): Promise<{ rows: OAuthClientRow[]; total: number }> {
  const mine = eq(oauthClients.tenantId, t.tenantId);
  const page = await t.tx.select().from(oauthClients).where(mine).orderBy(asc(oauthClients.createdAt), asc(oauthClients.clientId)).offset(skip).limit(limit);
  const [{ total }] = await t.tx.select({ total: count() }).from(oauthClients).where(mine);
  return { rows: page, total };
}

export async function findTenantClient(t: TenantTx, clientId: string): Promise<OAuthClientRow | null> {
  const [row] = await t.tx
    .select()
    .from(oauthClients)
    .where(and(eq(oauthClients.tenantId, t.tenantId), eq(oauthClients.clientId, clientId)));
  return row ?? null;
}

export async function updateTenantClient(
  t: TenantTx,
  clientId: string,
  patch: Partial<Pick<OAuthClientRow, 'name' | 'logoUrl' | 'redirectUris' | 'postLogoutRedirectUris' | 'allowedScopes'>>,
  at: Date,
): Promise<OAuthClientRow | null> {
  const [row] = await t.tx
    .update(oauthClients)
    .set({ ...patch, updatedAt: at })
    .where(and(eq(oauthClients.tenantId, t.tenantId), eq(oauthClients.clientId, clientId)))
    .returning();
  return row ?? null;
}

/** Deletes the client; its consents, codes, grants and refresh tokens go with it (foreign keys cascade). */
export async function deleteTenantClient(t: TenantTx, clientId: string): Promise<boolean> {
  const deleted = await t.tx
    .delete(oauthClients)
    .where(and(eq(oauthClients.tenantId, t.tenantId), eq(oauthClients.clientId, clientId)))
    .returning({ id: oauthClients.id });
  return deleted.length > 0;
}
