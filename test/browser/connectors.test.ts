import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../harness.js';
import { accessibilityViolations, browserSkipReason, ensureConsoleBuilt, launchBrowser, signInAt, startConsoleService } from '../support/browser.js';

/**
 * The Connectors section as an admin walks it: a folder connector added through the form drawn from the kind's
 * schema, run now, its run seen to add the folder's files (counts and details), and a document it made shown as
 * kept in sync by it (no re-index, no tag editing), linking back to the connector.
 */
describe.skipIf(browserSkipReason)('connectors in the console (Chromium)', () => {
  let t: TestService;
  let tenant: TestTenant;
  let browser: Browser;
  let root: string;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    root = await mkdtemp(path.join(os.tmpdir(), 'kb-console-connector-'));
    for (const [name, text] of [
      ['alpha.md', '# Alpha\n\nThe heron nests by the northern weir.'],
      ['beta.md', '# Beta\n\nCopper kettles hum in the east kitchen.'],
    ]) {
      await writeFile(path.join(root, name), text);
    }
    t = await startConsoleService({ CONNECTOR_FOLDER_ROOTS: root });
    tenant = await createTenant(t, 'Connect Co');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await rm(root, { recursive: true, force: true });
  });

  it('adds a folder connector from its schema form, runs it, shows the run and the documents it keeps in sync', async () => {
    const { page, problems } = await signInAt(browser, t, tenant, '/connectors');
    await page.getByRole('heading', { name: 'Connectors', exact: true }).waitFor();
    await page.getByText('No connectors yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Add a connector' }).click();
    const form = page.getByRole('dialog', { name: 'Add a connector' });
    await form.getByLabel(/^Source/).click();
    await page.getByRole('option', { name: 'Folder' }).click();
    await form.getByLabel(/^Name/).fill('Team notes');
    await form.getByLabel(/^Path/).fill(root);
    await form.getByLabel('Sync on a schedule').uncheck();
    expect(await accessibilityViolations(page), 'connector form').toEqual([]);
    await form.getByRole('button', { name: 'Add the connector' }).click();

    await page.getByRole('heading', { name: 'Team notes' }).waitFor();
    await page.getByText('by hand only', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Run now' }).click();
    const runs = page.getByLabel('Runs', { exact: true });
    await runs.getByText('succeeded').waitFor({ timeout: 60_000 });
    await runs.getByText('2 added', { exact: false }).waitFor();
    await runs.getByRole('button', { name: /^Details of the run/ }).click();
    await page.getByTestId('run-details').getByText('complete listing', { exact: false }).waitFor();
    expect(await accessibilityViolations(page), 'connector page').toEqual([]);

    await page.getByRole('link', { name: '← Connectors' }).click();
    await page.getByRole('link', { name: 'Team notes' }).waitFor();
    await page.getByRole('cell', { name: '2', exact: true }).waitFor(); // its documents
    expect(await accessibilityViolations(page), 'connector list').toEqual([]);

    await page.goto(`${t.url}/admin/documents`);
    await page.getByRole('link', { name: 'alpha.md' }).click();
    await page.getByText('Kept in sync by a connector').waitFor();
    await page.getByText('Set by its connector').waitFor();
    expect(await page.getByRole('button', { name: 'Re-index' }).count()).toBe(0);
    expect(await page.locator('.mantine-TagsInput-inputField').isDisabled()).toBe(true);
    await page.getByRole('link', { name: 'Open the connector' }).click();
    await page.getByRole('heading', { name: 'Team notes' }).waitFor();
    expect(problems).toEqual([]);
  });
});
