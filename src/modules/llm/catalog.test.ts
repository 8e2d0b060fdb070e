import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, runCommand, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { rows } from '../../platform/db/database.js';
import bundled from './catalog/catalog.json' with { type: 'json' };
import { loadCatalog } from './catalog/loader.js';

const SNAPSHOT = path.resolve(process.cwd(), '../shared/data/litellm-model-prices.json');
const hasSnapshot = existsSync(SNAPSHOT);
const BUNDLED_COUNT = loadCatalog(bundled).models.length;

let t: TestService;
let a: TestTenant;
let dir: string;

type Json = Record<string, any>;
const modelRows = (svc: TestService) =>
  svc.service.ctx.db.system((tx) => rows<{ id: string; model_name: string; in_catalog: boolean; input_cost_per_token: number | null }>(tx, sql`SELECT id, model_name, in_catalog, input_cost_per_token FROM llm_models ORDER BY model_name`));
const syncJson = async (svc: TestService, argv: string[]) => JSON.parse(await runCommand(svc, ['catalog', 'sync', ...argv, '--json'])) as Json;

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Catalog A');
  dir = await mkdtemp(path.join(tmpdir(), 'kb-catalog-'));
});
afterAll(async () => {
  await t?.close();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('catalog in the database', () => {
  it('is loaded on start from the bundled catalog', async () => {
    const stored = await modelRows(t);
    expect(stored.filter((r) => r.in_catalog)).toHaveLength(BUNDLED_COUNT);
  });

  it('`catalog sync` re-reads, changes nothing when nothing changed, keeps ids, and prints counts', async () => {
    const before = await modelRows(t);
    const text = await runCommand(t, ['catalog', 'sync']);
    expect(text).toBe(
      `Catalog synced from bundled catalog.json: ${BUNDLED_COUNT} models (0 new, 0 updated, ${BUNDLED_COUNT} unchanged, 0 no longer listed and kept), 0 entries skipped`,
    );
    expect(await modelRows(t)).toEqual(before);
  });

  it('updates changed entries in place and flags dropped ones without deleting a model a tenant uses', async () => {
    await t.app.inject({ method: 'POST', url: '/api/v2/llm/models/activate', headers: a.auth(), payload: { model_name: 'gpt-4o', is_default: true } });
    const before = new Map((await modelRows(t)).map((r) => [r.model_name, r]));
    const edited = structuredClone(bundled) as Record<string, Json>;
    delete edited['gpt-4o'];
    edited['gpt-4o-mini'].input_cost_per_token = 2e-7;
    edited['brand-new-model'] = { litellm_provider: 'openai', mode: 'chat', input_cost_per_token: 1e-6, output_cost_per_token: 2e-6 };
    const file = path.join(dir, 'edited.json');
    await writeFile(file, JSON.stringify(edited));

    const result = await syncJson(t, ['--file', file]);
    expect(result).toMatchObject({ total: BUNDLED_COUNT, inserted: 1, updated: 1, removed: 1, unchanged: BUNDLED_COUNT - 2, skipped: 0 });
    expect(result.source).toBe(`CATALOG_FILE ${file}`);
    const after = new Map((await modelRows(t)).map((r) => [r.model_name, r]));
    expect(after.get('gpt-4o')).toMatchObject({ id: before.get('gpt-4o')!.id, in_catalog: false });
    expect(after.get('gpt-4o-mini')).toMatchObject({ id: before.get('gpt-4o-mini')!.id, input_cost_per_token: 2e-7 });
    expect(after.get('brand-new-model')?.in_catalog).toBe(true);

    // The catalog view drops it; the tenant that uses it still sees it, still enabled and default.
    const catalog = (await t.app.inject({ method: 'GET', url: '/api/v1/llm/models/catalog', headers: a.auth() })).json();
    expect(catalog.models.some((m: Json) => m.model_name === 'gpt-4o')).toBe(false);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/llm/models?enabled_only=true', headers: a.auth() })).json();
    expect(mine.models.map((m: Json) => [m.model_name, m.is_default, m.in_catalog])).toEqual([['gpt-4o', true, false]]);

    // Back to the bundled file: the same row comes back into the catalog with the same id.
    const back = await syncJson(t, []);
    expect(back).toMatchObject({ inserted: 0, updated: 2, removed: 1 });
    const restored = new Map((await modelRows(t)).map((r) => [r.model_name, r]));
    expect(restored.get('gpt-4o')).toMatchObject({ id: before.get('gpt-4o')!.id, in_catalog: true });
    expect(restored.get('brand-new-model')?.in_catalog).toBe(false);
  });

  it('reports an unreadable source as an error and changes nothing', async () => {
    const before = await modelRows(t);
    await expect(runCommand(t, ['catalog', 'sync', '--file', path.join(dir, 'missing.json')])).rejects.toThrow(/cannot be read/);
    const bad = path.join(dir, 'bad.json');
    await writeFile(bad, '[1, 2, 3]');
    await expect(runCommand(t, ['catalog', 'sync', '--file', bad])).rejects.toThrow(/JSON object/);
    expect(await modelRows(t)).toEqual(before);
  });

  it.each([
    [['--url'], '--url needs a value'],
    [['--url', 'not a url'], 'CATALOG_URL is not a valid URL: not a url'],
    [['--url', 'http://example.com/c.json'], 'CATALOG_URL must be an https URL (plain http is allowed for loopback only): http://example.com/c.json'],
    [['--file', 'a.json', '--url', 'https://example.com/c.json'], 'give --file or --url, not both'],
  ])('`catalog sync %j` is bad usage: exit 2, nothing done', async (argv, message) => {
    const before = await modelRows(t);
    const error = await runCommand(t, ['catalog', 'sync', ...argv]).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(new RegExp(`exited 2: ${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\nUsage: catalog sync`));
    expect(await modelRows(t)).toEqual(before);
  });
});

describe('start with a catalog source that cannot be read', () => {
  it('still starts, on the bundled catalog when the database has none', async () => {
    const svc = await startTestService({ env: { CATALOG_FILE: path.join(tmpdir(), 'kb-no-such-catalog.json') } });
    try {
      expect((await modelRows(svc)).length).toBe(BUNDLED_COUNT);
    } finally {
      await svc.close();
    }
  });
});

describe('the real LiteLLM snapshot (../shared/data/litellm-model-prices.json)', () => {
  if (!hasSnapshot) {
    it.skip(`skipped: ${SNAPSHOT} does not exist (reference data outside the repository)`, () => {});
    return;
  }
  it('loads on start through CATALOG_FILE, and a second sync changes nothing', async () => {
    const expected = loadCatalog(JSON.parse(await readFile(SNAPSHOT, 'utf8'))).models;
    const svc = await startTestService({ env: { CATALOG_FILE: SNAPSHOT } });
    try {
      const stored = await modelRows(svc);
      expect(stored.filter((r) => r.in_catalog).length).toBe(expected.length);
      expect(stored.length).toBeGreaterThan(2000);
      const again = await syncJson(svc, []);
      expect(again).toMatchObject({ total: expected.length, inserted: 0, updated: 0, removed: 0, unchanged: expected.length });
      expect(await modelRows(svc)).toEqual(stored);
      const providers = (await svc.app.inject({ method: 'GET', url: '/api/v2/llm/providers', headers: (await createTenant(svc, 'Snapshot')).auth() })).json();
      expect(providers.length).toBeGreaterThan(20);
    } finally {
      await svc.close();
    }
  });
});
