import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../harness.js';
import { installApp } from '../support/apps.js';
import { browserSkipReason, launchBrowser, openPage } from '../support/browser.js';
// @ts-expect-error: a plain ES module of the example (no types: the example has no build step)
import { serveNotesApp } from '../../examples/notes-app/serve.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

/**
 * The example app of docs/apps.md, driven in Chromium exactly as a user meets it: the platform issues a launch
 * URL, the page exchanges the token and removes it from its URL, a note is saved and is still there after a
 * reload, the notebook (a rich document) gets a new version and a picture. The page runs on its own origin
 * (its static server) and talks to the platform's API across origins, as a third-party app does.
 */
describe.skipIf(browserSkipReason)('the Notes example app in Chromium', () => {
  let t: TestService;
  let tenant: TestTenant;
  let browser: Browser;
  let notesApp: { url: string; close(): Promise<void> };
  let appId: string;

  beforeAll(async () => {
    t = await startTestService({ listen: true, env: { APPS_ALLOW_HTTP_LOOPBACK: 'true' } });
    notesApp = await serveNotesApp({ platformUrl: t.url, port: 0 });
    tenant = await createTenant(t, 'Example Co');
    // The example's manifest, pointed at wherever its server listens in this run.
    const manifest = JSON.parse(await readFile(path.join(ROOT, 'examples/notes-app/manifest.json'), 'utf8'));
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/app-platform/manifests/import',
      headers: tenant.auth(),
      payload: { manifest: { ...manifest, entry_url: notesApp.url, icon_url: `${notesApp.url}icon.svg` } },
    });
    expect(imported.statusCode, imported.body).toBe(201);
    appId = imported.json().app_id;
    await installApp(t, tenant, appId);
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await notesApp?.close();
    await t?.close();
  });

  async function launchUrl(token: string): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/app-platform/apps/${appId}/launch-token`, headers: tenant.auth(token) });
    expect(res.statusCode).toBe(200);
    return res.json().launch_url;
  }

  it('launch → save a note → reload → the note is there; the notebook gets a version and a picture', async () => {
    const member = await tenant.userToken('member');
    const { page, problems } = await openPage(browser);
    await page.goto(await launchUrl(member.token));
    await page.getByText('Example Co').waitFor();
    expect(new URL(page.url()).searchParams.has('launch_token')).toBe(false);

    await page.getByLabel('Title').fill('Buy milk');
    await page.getByLabel('Text', { exact: true }).fill('two litres');
    await page.getByLabel('Pinned').check();
    await page.getByRole('button', { name: 'Save note', exact: true }).click();
    await page.getByRole('listitem').filter({ hasText: 'Buy milk — two litres pinned' }).waitFor();

    await page.reload();
    await page.getByRole('listitem').filter({ hasText: 'Buy milk — two litres pinned' }).waitFor();
    await page.getByText('Version 1').waitFor();

    await page.getByLabel('Text (one paragraph per line)').fill('Monday: plan\nTuesday: build');
    await page.getByRole('button', { name: 'Save notebook' }).click();
    await page.getByText('Version 2').waitFor();

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAoAAAAKCAIAAAACUFjqAAAAGklEQVR4nGP4z8CAB+GTG8HSKNWjVI9SDQMAeVUqwNKIdVMAAAAASUVORK5CYII=',
      'base64',
    );
    await page.getByLabel('Add a picture to the notebook').setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: png });
    await page.getByAltText('Picture in the notebook').waitFor();
    await page.screenshot({ path: path.join(ROOT, 'docs/apps-notes-app.png'), fullPage: true });
    expect(problems).toEqual([]);

    // What the page saved is what the API holds, written as the member who opened the app.
    const admin = (url: string) => t.app.inject({ method: 'GET', url, headers: tenant.auth() }).then((r) => r.json());
    const installation = (await admin('/api/v1/app-platform/installations/')).items[0].installation_id;
    const notes = await admin(`/api/v1/app-data/notes/?installation_id=${installation}`);
    expect(notes.items.map((n: { data: object; created_by: string }) => [n.data, n.created_by])).toEqual([[{ title: 'Buy milk', body: 'two litres', pinned: true }, member.userId]]);
    const docs = await admin('/api/v1/rich-documents/');
    expect(docs.items).toEqual([expect.objectContaining({ title: 'Notebook', version: 2 })]);
    await page.context().close();
  });

  it('a launch link used twice, or opened without a token, asks to relaunch', async () => {
    const url = await launchUrl(tenant.token);
    const first = await openPage(browser);
    await first.page.goto(url);
    await first.page.getByText('Example Co').waitFor();
    const second = await openPage(browser);
    await second.page.goto(url);
    await second.page.getByText('This link has expired. Open Notes again from the platform.').waitFor();
    const bare = await openPage(browser);
    await bare.page.goto(notesApp.url);
    await bare.page.getByText('Open Notes from the platform to start.').waitFor();
    for (const opened of [first, second, bare]) await opened.page.context().close();
  });
});
