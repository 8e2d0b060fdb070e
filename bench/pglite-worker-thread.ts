/**
 * The worker side of bench/pglite-worker.ts: the service's embedded database (openPglite with the pipelined
 * client, the service's migrations, pgvector) opened in a worker_threads Worker of its own, seeded with one tenant
 * and 22 API keys (as bench/core.ts leaves it: the admin key, 20 fillers, the replayed one), answering requests
 * posted on the MessagePort it is given:
 *   [id, 'read']    the tenant read of GET /api/v1/api-keys/?limit=20 (listApiKeys(t, 0, 20) in db.tenant(): BEGIN
 *                   and the tenant setting, the page of 20 with its window count, COMMIT), answered with its rows
 *   [id, 'oneCall'] the floor of the same read: one simple-protocol call into WebAssembly (`BEGIN; SELECT
 *                   set_config(…); EXECUTE <the page, prepared once in the session>; COMMIT`), its raw reply's
 *                   size answered, no rows decoded, no Drizzle
 *   [id, 'txOnly']  that call without the page (`BEGIN; SELECT set_config(…); COMMIT`)
 *   [id, 'pageOnly'] that call with the page alone (`EXECUTE <the page>`, the tenant left in the session)
 *   [id, 'readTotal'] the read of 'read', answered with its total only (no rows cloned to the other thread)
 *   [id, 'select1'] `SELECT 1` outside a transaction (one statement into the database)
 *   [id, 'echo']    nothing: the messaging alone
 *   [id, 'cpu']     this thread's CPU time (process.threadCpuUsage, µs)
 * Replies are [id, payload]. Measurement only: the service does not use this.
 */
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openPglite, simpleQuery } from '../src/platform/db/pglite.js';
import { tenantDb } from '../src/platform/db/tenant-db.js';
import { tenants } from '../src/modules/tenants/tenants.table.js';
import { apiKeys } from '../src/modules/api-keys/api-keys.table.js';
import { listApiKeys } from '../src/modules/api-keys/api-keys.repo.js';

export const KEYS = 22;

/** Opens the service's database on `dataDir` and seeds one tenant with KEYS keys; used by both threads. */
export async function openSeeded(dataDir: string) {
  const db = await openPglite({ dataDir, appRole: 'kb_app', pipeline: true });
  const tenantId = randomUUID();
  await db.system((tx) => tx.insert(tenants).values({ id: tenantId, slug: `t${tenantId.slice(0, 8)}`, name: 'Bench' }));
  await db.tenant(tenantId, (tx) =>
    tx.insert(apiKeys).values(
      Array.from({ length: KEYS }, (_, i) => ({ tenantId, name: `k${i}`, prefix: `p${i}`, keyHash: `h${i}-${tenantId}`, scopes: ['documents:read'] })),
    ),
  );
  const tdb = tenantDb(db, tenantId);
  // The page as Drizzle sends it (listApiKeys), prepared once in the session for the one-call floor.
  await db.pglite.exec(
    `PREPARE bench_page(uuid) AS SELECT "id", "tenant_id", "name", "prefix", "key_hash", "scopes", "created_by_user_id", "created_by_api_key_id", "created_at", "expires_at", "last_used_at", count(*) OVER () FROM "api_keys" WHERE "api_keys"."tenant_id" = $1 ORDER BY "api_keys"."created_at" DESC, "api_keys"."id" DESC LIMIT 20 OFFSET 0`,
  );
  const oneCallMessage = simpleQuery(`BEGIN; SELECT set_config('app.tenant_id', '${tenantId}', true); EXECUTE bench_page('${tenantId}'); COMMIT`);
  const [probe] = (await db.pglite.exec(`BEGIN; SELECT set_config('app.tenant_id', '${tenantId}', true); EXECUTE bench_page('${tenantId}'); COMMIT`)).slice(2);
  if (probe.rows.length !== 20) throw new Error(`one-call page read ${probe.rows.length} rows`);
  const txOnlyMessage = simpleQuery(`BEGIN; SELECT set_config('app.tenant_id', '${tenantId}', true); COMMIT`);
  const pageOnlyMessage = simpleQuery(`EXECUTE bench_page('${tenantId}')`);
  // For 'pageOnly' only: every other read sets the same tenant again, locally, in its own transaction.
  await db.pglite.exec(`SELECT set_config('app.tenant_id', '${tenantId}', false)`);
  const raw = (message: Uint8Array) => () =>
    db.pglite._runExclusiveTransaction(() => db.pglite.runExclusive(() => db.pglite.execProtocolRaw(message, { syncToFs: false }))).then((r) => r.length);
  return {
    db,
    txOnly: raw(txOnlyMessage),
    pageOnly: raw(pageOnlyMessage),
    tenantId,
    read: () => tdb.run((t) => listApiKeys(t, 0, 20)),
    select1: () => db.query(sql`SELECT 1`),
    /** Both PGlite locks held, as its own exec does; the reply's bytes are not decoded. */
    oneCall: raw(oneCallMessage),
  };
}

if (parentPort && workerData?.port) {
  const port = workerData.port as MessagePort;
  const seeded = await openSeeded(workerData.dataDir as string);
  const check = await seeded.read();
  if (check.rows.length !== 20 || check.total !== KEYS) throw new Error(`seed check: ${check.rows.length} rows, total ${check.total}`);
  // Each operation answers with its payload; the synchronous ones ('echo', 'cpu') measure the messaging itself.
  const operations: Record<string, () => unknown> = {
    read: () => seeded.read(),
    readTotal: () => seeded.read().then((result) => result.total),
    select1: () => seeded.select1(),
    oneCall: () => seeded.oneCall(),
    txOnly: () => seeded.txOnly(),
    pageOnly: () => seeded.pageOnly(),
    echo: () => null,
    cpu: () => process.threadCpuUsage(),
    close: () => seeded.db.close().then(() => null),
  };
  port.on('message', ([id, op]: [number, string]) => {
    const run = operations[op];
    if (!run) return port.postMessage([id, { error: `unknown op ${op}` }]);
    const payload = run();
    if (!(payload instanceof Promise)) return port.postMessage([id, payload]);
    payload.then(
      (result) => port.postMessage([id, result]),
      (error: unknown) => port.postMessage([id, { error: String(error) }]),
    );
  });
  parentPort.postMessage({ ready: true, tenantId: seeded.tenantId });
}
