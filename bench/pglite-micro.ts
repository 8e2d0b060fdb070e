/**
 * The embedded database alone, in this process (no HTTP): the tenant-scoped read of GET /api/v1/api-keys/
 * (a tenant transaction with the window-count page of 20 keys) on PGlite's own `query` and on the pipelined
 * client (PGLITE_PIPELINE), alternated in one run on one data directory each.
 * Usage: npx tsx bench/pglite-micro.ts [iterations]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openPglite } from '../src/platform/db/pglite.js';
import { tenantDb } from '../src/platform/db/tenant-db.js';
import { tenants } from '../src/modules/tenants/tenants.table.js';
import { apiKeys } from '../src/modules/api-keys/api-keys.table.js';
import { listApiKeys } from '../src/modules/api-keys/api-keys.repo.js';

const iterations = Number(process.argv[2] ?? 3000);

async function open(pipeline: boolean) {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kb-micro-'));
  const db = await openPglite({ dataDir: dir, appRole: 'kb_app', pipeline });
  const tenantId = randomUUID();
  await db.system((tx) => tx.insert(tenants).values({ id: tenantId, slug: `t${tenantId.slice(0, 8)}`, name: 'Bench' }));
  await db.tenant(tenantId, (tx) =>
    tx.insert(apiKeys).values(
      Array.from({ length: 21 }, (_, i) => ({ tenantId, name: `k${i}`, prefix: `p${i}`, keyHash: `h${i}-${tenantId}`, scopes: ['documents:read'] })),
    ),
  );
  return { db, tdb: tenantDb(db, tenantId), dir };
}

const modes = { own: await open(false), pipelined: await open(true) };
// Same answer from both (ids, tenant and times differ between the two databases; the order among equal times too).
const shape = async (tdb: (typeof modes)['own']['tdb']) => {
  const { rows, total } = await tdb.run((t) => listApiKeys(t, 0, 21));
  const keys = rows.map((k) => ({ ...k, id: typeof k.id, tenantId: typeof k.tenantId, keyHash: k.keyHash.split('-')[0], createdAt: k.createdAt instanceof Date }));
  return JSON.stringify({ total, keys: keys.sort((a, b) => a.name.localeCompare(b.name)) });
};
const reference = await shape(modes.own.tdb);
const other = await shape(modes.pipelined.tdb);
if (reference !== other) throw new Error(`results differ:\n${reference}\n${other}`);

for (let round = 0; round < 2; round++) {
  for (const [name, { tdb }] of Object.entries(modes)) {
    if (process.env.MICRO_ONLY && process.env.MICRO_ONLY !== name) continue;
    for (let i = 0; i < 200; i++) await tdb.run((t) => listApiKeys(t, 0, 20));
    const start = process.hrtime.bigint();
    for (let i = 0; i < iterations; i++) await tdb.run((t) => listApiKeys(t, 0, 20));
    const us = Number(process.hrtime.bigint() - start) / 1000 / iterations;
    console.log(`round ${round + 1} ${name.padEnd(9)} ${us.toFixed(0)} µs per tenant read (${(1e6 / us).toFixed(0)}/s)`);
  }
}
for (const { db, dir } of Object.values(modes)) {
  await db.close();
  await rm(dir, { recursive: true, force: true });
}
const status = await import('node:fs/promises').then((fs) => fs.readFile('/proc/self/status', 'utf8'));
console.log(`peak RSS (VmHWM) ${Math.round(Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024)} MB; V8 flags: ${process.execArgv.filter((a) => a.startsWith('--') && !a.includes('import')).join(' ') || 'none'}`);
