import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../harness.js';
import { browserSkipReason, ensureConsoleBuilt, launchBrowser, signInAt, startConsoleService } from '../support/browser.js';

/**
 * The console keeps its session through reloads and a refused (429) refresh, and shows each role only what it may
 * use: no section it cannot open in the menu, a plain "not allowed" page (and no forbidden request) for the others.
 */
describe.skipIf(browserSkipReason)('console session and roles in Chromium', () => {
  let t: TestService;
  let tenant: TestTenant;
  let browser: Browser;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    t = await startConsoleService();
    tenant = await createTenant(t, 'Roles Co');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  async function signIn(email: string) {
    const signedIn = await signInAt(browser, t, tenant, '/documents', email);
    await signedIn.page.getByRole('heading', { name: 'Documents' }).waitFor();
    return signedIn;
  }

  /** The statuses of the refreshes the page makes, in order. */
  function refreshes(page: Page): number[] {
    const statuses: number[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/auth/refresh') statuses.push(response.status());
    });
    return statuses;
  }

  it('stays signed in across twelve reloads within a minute (each reload refreshes the token)', async () => {
    const { page, problems } = await signIn(tenant.ownerEmail);
    const statuses = refreshes(page);
    for (let i = 0; i < 12; i++) {
      await page.reload();
      await page.getByRole('heading', { name: 'Documents' }).waitFor();
      await page.getByText(tenant.ownerEmail).waitFor();
    }
    expect(page.url()).toMatch(/\/admin\/documents$/);
    expect(statuses).toEqual(Array(12).fill(200));
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps the session when a refresh is answered 429, and tries again after Retry-After', async () => {
    const { page } = await signIn(tenant.ownerEmail);
    const statuses = refreshes(page);
    // The first refresh after the reload finds the budget spent (the service's 429, as documented).
    let refused = 0;
    await page.route('**/api/auth/refresh', async (route) => {
      if (refused++ > 0) return route.continue();
      await route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '1', 'x-ratelimit-limit': '1', 'x-ratelimit-remaining': '0' },
        body: JSON.stringify({ detail: { limit: 1, remaining: 0, retry_after: 1 }, code: 'rate_limited' }),
      });
    });
    await page.reload();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await page.getByText(tenant.ownerEmail).waitFor();
    expect(page.url()).toMatch(/\/admin\/documents$/);
    expect(statuses).toEqual([429, 200]);
    // Still the same signed-in tab: another reload refreshes with the token the retry got.
    await page.reload();
    await page.getByText(tenant.ownerEmail).waitFor();
    expect(statuses).toEqual([429, 200, 200]);
    await page.context().close();
  });

  const ALLOWED = ['Documents', 'Ask', 'Feedback', 'Memories and folders', 'Connectors', 'Models'];
  const HEADINGS = ['Documents', 'Ask your documents', 'Answer feedback', 'Memories and folders', 'Connectors', 'Language models'];

  for (const role of ['member', 'viewer'] as const) {
    it(`a ${role} sees only the sections the role opens, is told "not allowed" elsewhere, and no request is refused`, async () => {
      const user = await tenant.userToken(role);
      const { page, problems } = await signIn(user.email);
      const refusedCalls: string[] = [];
      page.on('response', (response) => {
        if (response.status() === 403) refusedCalls.push(`${response.request().method()} ${new URL(response.url()).pathname}`);
      });
      const nav = page.getByRole('navigation', { name: 'Sections' });
      await nav.getByRole('link', { name: 'Documents' }).waitFor();
      expect(await nav.getByRole('link').allTextContents()).toEqual(ALLOWED);

      for (const [i, label] of ALLOWED.entries()) {
        await nav.getByRole('link', { name: label, exact: true }).click();
        await page.getByRole('heading', { name: HEADINGS[i], exact: true }).waitFor();
      }
      // An admin section by its address: a plain refusal, its page never loads.
      for (const address of ['users', 'api-keys', 'apps', 'oauth-clients', 'audit', 'settings']) {
        await page.goto(`${t.url}/admin/${address}`);
        await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
      }
      await page.goto(`${t.url}/admin/no-such-page`);
      await page.getByRole('heading', { name: 'Page not found' }).waitFor();
      expect(page.url()).toMatch(/\/admin\/no-such-page$/);

      expect(refusedCalls).toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  }
});
