/**
 * The administration console's weight and first load: gzip size of what /admin/ ships, and the time
 * a cold browser (Debian's chromium, no cache) takes from navigation to an interactive sign-in page,
 * served by the service as its own process. With SCREENSHOTS=1 it also signs in, seeds a few objects
 * and writes the screenshots under docs/console/ that the README shows.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { cli, startServiceProcess } from './lib.js';
import { handOverTable } from './report.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'web/dist');
const RUNS = Number(process.env.CONSOLE_RUNS ?? 15);

if (!existsSync(path.join(DIST, 'index.html')) || process.env.REBUILD) {
  execFileSync(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], { cwd: ROOT });
}

const files = [path.join(DIST, 'index.html'), ...readdirSync(path.join(DIST, 'assets')).map((f) => path.join(DIST, 'assets', f))];
let raw = 0;
let gzip = 0;
const rows: string[] = [];
for (const file of files) {
  const bytes = readFileSync(file);
  const zipped = gzipSync(bytes, { level: 9 }).length;
  raw += statSync(file).size;
  gzip += zipped;
  rows.push(`| \`${path.relative(DIST, file)}\` | ${(bytes.length / 1024).toFixed(1)} KB | ${(zipped / 1024).toFixed(1)} KB |`);
}

// Webhook endpoints on loopback, for the screenshot of the Webhooks page (a receiver of this process answers them).
const service = await startServiceProcess({ WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true', PROVIDER_ALLOWED_HOSTS: '127.0.0.1' });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-dev-shm-usage'] });
const loads: number[] = [];
const domReady: number[] = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const context = await browser.newContext(); // a fresh profile: nothing cached
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${service.url}/admin/sign-in`);
    await page.getByRole('button', { name: 'Sign in' }).waitFor();
    loads.push(performance.now() - started);
    domReady.push(await page.evaluate('performance.getEntriesByType("navigation")[0].domContentLoadedEventEnd'));
    await context.close();
  }
  if (process.env.SCREENSHOTS) await screenshots(service.url, service.dataDir);
} finally {
  await browser.close();
  await service.stop();
}

const q = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor(p * list.length))]!;
const report = [
  `Console bundle (web/dist, gzip -9): ${(gzip / 1024).toFixed(1)} KB over the wire, ${(raw / 1024).toFixed(1)} KB raw, ${files.length} files.\n`,
  '| File | Raw | Gzip |\n|---|---:|---:|',
  rows.join('\n'),
  `\nFirst load of /admin/sign-in in a cold Chromium profile, loopback, ${RUNS} runs (service uncompressed, as served):\n`,
  '| Measure | p50 | p95 |\n|---|---:|---:|',
  `| navigation → sign-in form usable | ${q(loads, 0.5).toFixed(0)} ms | ${q(loads, 0.95).toFixed(0)} ms |`,
  `| DOMContentLoaded | ${q(domReady, 0.5).toFixed(0)} ms | ${q(domReady, 0.95).toFixed(0)} ms |`,
].join('\n');
console.log(report);
handOverTable(report);

async function screenshots(url: string, dataDir: string): Promise<void> {
  await cli(dataDir, ['tenant', 'create', '--name', 'Acme', '--slug', 'acme', '--admin-email', 'admin@acme.io', '--admin-password', 'a long demo passphrase 1', '--json']);
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(`${url}/admin/sign-in`);
  await page.screenshot({ path: path.join(ROOT, 'docs/console/sign-in.png') });
  await page.getByLabel('Workspace').fill('acme');
  await page.getByLabel('E-mail').fill('admin@acme.io');
  await page.getByLabel(/^Password/).fill('a long demo passphrase 1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Documents' }).waitFor();
  const corpus = path.resolve(ROOT, '../shared/corpus');
  const picks = ['md', 'txt', 'html', 'csv']
    .flatMap((dir) => (existsSync(path.join(corpus, dir)) ? readdirSync(path.join(corpus, dir)).slice(0, 3).map((f) => path.join(corpus, dir, f)) : []))
    .filter((f) => statSync(f).size < 100_000);
  if (picks.length) {
    await page.getByLabel('Files to upload').setInputFiles(picks);
    await page.getByTestId('batch-summary').filter({ hasText: 'done' }).waitFor({ timeout: 120_000 });
  }
  await page.screenshot({ path: path.join(ROOT, 'docs/console/documents.png'), fullPage: true });
  const receiver = createServer((req, res) => req.resume().on('end', () => res.writeHead(200).end('ok')));
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  await seedWebhooks(url, `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`);
  for (const [link, file] of [['Models', 'models'], ['Users', 'users'], ['API keys', 'api-keys'], ['Settings', 'settings'], ['Audit log', 'audit'], ['Apps', 'apps'], ['OAuth clients', 'oauth-clients'], ['Webhooks', 'webhooks'], ['Ask', 'ask'], ['Feedback', 'feedback']] as const) {
    await page.getByRole('link', { name: link, exact: true }).click();
    await page.waitForLoadState('networkidle');
    // A page shows a loader until its data arrives (after networkidle on a loaded machine): picture the data.
    await page.locator('.mantine-Loader-root').first().waitFor({ state: 'detached', timeout: 30_000 }).catch(() => {});
    await page.screenshot({ path: path.join(ROOT, `docs/console/${file}.png`) });
  }
  receiver.close();
}

/** Two webhook endpoints of the demo tenant (one taking every event), each sent a test event. */
async function seedWebhooks(url: string, receiverUrl: string): Promise<void> {
  const login = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@acme.io', password: 'a long demo passphrase 1', tenant_id: 'acme' }),
  });
  const headers = { authorization: `Bearer ${((await login.json()) as { access_token: string }).access_token}`, 'content-type': 'application/json' };
  const endpoints = [
    { url: `${receiverUrl}/orders/webhooks`, description: 'Order system', event_types: ['document.indexed', 'document.failed', 'batch.completed'] },
    { url: `${receiverUrl}/archive`, description: 'Compliance archive', event_types: ['*'] },
  ];
  for (const endpoint of endpoints) {
    const created = await fetch(`${url}/api/v1/webhooks/endpoints`, { method: 'POST', headers, body: JSON.stringify(endpoint) });
    if (created.status !== 201) throw new Error(`webhook endpoint: ${created.status} ${await created.text()}`);
    const { id } = (await created.json()) as { id: string };
    await fetch(`${url}/api/v1/webhooks/endpoints/${id}/test`, { method: 'POST', headers });
  }
}
