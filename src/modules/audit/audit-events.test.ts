import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';

// One family of recorded changes per describe: the event names the actor and the target (e-mail or name, as the
// console shows them), holds no secret, and a refused change leaves none.

let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await startTestService();
  a = await createTenant(t, 'Audited');
});
afterAll(async () => t?.close());

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
