import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startGraphPeer, type GraphPeer } from '../peers/graph-peer.js';
import { eventually } from '../support/eventually.js';
import { cli, freePort, startMain, type Started } from '../support/processes.js';

const WRONG_SECRET = `wrong-${randomUUID()}`;

/**
 * A connector's credentials as an operator would look for a leak: the service runs as its own process with debug
 * logs, a SharePoint connector is created with a client secret, synced, given a wrong secret and synced again (the
 * identity platform refuses it). Neither secret may appear in any answer of the API, in the run's error, or anywhere
 * in what the process wrote.
 */
describe('connector credentials in answers and logs', () => {
  let graph: GraphPeer;
  let service: Started;
  let dataDir: string;
  let base: string;
  let auth: Record<string, string>;
  const bodies: string[] = [];

  async function call(method: string, url: string, body?: unknown) {
    const res = await fetch(`${base}${url}`, { method, headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined });
    const text = await res.text();
    bodies.push(text);
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }
  const runOf = (id: string, runId: string) =>
    eventually(`run ${runId} to end`, () => call('GET', `/api/v1/connectors/${id}/runs/${runId}`).then((r) => r.json), (run) => ['succeeded', 'failed', 'cancelled'].includes(run.status));

  beforeAll(async () => {
    graph = await startGraphPeer();
    graph.put('/handbook.md', '# Handbook\n\nThe ferry leaves at dawn.\n');
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-connector-secrets-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    const env = {
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'debug',
      CONNECTOR_ALLOW_PRIVATE_URLS: 'true',
      CONNECTOR_GRAPH_BASE_URL: graph.baseUrl,
      CONNECTOR_GRAPH_LOGIN_URL: graph.loginUrl,
    };
    service = startMain(env);
    await eventually('the service to be ready', () => fetch(`${base}/readyz`).then((r) => r.status).catch(() => 0), (status) => status === 200, 120_000, 200);
    const slug = `sec-${randomUUID().slice(0, 8)}`;
    const password = 'correct horse battery staple';
    const created = await cli(['tenant', 'create', '--name', 'Secrets Co', '--slug', slug, '--admin-email', `owner@${slug}.test`, '--admin-password', password], env);
    expect(created.code, created.stderr).toBe(0);
    const login = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `owner@${slug}.test`, password, tenant_id: slug }) });
    auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };
  });
  afterAll(async () => {
    service?.child.kill('SIGKILL');
    await service?.exited;
    await graph?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('are in no answer, no run error and no log line, whether the source accepts them or refuses them', async () => {
    const config = { tenant_id: graph.tenantDomain, client_id: graph.clientId, site: `${graph.site.host}:${graph.site.path}` };
    const created = await call('POST', '/api/v1/connectors', { name: 'Handbook', kind: 'sharepoint', config, credentials: { client_secret: graph.clientSecret } });
    expect(created.status).toBe(201);
    expect(created.json.has_credentials).toBe(true);
    const id = created.json.id as string;

    const first = await call('POST', `/api/v1/connectors/${id}/sync`);
    expect(first.status).toBe(202);
    expect(await runOf(id, first.json.run_id)).toMatchObject({ status: 'succeeded', counts: { added: 1 } });

    expect((await call('PATCH', `/api/v1/connectors/${id}`, { credentials: { client_secret: WRONG_SECRET } })).status).toBe(200);
    const second = await call('POST', `/api/v1/connectors/${id}/sync`);
    const failed = await runOf(id, second.json.run_id);
    expect(failed.status).toBe('failed');
    expect(failed.error).toMatch(/refused|invalid_client|credentials/i); // says why, without the value

    await call('GET', `/api/v1/connectors/${id}`);
    await call('GET', '/api/v1/connectors');
    await call('GET', `/api/v1/connectors/${id}/runs`);
    const answers = bodies.join('\n');
    const logs = service.output();
    expect(logs).toContain(`/api/v1/connectors/${id}/sync`); // the process's request log was captured, so the check below looked at it
    for (const secret of [graph.clientSecret, WRONG_SECRET]) {
      expect(answers).not.toContain(secret);
      expect(logs).not.toContain(secret);
    }
  });
});
