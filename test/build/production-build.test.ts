import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { onPostgres } from '../harness.js';
import { makePdf } from '../support/fixtures.js';
import { eventually } from '../support/eventually.js';
import { freePort, ROOT, run, start, type Started } from '../support/processes.js';

/**
 * The production start: what `npm run build` compiles runs with plain `node`, no TypeScript loader: the
 * migrations are found next to the compiled code, and the parser and chunker threads (piscina) start from their
 * compiled files. Built into a directory of its own under .cache/ (inside the repository, so that node_modules
 * resolves) with the same tsconfig.build.json; runs once per CI run (on the embedded database).
 */
const out = path.join(ROOT, '.cache', `build-test-${randomUUID().slice(0, 8)}`);
const cleanup: Array<() => Promise<unknown>> = [];
afterAll(async () => {
  for (const step of cleanup.reverse()) await step();
});

describe.skipIf(onPostgres)('the compiled service (npm run build, npm run start:prod)', { timeout: 300_000 }, () => {
  it('builds, starts with node alone, migrates, indexes a PDF in its worker threads and drains on SIGTERM', async () => {
    cleanup.push(() => rm(out, { recursive: true, force: true }));
    const tsc = await run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json', '--outDir', out], {});
    expect(tsc.code, tsc.stdout + tsc.stderr).toBe(0);
    await cp(path.join(ROOT, 'src/platform/db/migrations'), path.join(out, 'platform/db/migrations'), { recursive: true }); // as `npm run build` does

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kb-prod-'));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    const port = await freePort();
    const service: Started = start(process.execPath, [path.join(out, 'main.js')], { DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' });
    cleanup.push(async () => {
      if (service.child.exitCode === null && service.child.signalCode === null) service.child.kill('SIGKILL');
      await service.exited;
    });
    await service.logged('service started');
    const base = `http://127.0.0.1:${port}`;

    // The compiled CLI, through the service's socket.
    const slug = `prod-${randomUUID().slice(0, 6)}`;
    const created = await run(
      process.execPath,
      [path.join(out, 'cli.js'), 'tenant', 'create', '--name', 'Prod', '--slug', slug, '--admin-email', `owner@${slug}.test`, '--admin-password', 'correct horse battery', '--json'],
      { DATA_DIR: dataDir },
    );
    expect(created.code, created.stderr).toBe(0);
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `owner@${slug}.test`, password: 'correct horse battery', tenant_id: slug }),
    });
    const auth = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}` };

    const form = new FormData();
    form.append('file', new Blob([await makePdf([['Compiled services parse in worker threads.']])]), 'compiled.pdf');
    const uploaded = await fetch(`${base}/api/v1/documents/`, { method: 'POST', headers: auth, body: form });
    expect(uploaded.status).toBe(201);
    const id = ((await uploaded.json()) as { document_id: string }).document_id;
    const doc = await eventually(
      'the PDF to be indexed',
      async () => (await (await fetch(`${base}/api/v1/documents/${id}`, { headers: auth })).json()) as { status: string; error: string | null; chunk_count?: number },
      (d) => d.status === 'indexed' || d.status === 'error',
    );
    expect(doc).toMatchObject({ status: 'indexed', error: null });

    service.child.kill('SIGTERM');
    expect(await service.exited).toEqual({ code: 0, signal: null });
    expect(service.output()).not.toMatch(/tsx/);
  });
});
