import { and, asc, desc, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { TenantTx } from '../../platform/db/tenant-db.js';
import { connectorItems, connectorRunErrors, connectorRuns, type ConnectorItemRow, type ConnectorRunRow, type RunTrigger } from './connectors.table.js';

/** The SQL of connector runs, their errors and the items a connector has indexed; scoped to the transaction's tenant. */

/** Errors kept per run at most: a source where everything fails must not fill the table. */
const RUN_ERRORS_KEPT = 1000;

export interface RunCounts {
  seen: number;
  added: number;
  updated: number;
  unchanged: number;
  deleted: number;
  failed: number;
}

export async function insertRun(t: TenantTx, values: { id: string; connectorId: string; trigger: RunTrigger }): Promise<ConnectorRunRow> {
  const [row] = await t.tx.insert(connectorRuns).values({ ...values, tenantId: t.tenantId }).returning();
  return row;
}

export async function findActiveRun(t: TenantTx, connectorId: string): Promise<ConnectorRunRow | null> {
  const [row] = await t.tx
    .select()
    .from(connectorRuns)
    .where(and(eq(connectorRuns.tenantId, t.tenantId), eq(connectorRuns.connectorId, connectorId), inArray(connectorRuns.status, ['queued', 'running'])));
  return row ?? null;
}

/** The run, or null; with `connectorId`, only a run of that connector. `forUpdate` locks it. */
export async function findRun(t: TenantTx, runId: string, options: { connectorId?: string; forUpdate?: boolean } = {}): Promise<ConnectorRunRow | null> {
  const conditions = [eq(connectorRuns.tenantId, t.tenantId), eq(connectorRuns.id, runId)];
  if (options.connectorId) conditions.push(eq(connectorRuns.connectorId, options.connectorId));
  const query = t.tx.select().from(connectorRuns).where(and(...conditions));
  const [row] = options.forUpdate ? await query.for('update') : await query;
  return row ?? null;
}

export async function findRuns(t: TenantTx, runIds: readonly string[]): Promise<ConnectorRunRow[]> {
  if (runIds.length === 0) return [];
  return t.tx.select().from(connectorRuns).where(and(eq(connectorRuns.tenantId, t.tenantId), inArray(connectorRuns.id, [...runIds])));
}

export async function listRuns(t: TenantTx, connectorId: string, skip: number, limit: number): Promise<{ rows: ConnectorRunRow[]; total: number }> {
  const page = await t.tx
    .select({ run: connectorRuns, total: sql<number>`count(*) OVER ()`.mapWith(Number) })
    .from(connectorRuns)
    .where(and(eq(connectorRuns.tenantId, t.tenantId), eq(connectorRuns.connectorId, connectorId)))
    .orderBy(desc(connectorRuns.createdAt), desc(connectorRuns.id))
    .offset(skip)
    .limit(limit);
  if (page.length > 0) return { rows: page.map((r) => r.run), total: page[0].total };
  const [{ n }] = await t.tx
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(connectorRuns)
    .where(and(eq(connectorRuns.tenantId, t.tenantId), eq(connectorRuns.connectorId, connectorId)));
  return { rows: [], total: n };
}

export async function updateRun(
  t: TenantTx,
  runId: string,
  values: Partial<Pick<typeof connectorRuns.$inferInsert, 'status' | 'listingComplete' | 'error'>> & { startedAt?: SQL; finishedAt?: SQL },
): Promise<ConnectorRunRow | null> {
  const [row] = await t.tx
    .update(connectorRuns)
    .set(values as Partial<typeof connectorRuns.$inferInsert>)
    .where(and(eq(connectorRuns.tenantId, t.tenantId), eq(connectorRuns.id, runId)))
    .returning();
  return row ?? null;
}

/** Adds to the run's counts (in the transaction that commits what they count). */
export async function addToCounts(t: TenantTx, runId: string, delta: Partial<RunCounts>): Promise<void> {
  const set: Record<string, SQL> = {};
  for (const [key, value] of Object.entries(delta)) {
    if (!value) continue;
    const column = connectorRuns[key as keyof RunCounts];
    set[key] = sql`${column} + ${value}`;
  }
  if (Object.keys(set).length === 0) return;
  await t.tx
    .update(connectorRuns)
    .set(set)
    .where(and(eq(connectorRuns.tenantId, t.tenantId), eq(connectorRuns.id, runId)));
}

/** Records an item's error, unless the run already holds RUN_ERRORS_KEPT of them (the count still says how many). */
export async function insertRunError(t: TenantTx, runId: string, error: { externalId: string | null; url: string | null; message: string }): Promise<void> {
  await t.tx.execute(sql`
    INSERT INTO connector_run_errors (tenant_id, run_id, external_id, url, message)
    SELECT ${t.tenantId}, ${runId}, ${error.externalId}, ${error.url}, ${error.message.slice(0, 2000)}
    WHERE (SELECT count(*) FROM connector_run_errors WHERE tenant_id = ${t.tenantId} AND run_id = ${runId}) < ${RUN_ERRORS_KEPT}`);
}

export async function listRunErrors(t: TenantTx, runId: string, limit: number) {
  return t.tx
    .select({ externalId: connectorRunErrors.externalId, url: connectorRunErrors.url, message: connectorRunErrors.message })
    .from(connectorRunErrors)
    .where(and(eq(connectorRunErrors.tenantId, t.tenantId), eq(connectorRunErrors.runId, runId)))
    .orderBy(asc(connectorRunErrors.createdAt), asc(connectorRunErrors.id))
    .limit(limit);
}

/** What a run needs of every known item up front (meta is read per item, only when asked for). */
export interface KnownItem {
  externalId: string;
  version: string;
  documentId: string | null;
  lastSeenRunId: string | null;
  hasMeta: boolean;
}

export async function knownItems(t: TenantTx, connectorId: string): Promise<KnownItem[]> {
  return t.tx
    .select({
      externalId: connectorItems.externalId,
      version: connectorItems.version,
      documentId: connectorItems.documentId,
      lastSeenRunId: connectorItems.lastSeenRunId,
      hasMeta: sql<boolean>`${connectorItems.meta} IS NOT NULL`,
    })
    .from(connectorItems)
    .where(and(eq(connectorItems.tenantId, t.tenantId), eq(connectorItems.connectorId, connectorId)));
}

export async function itemMeta(t: TenantTx, connectorId: string, externalId: string): Promise<Record<string, unknown> | null> {
  const [row] = await t.tx
    .select({ meta: connectorItems.meta })
    .from(connectorItems)
    .where(and(eq(connectorItems.tenantId, t.tenantId), eq(connectorItems.connectorId, connectorId), eq(connectorItems.externalId, externalId)));
  return row?.meta ?? null;
}

/** The item as this run recorded it: inserted, or its version, document, address, meta and run replaced. */
export async function upsertItem(
  t: TenantTx,
  values: { connectorId: string; externalId: string; version: string; documentId: string | null; url: string | null; meta: Record<string, unknown> | null; runId: string },
): Promise<void> {
  const row = {
    tenantId: t.tenantId,
    connectorId: values.connectorId,
    externalId: values.externalId,
    version: values.version,
    documentId: values.documentId,
    url: values.url,
    meta: values.meta,
    lastSeenRunId: values.runId,
  };
  await t.tx
    .insert(connectorItems)
    .values(row)
    .onConflictDoUpdate({
      target: [connectorItems.tenantId, connectorItems.connectorId, connectorItems.externalId],
      set: { version: row.version, documentId: row.documentId, url: row.url, meta: row.meta, lastSeenRunId: row.lastSeenRunId, updatedAt: sql`now()` },
    });
}

/** Marks items as listed by this run without changing them (unchanged, or failed to fetch: kept either way). */
export async function touchItems(t: TenantTx, connectorId: string, runId: string, externalIds: readonly string[]): Promise<void> {
  if (externalIds.length === 0) return;
  await t.tx
    .update(connectorItems)
    .set({ lastSeenRunId: runId })
    .where(and(eq(connectorItems.tenantId, t.tenantId), eq(connectorItems.connectorId, connectorId), inArray(connectorItems.externalId, [...externalIds])));
}

export async function setItemMeta(t: TenantTx, connectorId: string, externalId: string, meta: Record<string, unknown>): Promise<void> {
  await t.tx
    .update(connectorItems)
    .set({ meta })
    .where(and(eq(connectorItems.tenantId, t.tenantId), eq(connectorItems.connectorId, connectorId), eq(connectorItems.externalId, externalId)));
}

/** Items a complete listing of `runId` did not list: their documents go. At most `limit` at once. */
export async function staleItems(t: TenantTx, connectorId: string, runId: string, limit: number): Promise<Pick<ConnectorItemRow, 'externalId' | 'documentId' | 'url'>[]> {
  return t.tx
    .select({ externalId: connectorItems.externalId, documentId: connectorItems.documentId, url: connectorItems.url })
    .from(connectorItems)
    .where(
      and(
        eq(connectorItems.tenantId, t.tenantId),
        eq(connectorItems.connectorId, connectorId),
        or(isNull(connectorItems.lastSeenRunId), ne(connectorItems.lastSeenRunId, runId)),
      ),
    )
    .limit(limit);
}

export async function deleteItems(t: TenantTx, connectorId: string, externalIds: readonly string[]): Promise<void> {
  if (externalIds.length === 0) return;
  await t.tx
    .delete(connectorItems)
    .where(and(eq(connectorItems.tenantId, t.tenantId), eq(connectorItems.connectorId, connectorId), inArray(connectorItems.externalId, [...externalIds])));
}

