import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../harness.js';
import { accessibilityViolations, browserSkipReason, ensureConsoleBuilt, launchBrowser, signInAt, startConsoleService } from '../support/browser.js';

// No SMTP_URL: mail waits in the outbox, as on a fresh install.
describe.skipIf(browserSkipReason)('documents and the mail outbox in the console (Chromium)', () => {
  let t: TestService;
  let tenant: TestTenant;
  let browser: Browser;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    t = await startConsoleService();
    tenant = await createTenant(t, 'Outbox Co');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  const signIn = (to: string) => signInAt(browser, t, tenant, to);

  it('shows why a file failed in the batch and in the list, and deletes a document after confirmation', async () => {
    const { page, problems } = await signIn('/documents');
    await page.getByLabel('Files to upload').setInputFiles([
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Otters hold hands while they sleep.') },
      { name: 'blank.txt', mimeType: 'text/plain', buffer: Buffer.from('  \n\n \t \n') },
    ]);
    await page.getByTestId('batch-summary').filter({ hasText: '1 indexed, 1 failed, 2 in all — done' }).waitFor({ timeout: 120_000 });
    await page.getByTestId('batch-file-error').filter({ hasText: 'No text found in the file' }).waitFor();
    const failedRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: 'blank.txt' }) });
    await failedRow.getByTestId('document-error').filter({ hasText: 'No text found in the file' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Delete notes.txt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this document?' });
    await dialog.getByText('"notes.txt" is deleted').waitFor();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('link', { name: 'notes.txt' }).waitFor({ state: 'detached' });
    const left = await t.app.inject({ method: 'GET', url: '/api/v1/documents/?page_size=100', headers: tenant.auth() });
    expect(left.json().items.map((d: { filename: string }) => d.filename)).toEqual(['blank.txt']);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('says an invitation waits in the outbox, hands over a working link, and lists the outgoing mail', async () => {
    const { page, problems } = await signIn('/users');
    await page.getByRole('tab', { name: 'Invitations' }).click();
    await page.getByRole('button', { name: 'Invite someone' }).click();
    await page.getByRole('dialog', { name: 'Invite someone' }).getByLabel('E-mail').fill('newcomer@example.test');
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invitation link' });
    await dialog.getByText('Mail is not configured: the invitation waits in the outbox. Copy the link and send it yourself.').waitFor();
    const url = await dialog.getByLabel('Link').inputValue();
    expect(url).toMatch(new RegExp(`^${t.url}/accept-invitation\\?token=inv_`));
    const info = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/info?token=${new URL(url).searchParams.get('token')}` });
    expect(info.statusCode).toBe(200);
    expect(await page.getByText('Invitation sent').count()).toBe(0);
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Close' }).first().click();

    await page.getByRole('tab', { name: 'Outgoing mail' }).click();
    const row = page.getByRole('row').filter({ hasText: 'newcomer@example.test' });
    await row.getByText('Invitation to Outbox Co').waitFor();
    await row.getByText('outbox', { exact: true }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});
