import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { rows } from '../../platform/db/database.js';
import bundled from './catalog/catalog.json' with { type: 'json' };
import { loadCatalog, MODES } from './catalog/loader.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;
let member: string;
let viewer: string;

const KEY_A = 'sk-proj-tenantA-0123456789abcdefWXYZ';
const CREDS = '/api/v2/llm/providers/openai/credentials';

type Json = Record<string, any>;
async function req(tenant: TestTenant, method: string, url: string, payload?: unknown, token?: string) {
  const res = await t.app.inject({ method: method as 'GET', url, headers: tenant.auth(token), payload: payload as object });
  return { status: res.statusCode, body: (res.body ? res.json() : null) as Json, raw: res.body };
}
const providerV1 = async (tenant: TestTenant, name: string) =>
  ((await req(tenant, 'GET', '/api/v1/llm/providers')).body.providers as Json[]).find((p) => p.provider === name);

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Providers A');
  b = await createTenant(t, 'Providers B');
  member = (await a.userToken('member')).token;
  viewer = (await a.userToken('viewer')).token;
});
afterAll(async () => t?.close());

describe('provider listings', () => {
  it('v1: every catalog provider with isConfigured, model_count and modes', async () => {
    const { status, body } = await req(a, 'GET', '/api/v1/llm/providers', undefined, viewer);
    expect(status).toBe(200);
    expect(body.total).toBe(body.providers.length);
    expect(body.providers.map((p: Json) => p.provider)).toEqual(expect.arrayContaining(['openai', 'anthropic', 'mistral', 'google', 'groq', 'cohere', 'ollama']));
    const openai = body.providers.find((p: Json) => p.provider === 'openai');
    expect(openai).toMatchObject({ isConfigured: false, key_hint: null, base_url: null });
    expect(openai.model_count).toBe(loadCatalog(bundled as Record<string, unknown>).models.filter((m) => m.provider === 'openai').length);
    expect(openai.modes).toEqual(expect.arrayContaining(['chat', 'embedding', 'image_generation', 'audio_transcription', 'audio_speech', 'moderation']));
    expect(body.providers.find((p: Json) => p.provider === 'cohere').modes).toContain('rerank');
  });

  it('v2: an array with the model count per mode', async () => {
    const { status, body } = await req(a, 'GET', '/api/v2/llm/providers');
    expect(status).toBe(200);
    expect(Array.isArray(body)).toBe(true);
    for (const p of body as Json[]) {
      expect(Object.keys(p.models_by_mode).sort()).toEqual([...MODES].sort());
      expect(Object.values(p.models_by_mode as Record<string, number>).reduce((s, n) => s + n, 0)).toBe(p.model_count);
    }
    expect((body as Json[]).find((p) => p.provider === 'cohere')!.models_by_mode.rerank).toBe(3);
  });

  it('refuses anonymous callers and keys without llm:read', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v2/llm/providers' })).statusCode).toBe(401);
    const key = await a.apiKey(['documents:read']);
    expect((await req(a, 'GET', '/api/v1/llm/providers', undefined, key.key)).status).toBe(403);
  });
});

describe('PUT /api/v2/llm/providers/{provider}/credentials', () => {
  it('stores the key and answers with a hint, never the key', async () => {
    const res = await req(a, 'PUT', CREDS, { api_key: KEY_A, organization: 'org-a' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ provider: 'openai', isConfigured: true, key_hint: 'sk-…WXYZ', base_url: null, organization: 'org-a' });
    expect(res.raw).not.toContain('0123456789abcdef');
    const listed = await req(a, 'GET', '/api/v1/llm/providers');
    expect(listed.raw).not.toContain('0123456789abcdef');
    expect(await providerV1(a, 'openai')).toMatchObject({ isConfigured: true, key_hint: 'sk-…WXYZ' });
    const models = (await req(a, 'GET', '/api/v1/llm/models?provider=openai')).body.models as Json[];
    expect(models.every((m) => m.provider_configured)).toBe(true);
  });

  it('keeps the key encrypted at rest, stamped with the key version', async () => {
    const [row] = await t.service.ctx.db.tenant(a.tenantId, (tx) =>
      rows<Json>(tx, sql`SELECT row_to_json(c)::text AS json, key_version, ciphertext, length(iv) AS iv_length, length(auth_tag) AS tag_length FROM llm_provider_credentials c WHERE tenant_id = ${a.tenantId} AND provider = 'openai'`),
    );
    expect(row.json).not.toContain('0123456789abcdef');
    expect(row.json).not.toContain(Buffer.from(KEY_A).toString('hex'));
    expect(Buffer.from(row.ciphertext).includes(Buffer.from(KEY_A))).toBe(false);
    expect(row.key_version).toBe(t.service.ctx.secrets.encryptionKeyVersion);
    expect(Number(row.iv_length)).toBe(12);
    expect(Number(row.tag_length)).toBe(16);
  });

  it('replaces the key on a second PUT (the key is always required: 422 without it)', async () => {
    expect((await req(a, 'PUT', CREDS, { base_url: 'https://api.example.com/v1' })).status).toBe(422);
    expect((await req(a, 'PUT', CREDS, { api_key: '' })).status).toBe(422);
    expect((await req(a, 'PUT', CREDS, { api_key: '   ' })).status).toBe(422);
    expect((await req(a, 'PUT', CREDS, { api_key: 'sk-abc\r\nX-Evil: 1' })).status).toBe(422);
    const res = await req(a, 'PUT', CREDS, { api_key: 'sk-second-key-000000009876' });
    expect(res.body).toMatchObject({ key_hint: 'sk-…9876', organization: null });
  });

  it('404 for a provider that is not in the catalog', async () => {
    expect((await req(a, 'PUT', '/api/v2/llm/providers/nobody/credentials', { api_key: 'sk-x-1234567890' })).status).toBe(404);
  });

  it('is for admins only', async () => {
    expect((await req(a, 'PUT', CREDS, { api_key: 'sk-member-1234567890' }, member)).status).toBe(403);
    expect((await req(a, 'PUT', CREDS, { api_key: 'sk-viewer-1234567890' }, viewer)).status).toBe(403);
    const reader = await a.apiKey(['llm:read']);
    expect((await req(a, 'DELETE', CREDS, undefined, reader.key)).status).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: CREDS, payload: { api_key: 'sk-anon-1234567890' } })).statusCode).toBe(401);
  });

  it("is per tenant: B sees A's provider unconfigured and cannot delete A's key", async () => {
    expect(await providerV1(b, 'openai')).toMatchObject({ isConfigured: false, key_hint: null });
    expect((await req(b, 'DELETE', CREDS)).status).toBe(404);
    expect(await providerV1(a, 'openai')).toMatchObject({ isConfigured: true });
    const bRows = await t.service.ctx.db.tenant(b.tenantId, (tx) => rows(tx, sql`SELECT id FROM llm_provider_credentials`));
    expect(bRows).toEqual([]);
  });
});

describe('base_url and SSRF', () => {
  it.each([
    'http://127.0.0.1:11434/v1',
    'http://169.254.169.254/latest/meta-data',
    'http://10.0.0.7/v1',
    'http://[::1]:8080/v1',
    'http://[::ffff:127.0.0.1]/v1',
    'http://localhost:11434/v1',
    'file:///etc/passwd',
  ])('refuses %s with 422 and stores nothing', async (url) => {
    const res = await req(a, 'PUT', '/api/v2/llm/providers/mistral/credentials', { api_key: 'sk-mistral-1234567890', base_url: url });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].loc).toEqual(['body', 'base_url']);
    expect(res.raw).not.toContain('sk-mistral-1234567890');
    expect(await providerV1(a, 'mistral')).toMatchObject({ isConfigured: false });
  });

  it('names the setting that would allow a refused host (PROVIDER_ALLOWED_HOSTS)', async () => {
    const res = await req(a, 'PUT', '/api/v2/llm/providers/mistral/credentials', { api_key: 'sk-mistral-1234567890', base_url: 'http://10.0.0.7/v1' });
    expect(res.status).toBe(422);
    expect(res.body.detail[0].msg).toBe('base_url host 10.0.0.7 is a private, loopback or link-local address (an operator can allow a host with PROVIDER_ALLOWED_HOSTS)');
  });

  it('accepts a private base URL when the operator allows it (PROVIDER_ALLOW_PRIVATE_URLS=true)', async () => {
    const open = await startTestService({ env: { PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
    try {
      const tenant = await createTenant(open, 'Private network');
      const res = await open.app.inject({
        method: 'PUT',
        url: '/api/v2/llm/providers/ollama/credentials',
        headers: tenant.auth(),
        payload: { api_key: 'ollama-local', base_url: 'http://127.0.0.1:11434/v1/' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ provider: 'ollama', base_url: 'http://127.0.0.1:11434/v1', isConfigured: true });
    } finally {
      await open.close();
    }
  });
});

describe('DELETE /api/v2/llm/providers/{provider}/credentials', () => {
  it('removes the key (204), then 404', async () => {
    await req(a, 'PUT', '/api/v2/llm/providers/anthropic/credentials', { api_key: 'sk-ant-1234567890abcd' });
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v2/llm/providers/anthropic/credentials', headers: a.auth() });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
    expect(await providerV1(a, 'anthropic')).toMatchObject({ isConfigured: false });
    expect((await req(a, 'DELETE', '/api/v2/llm/providers/anthropic/credentials')).status).toBe(404);
    expect((await req(a, 'DELETE', CREDS, undefined, member)).status).toBe(403);
  });
});

describe('logs', () => {
  it('never carry a provider key, on success or failure, even at debug level', async () => {
    const svc = await startTestService({ env: { LOG_LEVEL: 'debug' } });
    const lines: string[] = [];
    // Every request logger is a child of the service logger and writes to its stream.
    const stream = (svc.service.ctx.log as unknown as Record<symbol, { write(line: string): boolean }>)[pino.symbols.streamSym];
    stream.write = (line: string) => {
      lines.push(line); // kept, not printed
      return true;
    };
    try {
      const tenant = await createTenant(svc, 'Logs');
      const secret = 'sk-log-canary-5f2d9c7e1b3a';
      const put = (payload: object) =>
        svc.app.inject({ method: 'PUT', url: '/api/v2/llm/providers/openai/credentials', headers: tenant.auth(), payload });
      expect((await put({ api_key: secret })).statusCode).toBe(200);
      expect((await put({ api_key: secret, base_url: 'http://169.254.169.254/' })).statusCode).toBe(422);
      expect((await put({ api_key: `${secret}\n` + 'x'.repeat(5000) })).statusCode).toBe(422);
      expect(lines.length).toBeGreaterThan(0);
      expect(lines.join('\n')).not.toContain('log-canary');
    } finally {
      await svc.close();
    }
  });
});
