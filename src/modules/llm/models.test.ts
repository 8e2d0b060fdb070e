import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import bundled from './catalog/catalog.json' with { type: 'json' };
import { loadCatalog, MODES } from './catalog/loader.js';

/** The bundled catalog, which a fresh test service loads. */
const BUNDLED = loadCatalog(bundled as Record<string, unknown>).models;

let t: TestService;
let a: TestTenant;
let b: TestTenant;
let viewer: string;
let member: string;

type Json = Record<string, any>;
async function req(tenant: TestTenant, method: string, url: string, payload?: unknown, token?: string) {
  const res = await t.app.inject({ method: method as 'GET', url, headers: tenant.auth(token), payload: payload as object });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Json };
}
const chatModels = async (tenant: TestTenant, query = '') =>
  (await req(tenant, 'GET', `/api/v1/llm/models${query}`)).body.models as Json[];

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Models A');
  b = await createTenant(t, 'Models B');
  viewer = (await a.userToken('viewer')).token;
  member = (await a.userToken('member')).token;
});

describe('GET /api/v1/llm/models', () => {
  it('lists chat models by default, with costs and the tenant status (all disabled at first)', async () => {
    const { status, body } = await req(a, 'GET', '/api/v1/llm/models');
    expect(status).toBe(200);
    expect(body.total).toBe(body.models.length);
    expect(body.models.length).toBe(BUNDLED.filter((m) => m.mode === 'chat').length);
    expect(body.models.every((m: Json) => m.mode === 'chat' && m.is_enabled === false && m.is_default === false)).toBe(true);
    const mini = body.models.find((m: Json) => m.model_name === 'gpt-4o-mini');
    expect(mini).toMatchObject({ provider: 'openai', input_cost_per_token: 1.5e-7, output_cost_per_token: 6e-7, max_input_tokens: 128000, provider_configured: false });
    expect(mini.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(mini.capabilities.vision).toBe(true);
  });

  it('filters by provider, mode and enabled_only; refuses an unknown mode with 422', async () => {
    const embeddings = (await req(a, 'GET', '/api/v1/llm/models?mode=embedding&provider=openai')).body.models as Json[];
    expect(embeddings.map((m) => m.model_name)).toContain('text-embedding-3-small');
    expect(embeddings.every((m) => m.mode === 'embedding' && m.provider === 'openai')).toBe(true);
    expect((await req(a, 'GET', '/api/v1/llm/models?enabled_only=true')).body.models).toEqual([]);
    expect((await req(a, 'GET', '/api/v1/llm/models?mode=poetry')).status).toBe(422);
  });

  it('is readable by viewers, members and llm:read keys; not by keys without it, nor anonymously', async () => {
    expect((await req(a, 'GET', '/api/v1/llm/models', undefined, viewer)).status).toBe(200);
    expect((await req(a, 'GET', '/api/v1/llm/models', undefined, member)).status).toBe(200);
    const reader = await a.apiKey(['llm:read']);
    const other = await a.apiKey(['documents:read']);
    expect((await req(a, 'GET', '/api/v1/llm/models', undefined, reader.key)).status).toBe(200);
    expect((await req(a, 'GET', '/api/v1/llm/models', undefined, other.key)).status).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/llm/models' })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/llm/models/catalog', () => {
  it('returns the whole catalog with its providers and modes, and filters', async () => {
    const { status, body } = await req(a, 'GET', '/api/v1/llm/models/catalog');
    expect(status).toBe(200);
    expect(body.total).toBe(body.models.length);
    expect(body.providers).toEqual(expect.arrayContaining(['openai', 'anthropic', 'groq', 'ollama']));
    expect([...body.modes].sort()).toEqual([...MODES].sort());
    const rerank = (await req(a, 'GET', '/api/v1/llm/models/catalog?mode=rerank&provider=cohere')).body;
    expect(rerank.total).toBe(BUNDLED.filter((m) => m.mode === 'rerank' && m.provider === 'cohere').length);
    expect(rerank.total).not.toBe(0);
    expect(rerank.models.every((m: Json) => m.mode === 'rerank' && m.provider === 'cohere')).toBe(true);
    expect(rerank.models[0]).not.toHaveProperty('is_enabled');
  });
});

describe('PATCH /api/v1/llm/models/{model_id}/preference', () => {
  it('enables a model by name or by UUID; 404 for an unknown model', async () => {
    const res = await req(a, 'PATCH', '/api/v1/llm/models/gpt-4o/preference', { is_enabled: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model_name: 'gpt-4o', mode: 'chat', provider: 'openai', is_enabled: true, is_default: false });
    expect(new Date(res.body.updated_at).toISOString()).toBe(res.body.updated_at);
    const byId = await req(a, 'PATCH', `/api/v1/llm/models/${res.body.model_id}/preference`, { is_enabled: false });
    expect(byId.body).toMatchObject({ model_name: 'gpt-4o', is_enabled: false });
    expect((await req(a, 'PATCH', '/api/v1/llm/models/no-such-model/preference', { is_enabled: true })).status).toBe(404);
    expect((await req(a, 'PATCH', '/api/v1/llm/models/00000000-0000-4000-8000-000000000000/preference', { is_enabled: true })).status).toBe(404);
  });

  it('refuses an empty change and a disabled default with 422', async () => {
    expect((await req(a, 'PATCH', '/api/v1/llm/models/gpt-4o/preference', {})).status).toBe(422);
    expect((await req(a, 'PATCH', '/api/v1/llm/models/gpt-4o/preference', { is_enabled: false, is_default: true })).status).toBe(422);
    expect((await req(a, 'PATCH', '/api/v1/llm/models/gpt-4o/preference', { is_enabled: 'maybe' })).status).toBe(422);
  });

  it('is_default true enables the model and unsets the previous default of that mode only', async () => {
    await req(a, 'PATCH', '/api/v1/llm/models/text-embedding-3-small/preference', { is_default: true });
    const first = await req(a, 'PATCH', '/api/v1/llm/models/gpt-4.1/preference', { is_default: true });
    expect(first.body).toMatchObject({ model_name: 'gpt-4.1', is_enabled: true, is_default: true });
    await req(a, 'PATCH', '/api/v1/llm/models/gpt-4.1-mini/preference', { is_default: true });
    const enabled = await chatModels(a, '?enabled_only=true');
    expect(enabled.filter((m) => m.is_default).map((m) => m.model_name)).toEqual(['gpt-4.1-mini']);
    expect(enabled.find((m) => m.model_name === 'gpt-4.1')).toMatchObject({ is_enabled: true, is_default: false });
    const embedding = (await req(a, 'GET', '/api/v1/llm/models?mode=embedding&enabled_only=true')).body.models as Json[];
    expect(embedding.map((m) => [m.model_name, m.is_default])).toEqual([['text-embedding-3-small', true]]);
  });

  it('disabling the default model also drops it as default', async () => {
    await req(a, 'PATCH', '/api/v1/llm/models/o3/preference', { is_default: true });
    const res = await req(a, 'PATCH', '/api/v1/llm/models/o3/preference', { is_enabled: false });
    expect(res.body).toMatchObject({ is_enabled: false, is_default: false });
  });

  it('leaves exactly one default when many models are made default at the same time', async () => {
    const names = ['claude-sonnet-4-5', 'claude-haiku-4-5', 'gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'o4-mini', 'o3-mini', 'gpt-4.1-nano'];
    const results = await Promise.all(names.map((n) => req(a, 'PATCH', `/api/v1/llm/models/${n}/preference`, { is_default: true })));
    expect(results.map((r) => r.status)).toEqual(names.map(() => 200));
    const enabled = await chatModels(a, '?enabled_only=true');
    expect(enabled.filter((m) => m.is_default)).toHaveLength(1);
    expect(names).toContain(enabled.find((m) => m.is_default)!.model_name);
    expect(names.every((n) => enabled.some((m) => m.model_name === n))).toBe(true);
  });

  it('accepts model names with slashes (URL-encoded), dots and colons', async () => {
    const slash = await req(a, 'PATCH', '/api/v1/llm/models/openai%2Fgpt-oss-120b/preference', { is_enabled: true });
    expect(slash.status).toBe(200);
    expect(slash.body).toMatchObject({ model_name: 'openai/gpt-oss-120b', provider: 'groq', is_enabled: true });
    const colon = await req(a, 'PATCH', `/api/v1/llm/models/${encodeURIComponent('llama3:70b')}/preference`, { is_enabled: true });
    expect(colon.body).toMatchObject({ model_name: 'llama3:70b', provider: 'ollama' });
    expect((await req(a, 'PATCH', '/api/v1/llm/models/gpt-5.1/preference', { is_enabled: true })).status).toBe(200);
  });

  it('is for admins: members and viewers get 403', async () => {
    expect((await req(a, 'PATCH', '/api/v1/llm/models/gpt-4o/preference', { is_enabled: true }, member)).status).toBe(403);
    expect((await req(a, 'PATCH', '/api/v1/llm/models/gpt-4o/preference', { is_enabled: true }, viewer)).status).toBe(403);
  });

  it("keeps preferences per tenant: B's change does not touch A, and A's defaults are invisible to B", async () => {
    const before = (await chatModels(a, '?enabled_only=true')).map((m) => [m.model_name, m.is_default]);
    expect(await chatModels(b, '?enabled_only=true')).toEqual([]);
    await req(b, 'PATCH', '/api/v1/llm/models/gpt-4.1-mini/preference', { is_enabled: false });
    await req(b, 'PATCH', '/api/v1/llm/models/gpt-4o-mini/preference', { is_default: true });
    expect((await chatModels(a, '?enabled_only=true')).map((m) => [m.model_name, m.is_default])).toEqual(before);
    expect((await chatModels(b, '?enabled_only=true')).map((m) => m.model_name)).toEqual(['gpt-4o-mini']);
  });
});

describe('version 2 listings', () => {
  /** What the tests above left enabled in tenant A. */
  const ENABLED_IN_A = [
    'claude-haiku-4-5', 'claude-sonnet-4-5', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'gpt-5', 'gpt-5-mini', 'gpt-5-nano', 'gpt-5.1',
    'llama3:70b', 'o3-mini', 'o4-mini', 'openai/gpt-oss-120b', 'text-embedding-3-small',
  ];

  it('groups every model by the seven modes with its enabled flag', async () => {
    const { status, body } = await req(a, 'GET', '/api/v2/llm/models');
    expect(status).toBe(200);
    for (const mode of MODES) expect(Array.isArray(body[mode])).toBe(true);
    expect(MODES.reduce((sum, mode) => sum + body[mode].length, 0)).toBe(body.total);
    expect(body.chat.find((m: Json) => m.model_name === 'gpt-4.1')).toMatchObject({ enabled: true, mode: 'chat' });
    expect(body.embedding.find((m: Json) => m.model_name === 'text-embedding-3-small')).toMatchObject({ enabled: true, is_default: true });
    const enabled = MODES.flatMap((mode) => body[mode] as Json[]).filter((m) => m.is_enabled);
    expect(enabled.map((m) => m.model_name).sort()).toEqual(ENABLED_IN_A);
    expect(body.enabled_total).toBe(ENABLED_IN_A.length);
    const bGrouped = (await req(b, 'GET', '/api/v2/llm/models')).body;
    expect(bGrouped.enabled_total).toBe(1);
  });

  it('names the per-tenant flag is_enabled, as the SPEC and v1 do, with enabled as an alias', async () => {
    const grouped = (await req(a, 'GET', '/api/v2/llm/models')).body;
    const flat = (await req(a, 'GET', '/api/v2/llm/models/flat?mode=chat')).body;
    for (const entry of [grouped.chat.find((m: Json) => m.model_name === 'gpt-4.1'), flat.models.find((m: Json) => m.model_name === 'gpt-4.1')]) {
      expect(entry).toMatchObject({ is_enabled: true, enabled: true });
    }
    for (const entry of [grouped.chat.find((m: Json) => m.model_name === 'gpt-4o'), flat.models.find((m: Json) => m.model_name === 'gpt-4o')]) {
      expect(entry).toMatchObject({ is_enabled: false, enabled: false });
    }
  });

  it('lists flat with mode, provider and enabled_only filters', async () => {
    const { body } = await req(a, 'GET', '/api/v2/llm/models/flat?mode=chat&provider=groq&enabled_only=true');
    expect(body.models.map((m: Json) => m.model_name)).toEqual(['openai/gpt-oss-120b']);
    const all = (await req(a, 'GET', '/api/v2/llm/models/flat')).body;
    expect(all.total).toBe((await req(a, 'GET', '/api/v2/llm/models')).body.total);
    expect((await req(a, 'GET', '/api/v2/llm/models/flat?mode=nope')).status).toBe(422);
  });
});

describe('POST /api/v2/llm/models/activate and DELETE .../deactivate', () => {
  it('activates a catalog model (optionally as default) and 404s for a name not in the catalog', async () => {
    const res = await req(a, 'POST', '/api/v2/llm/models/activate', { model_name: 'whisper-1', is_default: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model_name: 'whisper-1', mode: 'audio_transcription', is_enabled: true, is_default: true, model_created: false });
    expect((await req(a, 'POST', '/api/v2/llm/models/activate', { model_name: 'not-a-model' })).status).toBe(404);
    expect((await req(a, 'POST', '/api/v2/llm/models/activate', {})).status).toBe(422);
    expect((await req(a, 'POST', '/api/v2/llm/models/activate', { model_name: 'whisper-1' }, member)).status).toBe(403);
  });

  it('creates the model record when the catalog has the model but the table does not', async () => {
    await t.service.ctx.db.system((tx) => tx.execute(sql`DELETE FROM llm_models WHERE model_name = 'tts-1-hd'`));
    const res = await req(a, 'POST', '/api/v2/llm/models/activate', { model_name: 'tts-1-hd' });
    expect(res.body).toMatchObject({ model_name: 'tts-1-hd', mode: 'audio_speech', is_enabled: true, model_created: true });
  });

  it('deactivate removes the preference only: the model stays listed, with the same id', async () => {
    const before = (await req(a, 'GET', '/api/v2/llm/models')).body.audio_transcription.find((m: Json) => m.model_name === 'whisper-1');
    const res = await req(a, 'DELETE', '/api/v2/llm/models/whisper-1/deactivate');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model_name: 'whisper-1', model_id: before.id, is_enabled: false, preference_removed: true });
    const after = (await req(a, 'GET', '/api/v2/llm/models')).body.audio_transcription.find((m: Json) => m.model_name === 'whisper-1');
    expect(after).toMatchObject({ id: before.id, enabled: false, is_default: false });
    expect((await req(a, 'DELETE', '/api/v2/llm/models/whisper-1/deactivate')).body.preference_removed).toBe(false);
    expect((await req(a, 'DELETE', '/api/v2/llm/models/not-a-model/deactivate')).status).toBe(404);
    expect((await req(a, 'DELETE', '/api/v2/llm/models/whisper-1/deactivate', undefined, viewer)).status).toBe(403);
  });

  it('deactivates a name with a slash sent as %2F', async () => {
    await req(a, 'POST', '/api/v2/llm/models/activate', { model_name: 'meta-llama/llama-4-scout-17b-16e-instruct' });
    const res = await req(a, 'DELETE', '/api/v2/llm/models/meta-llama%2Fllama-4-scout-17b-16e-instruct/deactivate');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ model_name: 'meta-llama/llama-4-scout-17b-16e-instruct', preference_removed: true });
  });

  it("B deactivating a model only removes B's preference", async () => {
    await req(a, 'POST', '/api/v2/llm/models/activate', { model_name: 'gpt-4o-mini' });
    await req(b, 'DELETE', '/api/v2/llm/models/gpt-4o-mini/deactivate');
    expect((await chatModels(a, '?enabled_only=true')).some((m) => m.model_name === 'gpt-4o-mini')).toBe(true);
    expect(await chatModels(b, '?enabled_only=true')).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('marks every /api/v1/llm operation of this module deprecated and the v2 ones not', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const v1 = ['/api/v1/llm/providers', '/api/v1/llm/models', '/api/v1/llm/models/catalog', '/api/v1/llm/models/{model_id}/preference', '/api/v1/llm/models/{model_id}/access'];
    for (const path of v1) {
      for (const operation of Object.values(doc.paths[path]) as Json[]) expect(operation.deprecated, path).toBe(true);
    }
    expect(doc.paths['/api/v2/llm/models'].get.deprecated).toBeUndefined();
    expect(doc.paths['/api/v2/llm/providers/{provider}/credentials'].put.security).toEqual([{ bearerAuth: [] }]);
  });
});
