import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliInProcess as cli } from '../support/cli.js';
import { freePort, startMain, type Started } from '../support/processes.js';

/**
 * The outbox path as a newcomer meets it (README walkthrough): the service with no SMTP_URL, an
 * invitation over HTTP, the link read with `npm run cli -- mail list` / `mail show`, then accepted.
 * The service is a real process (`src/main.ts`); the CLI runs in this process and reaches it over its socket, as
 * `src/cli.ts` does (test/cli/cli.test.ts runs that entry point itself).
 */
const PASSWORD = 'correct horse battery';
const BASE = 'https://kb.example.test';

describe('invitations without SMTP: the outbox, read through the CLI', { timeout: 180_000 }, () => {
  let dataDir: string;
  let base: string;
  let service: Started;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-outbox-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    env = { DATA_DIR: dataDir };
    service = startMain({ ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', PUBLIC_BASE_URL: BASE, SHUTDOWN_GRACE_MS: '2000' });
    await service.logged('service started');
  });
  afterAll(async () => {
    if (service && service.child.exitCode === null && service.child.signalCode === null) {
      service.child.kill('SIGKILL');
      await service.exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const api = async (method: string, url: string, body?: object, token?: string) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: (res.status === 204 ? null : await res.json()) as any };
  };

  it('invite a colleague, read the link from `mail list` / `mail show`, accept, log in', async () => {
    const created = await cli(['tenant', 'create', '--name', 'Outbox Co', '--slug', 'outbox', '--admin-email', 'owner@outbox.test', '--admin-password', PASSWORD], env);
    expect(created.code, created.stderr).toBe(0);
    const owner = await api('POST', '/api/auth/login', { email: 'owner@outbox.test', password: PASSWORD, tenant_id: 'outbox' });
    expect(owner.status).toBe(200);

    expect((await cli(['mail', 'list'], env)).stdout.trim()).toBe('No mail.');
    const invited = await api('POST', '/api/v1/users/invitations', { email: 'colleague@outbox.test', role: 'member' }, owner.body.access_token);
    expect(invited.status).toBe(201);

    const list = await cli(['mail', 'list', '--tenant', 'outbox', '--json'], env);
    expect(list.code, list.stderr).toBe(0);
    const mails = JSON.parse(list.stdout);
    expect(mails).toEqual([
      {
        id: expect.any(String),
        tenant: 'outbox',
        kind: 'invitation',
        to: 'colleague@outbox.test',
        subject: 'Invitation to Outbox Co',
        status: 'outbox',
        attempts: 0,
        last_error: null,
        created_at: expect.any(String),
        sent_at: null,
      },
    ]);
    const plain = await cli(['mail', 'list'], env);
    expect(plain.stdout).toMatch(new RegExp(`^${mails[0].id}\\s+\\S+\\s+outbox\\s+outbox\\s+colleague@outbox.test\\s+Invitation to Outbox Co$`, 'm'));

    const shown = await cli(['mail', 'show', mails[0].id], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('To: colleague@outbox.test');
    const link = /https:\/\/kb\.example\.test\/accept-invitation\?token=(inv_[A-Za-z0-9_-]{43})/.exec(shown.stdout);
    expect(link, shown.stdout).not.toBeNull();
    const token = link![1];
    const json = JSON.parse((await cli(['mail', 'show', mails[0].id, '--json'], env)).stdout);
    expect(json.html).toContain(`${BASE}/accept-invitation?token=${token}`);

    const info = await api('GET', `/api/auth/invitation/info?token=${token}`);
    expect(info.body).toMatchObject({ tenant_slug: 'outbox', tenant_name: 'Outbox Co', email: 'colleague@outbox.test', role: 'member' });
    const accepted = await api('POST', '/api/auth/accept-invitation', { token, name: 'Colleague', password: 'granite otter lantern' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.user).toMatchObject({ email: 'colleague@outbox.test', role: 'member' });
    const login = await api('POST', '/api/auth/login', { email: 'colleague@outbox.test', password: 'granite otter lantern', tenant_id: 'outbox' });
    expect(login.status).toBe(200);
  });

  it('mail show of an unknown or malformed id, and mail list of an unknown tenant, are usage errors', async () => {
    for (const args of [['mail', 'show', '00000000-0000-4000-8000-000000000000'], ['mail', 'show', 'nope'], ['mail', 'list', '--tenant', 'nowhere']]) {
      const run = await cli([...args, '--json'], env);
      expect(run.code, args.join(' ')).toBe(2);
      expect(JSON.parse(run.stderr).code).toMatch(/^(mail_not_found|tenant_not_found)$/);
    }
    expect((await cli(['mail', 'show'], env)).code).toBe(2); // no id: no such command
  });
});
