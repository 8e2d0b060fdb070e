import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from './types.js';
import { registerConsole } from './console.js';

let dir: string;
let app: App;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'console-'));
  await mkdir(path.join(dir, 'assets'));
  await writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
  app = Fastify() as unknown as App;
  await registerConsole(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the built console', () => {
  it('serves its page at /admin/ and at any deep link, never cached, under a strict policy', async () => {
    for (const url of ['/admin/', '/admin/documents', '/admin/documents/123?tab=chunks']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
    }
  });

  it('caches hashed assets for a year and answers 404 for a missing one', async () => {
    const asset = await app.inject({ method: 'GET', url: '/admin/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const missing = await app.inject({ method: 'GET', url: '/admin/assets/index-gone.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('forwards the pages mails link to into the console, with their query and nowhere else', async () => {
    const res = await app.inject({ method: 'GET', url: '/accept-invitation?token=abc%2Fdef' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/admin/accept-invitation?token=abc%2Fdef');
    const sneaky = await app.inject({ method: 'GET', url: '/reset-password?next=//evil.example' });
    expect(sneaky.headers.location).toBe('/admin/reset-password?next=//evil.example');
    expect((await app.inject({ method: 'GET', url: '/admin' })).headers.location).toBe('/admin/');
  });
});

describe('a service whose console was not built', () => {
  it('says how to build it', async () => {
    const bare = Fastify() as unknown as App;
    await registerConsole(bare, path.join(dir, 'nothing-here'));
    const res = await bare.inject({ method: 'GET', url: '/admin/' });
    expect(res.statusCode).toBe(503);
    expect(res.json().detail).toContain('npm run web:build');
    await bare.close();
  });
});
