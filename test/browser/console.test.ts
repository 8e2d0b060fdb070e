import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, createTenant, type TestService, type TestTenant } from '../harness.js';
import { accessibilityViolations, browserSkipReason, ensureConsoleBuilt, launchBrowser, openPage } from '../support/browser.js';
import { freePort } from '../support/processes.js';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.js';
import { startFakeOpenAI, type FakeOpenAI } from '../peers/fake-openai.js';
import { citing } from '../support/chat.js';
import { indexedOk, uploadOk } from '../support/documents.js';
import { activate, configureProvider, usageRows } from '../support/llm.js';

describe.skipIf(browserSkipReason)('the administration console in Chromium', () => {
  let t: TestService;
  let tenant: TestTenant;
  let browser: Browser;
  let smtp: SmtpPeer;
  let provider: FakeOpenAI;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    smtp = await startSmtpPeer();
    provider = await startFakeOpenAI({ apiKey: 'sk-console-test-key' });
    // Mails link to PUBLIC_BASE_URL: the service's own address, known before it starts.
    const port = await freePort();
    t = await startTestService({ listen: true, env: { PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, PROVIDER_ALLOWED_HOSTS: '127.0.0.1' } });
    tenant = await createTenant(t, 'Console Co');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
    await provider?.close();
  });

  async function signIn(width = 1280, who: TestTenant = tenant) {
    const { page, problems } = await openPage(browser, width);
    await page.goto(`${t.url}/admin/documents`);
    await page.waitForURL(/\/admin\/sign-in\?next=/);
    await page.getByLabel('Workspace').fill(who.slug);
    await page.getByLabel('E-mail').fill(who.ownerEmail);
    await page.getByLabel(/^Password/).fill(who.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/admin\/documents$/);
    return { page, problems };
  }

  it('signs in and comes back to the page asked for, with no console error and no serious accessibility issue', async () => {
    const { page, problems } = await signIn();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await page.getByText('No documents yet.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    // The sign-in also started the browser session (HttpOnly cookie) that OAuth authorization asks about.
    const cookie = (await page.context().cookies()).find((c) => c.name === 'service_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const check = await page.evaluate("fetch('/api/auth/session/check', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then((r) => r.json())");
    expect(check).toMatchObject({ authenticated: true, user: { email: tenant.ownerEmail } });
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows the API detail when the password is wrong', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${t.url}/admin/sign-in`);
    await page.getByLabel('Workspace').fill(tenant.slug);
    await page.getByLabel('E-mail').fill(tenant.ownerEmail);
    await page.getByLabel(/^Password/).fill('wrong password entirely');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/invalid|incorrect|wrong/i);
    await page.context().close();
  });

  it('stays signed in across a reload and works on a phone-width screen', async () => {
    const { page, problems } = await signIn(390);
    await page.reload();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await page.getByRole('button', { name: 'Toggle navigation' }).click();
    await page.getByRole('link', { name: 'Documents' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('creates an API key, shows it once, and revokes it after confirmation', async () => {
    const { page, problems } = await signIn();
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByText('No API keys yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Create an API key' }).click();
    await page.getByLabel(/^Name/).fill('ingest server');
    await page.getByRole('button', { name: 'Create', exact: true }).click();
    const key = (await page.getByTestId('new-api-key').textContent())!.trim();
    expect(key).toMatch(/^sk-/);
    const verify = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${key}` } });
    expect(verify.statusCode).toBe(200);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'ingest server', exact: true }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Revoke ingest server' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('No API keys yet.', { exact: false }).waitFor();
    const refused = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${key}` } });
    expect(refused.statusCode).toBe(401);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('invites a colleague, who accepts from the mailed link and lands signed in', async () => {
    const { page, problems } = await signIn();
    await page.getByRole('link', { name: 'Users' }).click();
    await page.getByRole('tab', { name: 'Invitations' }).click();
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const email = `colleague-${Date.now()}@example.test`;
    await page.getByRole('dialog').getByLabel(/^E-mail/).fill(email);
    await page.getByRole('button', { name: 'Send the invitation' }).click();
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();

    const [mail] = (await smtp.waitFor(1)).filter((m) => m.text?.includes('/accept-invitation'));
    const link = /http:\/\/127\.0\.0\.1:\d+\/accept-invitation\?token=[A-Za-z0-9_-]+/.exec(mail!.text!)![0];
    const guest = await openPage(browser);
    await guest.page.goto(link);
    await guest.page.getByRole('heading', { name: 'Join Console Co' }).waitFor();
    expect(await accessibilityViolations(guest.page)).toEqual([]);
    await guest.page.getByLabel(/^Your name/).fill('Colleague');
    await guest.page.getByLabel(/^Choose a password/).fill('a long and unusual passphrase 42');
    await guest.page.getByRole('button', { name: 'Accept and sign in' }).click();
    await guest.page.getByRole('heading', { name: 'Documents' }).waitFor();
    await guest.page.getByText(email).waitFor();
    expect(guest.problems).toEqual([]);
    await guest.page.context().close();
  });

  it('sets a provider key, enables a model, makes it the default and tests it against the loopback provider', async () => {
    const { page, problems } = await signIn();
    await page.getByRole('link', { name: 'Models' }).click();
    await page.getByRole('tab', { name: 'Provider keys and health' }).click();
    await page.getByRole('button', { name: 'Set the key of openai' }).click();
    await page.getByRole('dialog').getByLabel(/^API key/).fill('sk-console-test-key');
    await page.getByRole('dialog').getByLabel(/^Base URL/).fill(provider.url);
    await page.getByRole('button', { name: 'Save the key' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('cell', { name: provider.url, exact: true }).waitFor();

    await page.getByRole('tab', { name: 'Models' }).click();
    await page.getByLabel('Model name').fill('gpt-4o-mini');
    await page.getByRole('button', { name: 'Make gpt-4o-mini the default' }).click();
    await page.getByRole('button', { name: 'Test gpt-4o-mini' }).click();
    await page.getByText(/gpt-4o-mini answered in \d+ ms/).waitFor();
    expect(await page.getByRole('switch', { name: 'Enable gpt-4o-mini', exact: true }).isChecked()).toBe(true);
    expect(provider.requests.some((r) => r.path.endsWith('/chat/completions'))).toBe(true);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Usage is written in batches off the response path: once the test call's row is in, a fresh load shows it.
    const [usage] = await usageRows(t, tenant.tenantId);
    await page.reload();
    await page.getByRole('tab', { name: 'Usage and cost' }).click();
    await page.getByText(`1 calls, ${usage!.prompt_tokens + usage!.completion_tokens} tokens`, { exact: false }).waitFor();
    await page.getByRole('cell', { name: 'gpt-4o-mini', exact: true }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('every section opens with no console error and no serious accessibility issue; a memory and a folder are created', async () => {
    const { page, problems } = await signIn();
    const sections: [string, string][] = [
      ['Memories and folders', 'Memories and folders'],
      ['Models', 'Language models'],
      ['Users', 'Users'],
      ['API keys', 'API keys'],
      ['Apps', 'Apps'],
      ['Feedback', 'Answer feedback'],
      ['Audit log', 'Audit log'],
      ['Settings', 'Settings'],
    ];
    for (const [link, heading] of sections) {
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { name: heading, exact: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await accessibilityViolations(page), link).toEqual([]);
    }
    await page.getByRole('tab', { name: 'Single sign-on' }).click();
    await page.getByRole('button', { name: 'Add a provider' }).click();
    await page.getByRole('dialog').getByLabel(/^Name/).waitFor();
    expect(await accessibilityViolations(page), 'SSO provider form').toEqual([]);
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('link', { name: 'Memories and folders' }).click();
    await page.getByRole('button', { name: 'New memory' }).click();
    await page.getByRole('dialog').getByLabel(/^Name/).fill('Handbook');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('cell', { name: 'Handbook', exact: true }).waitFor();
    await page.getByRole('tab', { name: 'Folders' }).click();
    await page.getByRole('button', { name: 'New folder' }).click();
    await page.getByRole('dialog').getByLabel(/^Name/).fill('Contracts');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('cell', { name: 'Contracts', exact: true }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('uploads 20 corpus files by drag-and-drop and follows every one to indexed, then opens one', async () => {
    const corpus = path.resolve(process.cwd(), '../shared/corpus');
    if (!existsSync(path.join(corpus, 'MANIFEST.tsv'))) throw new Error('../shared/corpus is missing: CI always has it beside the repository');
    const files = await pickCorpusFiles(corpus, 20);
    const { page, problems } = await signIn();
    // A real drop event carrying real File objects, as a user dragging from the desktop produces.
    const dataTransfer = await page.evaluateHandle(
      (list: { name: string; base64: string }[]) => {
        // Runs in the page (this file is compiled without the DOM library).
        const transfer = new (globalThis as any).DataTransfer();
        for (const file of list) {
          const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
          transfer.items.add(new (globalThis as any).File([bytes], file.name));
        }
        return transfer;
      },
      files.map((f) => ({ name: f.name, base64: f.bytes.toString('base64') })),
    );
    await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer });
    await page.getByTestId('batch-summary').filter({ hasText: '20 indexed, 0 failed, 20 in all — done' }).waitFor({ timeout: 120_000 });
    for (const file of files) await page.getByRole('progressbar', { name: `Progress of ${file.name}` }).waitFor();
    expect(await page.getByRole('progressbar', { name: 'Batch progress' }).getAttribute('aria-valuenow')).toBe('100');
    expect(await accessibilityViolations(page)).toEqual([]);

    await page.getByRole('link', { name: files[0]!.name }).click();
    await page.getByRole('heading', { name: files[0]!.name }).waitFor();
    await page.getByText('#1', { exact: false }).first().waitFor();
    await page.getByRole('tab', { name: 'Indexing history' }).click();
    await page.getByRole('cell', { name: 'succeeded' }).first().waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('asks the documents: the answer streams in with its source, rated, and the citation opens the viewer at the cited page', async () => {
    // A tenant of its own: its provider key and documents do not change what the other tests see.
    const asker = await createTenant(t, 'Ask Co');
    await configureProvider(t, asker, provider.url, 'sk-console-test-key');
    await activate(t, asker, 'gpt-4o-mini', true);
    const pdf = await readFile(path.resolve(process.cwd(), '../shared/corpus/pdf/unst__copy-protected.pdf'));
    const documentId = await uploadOk(t, asker, 'framework.pdf', pdf);
    await indexedOk(t, asker, documentId);
    provider.setReply(citing([['learning-based framework', 'The paper proposes a learning-based framework']]));

    const { page, problems } = await signIn(1280, asker);
    await page.getByRole('link', { name: 'Ask' }).click();
    await page.getByLabel('Question').fill('What does the paper propose?');
    await page.getByRole('button', { name: 'Ask', exact: true }).click();
    await page.getByText('The paper proposes a learning-based framework [1].').waitFor();
    const source = page.getByRole('button', { name: /^framework\.pdf, page \d+$/ });
    await source.waitFor();
    const cited = /page (\d+)$/.exec((await source.textContent()) ?? '')![1];

    await page.getByRole('button', { name: 'Good answer' }).click();
    await page.getByText('Thanks: the rating is recorded.').waitFor();
    const feedback = (await t.app.inject({ method: 'GET', url: '/api/v1/feedback/', headers: asker.auth() })).json();
    expect(feedback.items.map((f: { rating: string }) => f.rating)).toEqual(['up']);

    const opened = page.waitForEvent('popup');
    await source.click();
    const viewer = await opened;
    await viewer.waitForURL(new RegExp(`/api/v1/documents/${documentId}/view\\?viewer_token=[^#]+#page=${cited}$`));
    expect(await accessibilityViolations(page)).toEqual([]);

    // The rating shows on the feedback page, with the question, the answer and its source.
    await page.getByRole('link', { name: 'Feedback', exact: true }).click();
    await page.getByRole('heading', { name: 'Answer feedback' }).waitFor();
    await page.getByText('What does the paper propose?').waitFor();
    await page.getByText(`Sources: [1] framework.pdf, page ${cited}`).waitFor();
    await page.getByText('Bad answers', { exact: true }).click();
    await page.getByText('No answer has been rated yet.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);
});

/** `count` small corpus files of several formats whose manifest expects text (not the broken ones). */
async function pickCorpusFiles(corpus: string, count: number): Promise<{ name: string; bytes: Buffer }[]> {
  const rows = (await readFile(path.join(corpus, 'MANIFEST.tsv'), 'utf8')).split('\n').slice(1).filter(Boolean).map((l) => l.split('\t'));
  const usable = rows
    .filter(([file, , bytes, , , , , , phrase]) => !file!.startsWith('broken/') && phrase && Number(bytes) < 200_000)
    .sort((a, b) => Number(a[2]) - Number(b[2]));
  const picked: string[] = [];
  // Round-robin over formats so that every parser is exercised.
  const byFormat = new Map<string, string[][]>();
  for (const row of usable) byFormat.set(row[1]!, [...(byFormat.get(row[1]!) ?? []), row]);
  while (picked.length < count && [...byFormat.values()].some((list) => list.length)) {
    for (const list of byFormat.values()) if (list.length && picked.length < count) picked.push(list.shift()![0]!);
  }
  return Promise.all(picked.map(async (file) => ({ name: path.basename(file), bytes: await readFile(path.join(corpus, file)) })));
}
