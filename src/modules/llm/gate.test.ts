import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import type { Principal } from '../../platform/auth/principal.js';
import { ROLE_SCOPES } from '../../platform/auth/scopes.js';
import { createModelGate, type ModelGate } from './gate.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;
let fake: FakeOpenAI;
let gate: ModelGate;
let ownerA: Principal;
let ownerB: Principal;

const ownerOf = (tenant: TestTenant): Principal => ({
  kind: 'user',
  tenantId: tenant.tenantId,
  userId: tenant.ownerId,
  role: 'owner',
  scopes: ROLE_SCOPES.owner,
  expiresAt: new Date(Date.now() + 600_000),
});

async function call(tenant: TestTenant, method: string, url: string, payload?: unknown) {
  const res = await t.app.inject({ method: method as 'GET', url, headers: tenant.auth(), payload: payload as object });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.statusCode === 204 ? null : res.json();
}

/** The error a gate call throws, as the HTTP layer would present it. */
async function refusal(promise: Promise<unknown>): Promise<{ statusCode: number; detail: string; code: string }> {
  try {
    await promise;
  } catch (error) {
    return error as { statusCode: number; detail: string; code: string };
  }
  throw new Error('expected the gate to refuse');
}

beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: 'sk-tenant-a-secret-0001' });
  // The fake provider listens on loopback: the operator allows that one host, nothing else private.
  t = await startTestService({ env: { PROVIDER_ALLOWED_HOSTS: '127.0.0.1' } });
  a = await createTenant(t, 'Gate A');
  b = await createTenant(t, 'Gate B');
  gate = createModelGate({ db: t.service.ctx.db, keys: t.service.ctx.secrets, config: t.config });
  ownerA = ownerOf(a);
  ownerB = ownerOf(b);
  await call(a, 'PUT', '/api/v2/llm/providers/openai/credentials', { api_key: 'sk-tenant-a-secret-0001', base_url: fake.url });
  await call(a, 'POST', '/api/v2/llm/models/activate', { model_name: 'gpt-4o-mini', is_default: true });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('resolveForCall', () => {
  it('hands back the model and the decrypted tenant key, which work against the provider', async () => {
    const { model, credentials } = await gate.resolveForCall(ownerA, 'gpt-4o-mini', 'chat');
    expect(model.modelName).toBe('gpt-4o-mini');
    expect(model.mode).toBe('chat');
    expect(credentials).toEqual({ provider: 'openai', apiKey: 'sk-tenant-a-secret-0001', baseUrl: fake.url, organization: null });
    const client = new OpenAI({ apiKey: credentials.apiKey, baseURL: credentials.baseUrl!, maxRetries: 0 });
    const answer = await client.chat.completions.create({ model: model.modelName, messages: [{ role: 'user', content: 'ping' }] });
    expect(answer.choices[0].message.content).toBe('echo: ping');
  });

  it('accepts the model UUID as well as its name', async () => {
    const byName = await gate.resolveForCall(ownerA, 'gpt-4o-mini', 'chat');
    const byId = await gate.resolveForCall(ownerA, byName.model.id, 'chat');
    expect(byId.model.id).toBe(byName.model.id);
  });

  it('404 for a model that is not in the catalog', async () => {
    const error = await refusal(gate.resolveForCall(ownerA, 'no-such-model', 'chat'));
    expect(error.statusCode).toBe(404);
    expect(error.detail).toContain('no-such-model');
  });

  it('400 for a model of another mode, naming both modes', async () => {
    const error = await refusal(gate.resolveForCall(ownerA, 'gpt-4o-mini', 'embedding'));
    expect(error.statusCode).toBe(400);
    expect(error.detail).toBe('model gpt-4o-mini is a chat model, not embedding');
    expect(error.code).toBe('wrong_model_mode');
  });

  it('400 for a model the tenant has not enabled', async () => {
    const error = await refusal(gate.resolveForCall(ownerA, 'gpt-4o', 'chat'));
    expect(error.statusCode).toBe(400);
    expect(error.detail).toBe('model gpt-4o is not enabled for this tenant');
    expect(error.code).toBe('model_not_enabled');
  });

  it("another tenant's preference and key do not count: B gets 400 not enabled, then 400 no key", async () => {
    expect((await refusal(gate.resolveForCall(ownerB, 'gpt-4o-mini', 'chat'))).code).toBe('model_not_enabled');
    await call(b, 'POST', '/api/v2/llm/models/activate', { model_name: 'gpt-4o-mini' });
    const error = await refusal(gate.resolveForCall(ownerB, 'gpt-4o-mini', 'chat'));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('provider_not_configured');
    expect(error.detail).toContain('openai');
  });

  it('403 when access rules do not list the caller, and allowed again when they do (user, role or key)', async () => {
    const member = await a.userToken('member');
    const memberPrincipal: Principal = { kind: 'user', tenantId: a.tenantId, userId: member.userId, role: 'member', scopes: ROLE_SCOPES.member, expiresAt: new Date(Date.now() + 600_000) };
    const key = await a.apiKey(['llm:read']);
    const keyPrincipal: Principal = { kind: 'api_key', tenantId: a.tenantId, apiKeyId: key.id, scopes: ['llm:read'], expiresAt: null };

    await call(a, 'PUT', '/api/v1/llm/models/gpt-4o-mini/access', { rules: [{ principal_type: 'role', principal_id: 'owner' }] });
    const denied = await refusal(gate.resolveForCall(memberPrincipal, 'gpt-4o-mini', 'chat'));
    expect(denied.statusCode).toBe(403);
    expect(denied.code).toBe('model_access_denied');
    expect((await refusal(gate.resolveForCall(keyPrincipal, 'gpt-4o-mini', 'chat'))).statusCode).toBe(403);
    await expect(gate.resolveForCall(ownerA, 'gpt-4o-mini', 'chat')).resolves.toMatchObject({ model: { modelName: 'gpt-4o-mini' } });

    await call(a, 'PUT', '/api/v1/llm/models/gpt-4o-mini/access', {
      rules: [
        { principal_type: 'user', principal_id: member.userId },
        { principal_type: 'api_key', principal_id: key.id },
      ],
    });
    await expect(gate.resolveForCall(memberPrincipal, 'gpt-4o-mini', 'chat')).resolves.toMatchObject({ model: { modelName: 'gpt-4o-mini' } });
    await expect(gate.resolveForCall(keyPrincipal, 'gpt-4o-mini', 'chat')).resolves.toMatchObject({ model: { modelName: 'gpt-4o-mini' } });
    expect((await refusal(gate.resolveForCall(ownerA, 'gpt-4o-mini', 'chat'))).statusCode).toBe(403);

    await call(a, 'DELETE', '/api/v1/llm/models/gpt-4o-mini/access');
    await expect(gate.resolveForCall(ownerA, 'gpt-4o-mini', 'chat')).resolves.toMatchObject({ model: { modelName: 'gpt-4o-mini' } });
  });

  it('re-checks a stored base URL at call time against the current policy', async () => {
    // Same database and keys, but a stricter operator policy than the one the URL was saved under.
    const strict = createModelGate({
      db: t.service.ctx.db,
      keys: t.service.ctx.secrets,
      config: { provider: { ...t.config.provider, allowedHosts: [] } },
    });
    const error = await refusal(strict.resolveForCall(ownerA, 'gpt-4o-mini', 'chat'));
    expect(error.statusCode).toBe(400);
    expect(error.code).toBe('provider_url_not_allowed');
    expect(error.detail).toBe(
      'The base URL configured for provider openai is not allowed: base_url host 127.0.0.1 is a private, loopback or link-local address ' +
        '(an operator can allow a host with PROVIDER_ALLOWED_HOSTS)',
    );
  });
});

describe('defaultModel', () => {
  it("returns the tenant's default for a mode, and null where there is none", async () => {
    expect((await gate.defaultModel(a.tenantId, 'chat'))?.modelName).toBe('gpt-4o-mini');
    expect(await gate.defaultModel(a.tenantId, 'embedding')).toBeNull();
    expect(await gate.defaultModel(b.tenantId, 'chat')).toBeNull();
  });
});
