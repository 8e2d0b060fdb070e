import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiKeys } from '../../modules/api-keys/api-keys.table.js';
import { tenants } from '../../modules/tenants/tenants.table.js';
import { notifyOnCommit, rows } from './database.js';
import { openPglite } from './pglite.js';

/**
 * PGLITE_PIPELINE: the embedded database with its statements sent as one WebAssembly call each, named prepared
 * statements and BEGIN with the tenant setting in one call. Everything the rest of the code relies on must hold
 * as with PGlite's own client: commit and rollback, savepoints, row-level security, NOTIFY on commit, parameters
 * of every kind, a failed statement leaving the connection usable, maintenance, and close.
 */
const APP_ROLE = 'kb_app';
let db: Awaited<ReturnType<typeof openPglite>>;
const tenantA = randomUUID();
const tenantB = randomUUID();

/** Drizzle wraps a driver's error ("Failed query: ..."); the database's own message is its cause. */
const failsWith = (pattern: RegExp) => ({ cause: expect.objectContaining({ message: expect.stringMatching(pattern) }) });
const key = (tenantId: string, name: string) => ({ tenantId, name, prefix: name, keyHash: `${name}-${randomUUID()}`, scopes: ['documents:read'] });
const names = (tenantId: string) => db.tenant(tenantId, async (tx) => (await tx.select({ name: apiKeys.name }).from(apiKeys)).map((r) => r.name).sort());

/** The migrated template when the suite runs on PGlite; on a PostgreSQL suite there is none and migrations run. */
const open = async () => {
  const template = inject('pgliteTemplate');
  return openPglite({ dataDir: null, appRole: APP_ROLE, pipeline: true, loadFrom: template ? new Blob([await readFile(template)]) : undefined });
};

beforeAll(async () => {
  db = await open();
  await db.system((tx) =>
    tx.insert(tenants).values([
      { id: tenantA, slug: `pipe-a-${tenantA.slice(0, 8)}`, name: 'A' },
      { id: tenantB, slug: `pipe-b-${tenantB.slice(0, 8)}`, name: 'B' },
    ]),
  );
});

afterAll(async () => {
  await db?.close();
});

describe('PGlite pipelined client', () => {
  it('commits a tenant transaction, and row-level security scopes every read to its tenant', async () => {
    await db.tenant(tenantA, (tx) => tx.insert(apiKeys).values([key(tenantA, 'a1'), key(tenantA, 'a2')]));
    await db.tenant(tenantB, (tx) => tx.insert(apiKeys).values(key(tenantB, 'b1')));
    // The same statement text, now a prepared statement, answers for each tenant its own rows.
    for (let i = 0; i < 3; i++) {
      expect(await names(tenantA)).toEqual(['a1', 'a2']);
      expect(await names(tenantB)).toEqual(['b1']);
    }
    // A row of another tenant can neither be written nor seen from here.
    await expect(db.tenant(tenantA, (tx) => tx.insert(apiKeys).values(key(tenantB, 'smuggled')))).rejects.toThrow();
    expect(await names(tenantB)).toEqual(['b1']);
    // Outside a tenant transaction no tenant row is visible at all.
    expect(await db.query(sql`SELECT count(*)::int AS n FROM api_keys`)).toEqual([{ n: 0 }]);
  });

  it('rolls the whole transaction back on an error, and the next statement runs normally', async () => {
    await expect(
      db.tenant(tenantA, async (tx) => {
        await tx.insert(apiKeys).values(key(tenantA, 'doomed'));
        await tx.execute(sql`SELECT 1 / 0`);
      }),
    ).rejects.toMatchObject(failsWith(/division by zero/));
    expect(await names(tenantA)).toEqual(['a1', 'a2']);
    expect(db.pglite.isInTransaction()).toBe(false);
  });

  it('a statement that fails after it was parsed can run again (its prepared statement is dropped, not left half-made)', async () => {
    const cast = (value: string) => db.query<{ n: number }>(sql`SELECT ${value}::int AS n`);
    await expect(cast('not a number')).rejects.toMatchObject(failsWith(/invalid input syntax/));
    expect(await cast('41')).toEqual([{ n: 41 }]);
    expect(await cast('42')).toEqual([{ n: 42 }]);
  });

  it('nested transactions are savepoints: an inner failure undoes only the inner work', async () => {
    await db.tenant(tenantA, async (tx) => {
      await tx.insert(apiKeys).values(key(tenantA, 'outer'));
      await expect(
        tx.transaction(async (inner) => {
          await inner.insert(apiKeys).values(key(tenantA, 'inner'));
          throw new Error('inner fails');
        }),
      ).rejects.toThrow('inner fails');
      await tx.transaction(async (inner) => {
        await inner.insert(apiKeys).values(key(tenantA, 'inner-kept'));
      });
    });
    expect(await names(tenantA)).toEqual(['a1', 'a2', 'inner-kept', 'outer']);
  });

  it('NOTIFY reaches listeners when the transaction commits, and never when it rolls back', async () => {
    const heard: string[] = [];
    const unlisten = await db.listen('pipeline_test', (payload) => heard.push(payload));
    await expect(
      db.tenant(tenantA, async (tx) => {
        await notifyOnCommit(tx, 'pipeline_test', 'rolled-back');
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    await db.tenant(tenantA, (tx) => notifyOnCommit(tx, 'pipeline_test', 'committed'));
    await db.notify('pipeline_test', 'direct');
    await db.ping(); // notifications are delivered in microtasks of the call that received them
    expect(heard).toEqual(['committed', 'direct']);
    await unlisten();
  });

  it('passes parameters of every kind as the server infers them', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    const [row] = await db.query<Record<string, unknown>>(sql`
      SELECT ${at}::timestamptz = '2026-01-02T03:04:05.678Z'::timestamptz AS date_ok,
             ${true}::boolean AS flag, ${12.5}::float8 AS num, ${null}::text AS nothing,
             ${'{"a":[1,"x\\"y"]}'}::jsonb ->> 'a' AS json_text,
             '{a,b}'::text[] = ${sql.param(['a', 'b'])}::text[] AS array_ok,
             ${sql.param([['x,"1', null]])}::text[] AS nested,
             encode(${new Uint8Array([0, 255, 16])}::bytea, 'hex') AS bytes,
             ${"it's"} AS quoted`);
    expect(row).toEqual({
      date_ok: true,
      flag: true,
      num: 12.5,
      nothing: null,
      json_text: '[1, "x\\"y"]',
      array_ok: true,
      nested: [['x,"1', null]],
      bytes: '00ff10',
      quoted: "it's",
    });
  });

  it('reads typed columns as Drizzle expects (dates, arrays, counts) through a filtered select', async () => {
    const [found] = await db.tenant(tenantA, (tx) => tx.select().from(apiKeys).where(eq(apiKeys.name, 'a1')));
    expect(found.createdAt).toBeInstanceOf(Date);
    expect(found.scopes).toEqual(['documents:read']);
    expect(found.tenantId).toBe(tenantA);
    const counted = await db.tenant(tenantA, (tx) => rows<{ n: number }>(tx, sql`SELECT count(*)::int AS n FROM api_keys`));
    expect(counted).toEqual([{ n: 4 }]);
  });

  it('maintenance still runs as the owner and leaves the connection the app role', async () => {
    const owner = await db.maintain((run) => run('SELECT current_user AS who'));
    expect(owner?.[0]?.who).not.toBe(APP_ROLE);
    await db.vacuum!(['api_keys']);
    expect(await db.query(sql`SELECT current_user AS who`)).toEqual([{ who: APP_ROLE }]);
    expect(await names(tenantB)).toEqual(['b1']);
  });

  it('closes, after which statements are refused', async () => {
    const other = await open();
    expect(await other.query(sql`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
    await other.close();
    await expect(other.query(sql`SELECT 1 AS one`)).rejects.toMatchObject(failsWith(/closed/i));
  });
});
