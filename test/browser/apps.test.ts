import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../harness.js';
import { accessibilityViolations, browserSkipReason, ensureConsoleBuilt, launchBrowser, openPage } from '../support/browser.js';
import { freePort } from '../support/processes.js';
// @ts-expect-error: a plain ES module of the example (no types: the example has no build step)
import { serveNotesApp } from '../../examples/notes-app/serve.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const REFUSED_IMPORT = 'HTTP 422: POST /api/v1/app-platform/manifests/import';

/**
 * The console's Apps area in Chromium: a refused manifest shows each problem with its JSON path under the
 * editor; the example app of docs/apps.md is imported, installed with the permissions it asks for, opened
 * from the console (its page, on its own origin, exchanges the launch token), and uninstalled.
 */
describe.skipIf(browserSkipReason)('the Apps area of the console in Chromium', () => {
  let t: TestService;
  let tenant: TestTenant;
  let browser: Browser;
  let notesApp: { url: string; close(): Promise<void> };
  let manifest: Record<string, unknown>;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    // PUBLIC_BASE_URL is the service's own address, as in a deployment: the console's sign-in starts a browser
    // session, which only the service's own origin may do.
    const port = await freePort();
    t = await startTestService({ listen: true, env: { PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, APPS_ALLOW_HTTP_LOOPBACK: 'true' } });
    notesApp = await serveNotesApp({ platformUrl: t.url, port: 0 });
    tenant = await createTenant(t, 'Apps Co');
    // The example's manifest, pointed at wherever its server listens in this run.
    const example = JSON.parse(await readFile(path.join(ROOT, 'examples/notes-app/manifest.json'), 'utf8'));
    manifest = { ...example, entry_url: notesApp.url, icon_url: `${notesApp.url}icon.svg` };
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await notesApp?.close();
    await t?.close();
  });

  async function openApps(width = 1280) {
    const { page, problems } = await openPage(browser, width);
    await page.goto(`${t.url}/admin/apps`);
    await page.waitForURL(/\/admin\/sign-in\?next=/);
    await page.getByLabel('Workspace').fill(tenant.slug);
    await page.getByLabel('E-mail').fill(tenant.ownerEmail);
    await page.getByLabel(/^Password/).fill(tenant.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/apps$/);
    await page.getByRole('heading', { name: 'Apps' }).waitFor();
    return { page, problems };
  }

  const apiGet = async (url: string) => (await t.app.inject({ method: 'GET', url, headers: tenant.auth() })).json();

  it('an invalid manifest is refused with each problem and its JSON path shown under the editor, and nothing is created', async () => {
    const { page, problems } = await openApps();
    await page.getByText('No apps here.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Import an app' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import an app' });
    const invalid = { ...manifest, version: 'one', entry_url: 'javascript:alert(1)', permissions: ['app_data:read', 'root:everything'] };
    await dialog.locator('input[type=file]').setInputFiles({ name: 'manifest.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(invalid, null, 2)) });
    await expect.poll(() => dialog.getByLabel(/^Manifest \(JSON\)/).inputValue()).toContain('root:everything');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();

    const listed = dialog.getByTestId('manifest-problems');
    await listed.waitFor();
    const text = (await listed.textContent())!;
    for (const pointer of ['/version', '/entry_url', '/permissions/1']) expect(text).toContain(pointer);
    expect(await accessibilityViolations(page)).toEqual([]);

    // Text that is not JSON is refused in place too, before any request.
    await dialog.getByLabel(/^Manifest \(JSON\)/).fill('{"id": ');
    await dialog.getByRole('button', { name: 'Import', exact: true }).click();
    await dialog.getByText('Not valid JSON', { exact: false }).waitFor();

    expect((await apiGet('/api/v1/app-platform/apps/')).total).toBe(0);
    // The refused import is the one failed request (which Chromium also logs as a failed resource); nothing else went wrong.
    expect(problems.sort()).toEqual([REFUSED_IMPORT, 'console: Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)'].sort());
    await page.context().close();
  });

  it('imports the example app, installs it with the permissions it asks for, opens it, and uninstalls it', async () => {
    const { page, problems } = await openApps();
    await page.getByRole('button', { name: 'Import an app' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import an app' });
    await importDialog.getByLabel(/^Manifest \(JSON\)/).fill(JSON.stringify(manifest, null, 2));
    await importDialog.getByRole('button', { name: 'Check' }).click();
    await importDialog.getByText('The manifest is valid', { exact: false }).waitFor();
    await importDialog.getByRole('button', { name: 'Import', exact: true }).click();
    await importDialog.waitFor({ state: 'detached' });

    // Install: every permission the manifest asks for is listed, ticked, and granted.
    await page.getByRole('button', { name: 'Install Notes' }).click();
    const installDialog = page.getByRole('dialog', { name: 'Install Notes 1.0.0?' });
    for (const permission of manifest.permissions as string[]) {
      await expect.poll(() => installDialog.getByRole('checkbox', { name: permission }).isChecked()).toBe(true);
    }
    expect(await accessibilityViolations(page)).toEqual([]);
    await installDialog.getByRole('button', { name: 'Install', exact: true }).click();
    await installDialog.waitFor({ state: 'detached' });
    await page.getByText('installed', { exact: true }).waitFor();
    const [installation] = (await apiGet('/api/v1/app-platform/installations/')).items;
    expect(installation.granted_permissions.sort()).toEqual([...(manifest.permissions as string[])].sort());

    await page.getByRole('tab', { name: 'Installed' }).click();
    await page.getByRole('button', { name: 'Open Notes' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // Open: a new tab goes to the launch URL (the entry URL carrying launch_token), and the app's page exchanges it.
    const launched: string[] = [];
    const exchanges: number[] = [];
    page.context().on('request', (request) => {
      if (request.url().startsWith(notesApp.url) && request.resourceType() === 'document') launched.push(request.url());
    });
    page.context().on('response', (response) => {
      if (response.url().endsWith('/api/v1/app-platform/runtime/exchange') && response.request().method() === 'POST') exchanges.push(response.status());
    });
    const [appPage] = await Promise.all([page.context().waitForEvent('page'), page.getByRole('button', { name: 'Open Notes' }).click()]);
    const appProblems: string[] = [];
    appPage.on('console', (message) => {
      if (message.type() === 'error') appProblems.push(message.text());
    });
    await appPage.getByText('Apps Co').waitFor();
    expect(launched).toHaveLength(1);
    const launchUrl = new URL(launched[0]!);
    expect(launchUrl.origin + launchUrl.pathname).toBe(notesApp.url);
    expect(launchUrl.searchParams.get('launch_token')).toMatch(/^alt_/);
    expect(exchanges).toEqual([200]);
    expect(new URL(appPage.url()).searchParams.has('launch_token')).toBe(false);
    expect(appProblems).toEqual([]);
    // The opened tab cannot reach back into the console.
    expect(await appPage.evaluate('window.opener === null')).toBe(true);
    await appPage.close();

    // Uninstall after confirming: the installation stops at once.
    await page.getByRole('button', { name: 'Uninstall Notes' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Uninstall' }).click();
    await page.getByText('No apps here.', { exact: false }).waitFor();
    const after = await apiGet(`/api/v1/app-platform/installations/${installation.installation_id}`);
    expect(after.status).toBe('uninstalled');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Uninstalled' }).click();
    await page.getByRole('cell', { name: 'uninstalled' }).waitFor();

    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('works on a phone-width screen: the section is in the navigation, no serious accessibility issue', async () => {
    const { page, problems } = await openApps(390);
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'Apps', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('tab', { name: 'Available apps' }).click();
    await page.waitForLoadState('networkidle');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
