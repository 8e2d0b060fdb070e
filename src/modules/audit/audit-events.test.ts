import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { importApp, sampleManifest } from '../../../test/support/apps.js';

// One family of recorded changes per describe: the event names the actor and the target (e-mail or name, as the
// console shows them), holds no secret, and a refused change leaves none.

let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Audited');
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

interface Event {
  type: string;
  actor_kind: string;
  actor_id: string | null;
  actor_name: string | null;
  target_id: string | null;
  target_name: string | null;
  details: Record<string, unknown>;
}

async function events(type: string): Promise<Event[]> {
  const res = await call('GET', `/api/v1/audit-events?type=${type}`, a.token);
  expect(res.statusCode).toBe(200);
  return res.json().items;
}

describe('API keys', () => {
  it('records api_key.created and api_key.revoked with the actor e-mail, the key name, and never the key', async () => {
    const res = await call('POST', '/api/v1/api-keys/', a.token, { name: 'Deploy bot', scopes: ['documents:read'] });
    expect(res.statusCode).toBe(201);
    const key = res.json();
    const [created] = await events('api_key.created');
    expect(created).toMatchObject({
      actor_kind: 'user', actor_id: a.ownerId, actor_name: a.ownerEmail, target_id: key.id, target_name: 'Deploy bot',
      details: { prefix: key.prefix, scopes: ['documents:read'] },
    });
    expect(JSON.stringify(created)).not.toContain(key.key);

    // Revoked by another key: the actor is that key, named; the revoked key keeps its name after the delete.
    const admin = await a.apiKey(['admin']);
    expect((await call('DELETE', `/api/v1/api-keys/${key.id}`, admin.key)).statusCode).toBe(204);
    const [revoked] = await events('api_key.revoked');
    expect(revoked).toMatchObject({ actor_kind: 'api_key', actor_id: admin.id, target_id: key.id, target_name: 'Deploy bot' });
    expect(revoked.actor_name).toBe('key-admin');
  });

  it('writes nothing for a refused creation or an unknown key', async () => {
    const before = (await events('api_key.created')).length + (await events('api_key.revoked')).length;
    expect((await call('POST', '/api/v1/api-keys/', a.token, { name: '  ', scopes: ['documents:read'] })).statusCode).toBe(422);
    expect((await call('DELETE', '/api/v1/api-keys/00000000-0000-4000-8000-000000000000', a.token)).statusCode).toBe(404);
    expect((await events('api_key.created')).length + (await events('api_key.revoked')).length).toBe(before);
  });
});

describe('provider keys', () => {
  const CREDS = '/api/v2/llm/providers/openai/credentials';
  const FIRST = 'sk-first-secret-1234567890';
  const SECOND = 'sk-second-secret-0987654321';

  it('records llm.provider_key_set, _rotated and _deleted with the provider name and hints, never the key', async () => {
    expect((await call('PUT', CREDS, a.token, { api_key: FIRST })).statusCode).toBe(200);
    expect((await call('PUT', CREDS, a.token, { api_key: SECOND })).statusCode).toBe(200);
    expect((await call('DELETE', CREDS, a.token)).statusCode).toBe(204);
    const [set] = await events('llm.provider_key_set');
    const [rotated] = await events('llm.provider_key_rotated');
    const [deleted] = await events('llm.provider_key_deleted');
    for (const event of [set, rotated, deleted]) {
      expect(event).toMatchObject({ actor_kind: 'user', actor_name: a.ownerEmail, target_name: 'openai' });
    }
    expect(rotated.target_id).toBe(set.target_id);
    expect(rotated.details.previous_key_hint).toBe(set.details.key_hint);
    const all = JSON.stringify([set, rotated, deleted]);
    expect(all).not.toContain(FIRST);
    expect(all).not.toContain(SECOND);
  });

  it('writes nothing for a refused key or a provider without one', async () => {
    expect((await call('PUT', CREDS, a.token, { api_key: 'sk-bad\nkey' })).statusCode).toBe(422);
    expect((await call('DELETE', '/api/v2/llm/providers/mistral/credentials', a.token)).statusCode).toBe(404);
    expect(await events('llm.provider_key_set')).toHaveLength(1);
    expect(await events('llm.provider_key_deleted')).toHaveLength(1);
  });
});

describe('models and access rules', () => {
  it('records activation, deactivation, preference and access-rule changes with the model name', async () => {
    expect((await call('POST', '/api/v2/llm/models/activate', a.token, { model_name: 'whisper-1' })).statusCode).toBe(200);
    expect((await call('PATCH', '/api/v1/llm/models/whisper-1/preference', a.token, { is_default: true })).statusCode).toBe(200);
    expect((await call('DELETE', '/api/v2/llm/models/whisper-1/deactivate', a.token)).statusCode).toBe(200);
    const rules = [{ principal_type: 'role', principal_id: 'admin' }];
    expect((await call('PUT', '/api/v1/llm/models/gpt-4o/access', a.token, { rules })).statusCode).toBe(200);
    expect((await call('DELETE', '/api/v1/llm/models/gpt-4o/access', a.token)).statusCode).toBe(204);
    const named = { actor_name: a.ownerEmail };
    expect((await events('llm.model_activated'))[0]).toMatchObject({ ...named, target_name: 'whisper-1' });
    expect((await events('llm.model_preference_changed'))[0]).toMatchObject({ ...named, target_name: 'whisper-1', details: { is_enabled: true, is_default: true } });
    expect((await events('llm.model_deactivated'))[0]).toMatchObject({ ...named, target_name: 'whisper-1' });
    expect((await events('llm.access_rules_set'))[0]).toMatchObject({ ...named, target_name: 'gpt-4o', details: { rules } });
    expect((await events('llm.access_rules_cleared'))[0]).toMatchObject({ ...named, target_name: 'gpt-4o' });
  });

  it('writes nothing for refused rules or an unknown model', async () => {
    const bad = [{ principal_type: 'user', principal_id: '00000000-0000-4000-8000-000000000000' }];
    expect((await call('PUT', '/api/v1/llm/models/gpt-4o/access', a.token, { rules: bad })).statusCode).toBe(422);
    expect((await call('POST', '/api/v2/llm/models/activate', a.token, { model_name: 'not-a-model' })).statusCode).toBe(404);
    expect(await events('llm.access_rules_set')).toHaveLength(1);
    expect(await events('llm.model_activated')).toHaveLength(1);
  });
});

describe('OAuth clients', () => {
  it('records oauth.client_created, _updated and _deleted with the client name, never its secret', async () => {
    const res = await call('POST', '/api/v1/oauth-clients/', a.token, { name: 'Acme CRM', redirect_uris: ['https://crm.example.com/cb'], confidential: true });
    expect(res.statusCode).toBe(201);
    const client = res.json();
    expect(client.client_secret).toMatch(/^cs_/);
    expect((await call('PATCH', `/api/v1/oauth-clients/${client.client_id}`, a.token, { name: 'Acme CRM 2' })).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/oauth-clients/${client.client_id}`, a.token)).statusCode).toBe(204);
    const [created] = await events('oauth.client_created');
    const [updated] = await events('oauth.client_updated');
    const [deleted] = await events('oauth.client_deleted');
    expect(created).toMatchObject({ actor_name: a.ownerEmail, target_name: 'Acme CRM', details: { client_id: client.client_id, confidential: true } });
    expect(updated).toMatchObject({ actor_name: a.ownerEmail, target_name: 'Acme CRM 2', details: { changed: ['name'] } });
    expect(deleted).toMatchObject({ actor_name: a.ownerEmail, target_name: 'Acme CRM 2', target_id: created.target_id });
    expect(JSON.stringify([created, updated, deleted])).not.toContain(client.client_secret);
  });

  it('writes nothing for a refused registration or an unknown client', async () => {
    expect((await call('POST', '/api/v1/oauth-clients/', a.token, { name: 'Bad', redirect_uris: ['not a url'] })).statusCode).toBe(422);
    expect((await call('DELETE', '/api/v1/oauth-clients/cl_AAAAAAAAAAAAAAAAAAAAAA', a.token)).statusCode).toBe(404);
    expect(await events('oauth.client_created')).toHaveLength(1);
    expect(await events('oauth.client_deleted')).toHaveLength(1);
  });
});

describe('apps', () => {
  it('records app.imported, app.installed, app.upgraded and app.uninstalled with the app name', async () => {
    const app = await importApp(t, a, sampleManifest({ id: 'com.example.audited', name: 'Audited Notes' }));
    const installed = await call('POST', `/api/v1/app-platform/apps/${app.app_id}/install`, a.token, {});
    expect(installed.statusCode).toBe(201);
    const installation = installed.json().installation_id;
    await importApp(t, a, sampleManifest({ id: 'com.example.audited', name: 'Audited Notes', version: '1.1.0' }));
    expect((await call('PATCH', `/api/v1/app-platform/installations/${installation}`, a.token, {})).statusCode).toBe(200);
    expect((await call('DELETE', `/api/v1/app-platform/installations/${installation}`, a.token)).statusCode).toBe(200);
    const named = { actor_name: a.ownerEmail, target_name: 'Audited Notes' };
    const imported = await events('app.imported');
    expect(imported.map((e) => e.details.version)).toEqual(['1.1.0', '1.0.0']);
    expect(imported[1]).toMatchObject({ ...named, target_id: app.app_id, details: { new_app: true } });
    expect((await events('app.installed'))[0]).toMatchObject({ ...named, target_id: installation });
    expect((await events('app.upgraded'))[0]).toMatchObject({ ...named, target_id: installation, details: { from: '1.0.0', to: '1.1.0' } });
    expect((await events('app.uninstalled'))[0]).toMatchObject({ ...named, target_id: installation });
  });

  it('writes nothing for a second install or an older version', async () => {
    const app = await importApp(t, a, sampleManifest({ id: 'com.example.twice', name: 'Twice' }));
    expect((await call('POST', `/api/v1/app-platform/apps/${app.app_id}/install`, a.token, {})).statusCode).toBe(201);
    expect((await call('POST', `/api/v1/app-platform/apps/${app.app_id}/install`, a.token, {})).statusCode).toBe(409);
    const older = await call('POST', '/api/v1/app-platform/manifests/import', a.token, { manifest: sampleManifest({ id: 'com.example.twice', version: '0.9.0' }) });
    expect(older.statusCode).toBe(409);
    expect((await events('app.installed')).filter((e) => e.target_name === 'Twice')).toHaveLength(1);
    expect((await events('app.imported')).filter((e) => e.details.manifest_id === 'com.example.twice')).toHaveLength(1);
  });
});

describe('memories and folders', () => {
  it('records memory.deleted and folder.deleted with the name, and nothing for a refused delete', async () => {
    const memory = (await call('POST', '/api/v1/memories', a.token, { name: 'Board minutes' })).json();
    const folder = (await call('POST', '/api/v1/folders', a.token, { name: 'Contracts' })).json();
    const child = (await call('POST', '/api/v1/folders', a.token, { name: 'Old', parent_id: folder.id })).json();
    expect(child.id).toEqual(expect.any(String));
    // A non-empty folder without cascade is refused: no event.
    expect((await call('DELETE', `/api/v1/folders/${folder.id}`, a.token)).statusCode).toBe(409);
    expect(await events('folder.deleted')).toHaveLength(0);
    expect((await call('DELETE', `/api/v1/memories/${memory.id}`, a.token)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/v1/folders/${folder.id}?cascade=true`, a.token)).statusCode).toBe(204);
    expect((await events('memory.deleted'))[0]).toMatchObject({ actor_name: a.ownerEmail, target_id: memory.id, target_name: 'Board minutes', details: { cascade: false } });
    expect((await events('folder.deleted'))[0]).toMatchObject({ actor_name: a.ownerEmail, target_id: folder.id, target_name: 'Contracts', details: { cascade: true, subfolders: 1 } });
  });
});
