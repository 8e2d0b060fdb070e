import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../harness.js';
import { startOidcIdp, type OidcIdp } from '../peers/oidc-idp.js';
import { accessibilityViolations, browserSkipReason, ensureConsoleBuilt, launchBrowser, openPage } from '../support/browser.js';
import { freePort } from '../support/processes.js';
import { basic, pkcePair, token } from '../support/oauth.js';
import { startSmtpPeer, type SmtpPeer } from '../support/smtp-peer.js';
import { CLIENT, saveProvider } from '../support/sso.js';

/** The console's ways in: an e-mailed code, an SSO button, and the consent screen third-party clients send people to. */
describe.skipIf(browserSkipReason)('signing in to the console, and authorizing OAuth clients there', () => {
  let t: TestService;
  let tenant: TestTenant;
  let browser: Browser;
  let smtp: SmtpPeer;
  let idp: OidcIdp;
  let base: string;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    smtp = await startSmtpPeer();
    // PUBLIC_BASE_URL must be the service's own address: the IdP sends the browser back to the console there.
    base = `http://127.0.0.1:${await freePort()}`;
    idp = await startOidcIdp({ accounts: [], clients: [{ ...CLIENT, redirect_uris: [`${base}/admin/sso/callback`] }] });
    t = await startTestService({
      listen: true,
      env: {
        PORT: new URL(base).port,
        PUBLIC_BASE_URL: base,
        SMTP_URL: smtp.url,
        SSO_ALLOW_HTTP_ISSUERS: 'true',
        PROVIDER_ALLOWED_HOSTS: '127.0.0.1,localhost',
      },
    });
    tenant = await createTenant(t, 'Auth Co');
    // The IdP's person is the tenant's owner, linked by the verified e-mail.
    idp.accounts.set('idp-owner', { sub: 'idp-owner', email: tenant.ownerEmail, email_verified: true, name: 'Owner' });
    await saveProvider(t, tenant, idp, { name: 'Company IdP', link_existing_by_email: true });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await idp?.close();
    await smtp?.close();
  });

  async function signInWithPassword(page: Page, open = true) {
    if (open) await page.goto(`${base}/admin/sign-in`);
    await page.getByLabel('Workspace').fill(tenant.slug);
    await page.getByLabel('E-mail').fill(tenant.ownerEmail);
    await page.getByLabel(/^Password/).fill(tenant.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    if (open) await page.getByRole('heading', { name: 'Documents' }).waitFor();
  }

  it('signs in with a one-time code read from the mail', async () => {
    const { page, problems } = await openPage(browser);
    await page.goto(`${base}/admin/documents`);
    await page.waitForURL(/\/admin\/sign-in\?next=/);
    await page.getByLabel('Workspace').fill(tenant.slug);
    await page.getByRole('tab', { name: 'With a one-time code' }).click();
    await page.getByLabel('E-mail').fill(tenant.ownerEmail);
    await page.getByRole('button', { name: 'Email me a code' }).click();
    await page.getByLabel(/^Code/).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    const mails = await smtp.waitFor(1);
    const mail = mails.find((m) => m.subject?.includes('sign-in code'))!;
    const code = /\b(\d{6})\b/.exec(mail.text!)![1];
    await page.getByLabel(/^Code/).fill(code);
    await page.getByRole('button', { name: 'Sign in with the code' }).click();
    await page.waitForURL(/\/admin\/documents$/);
    await page.getByText(tenant.ownerEmail).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it("signs in with the workspace's SSO provider and lands back signed in", async () => {
    const { page, problems } = await openPage(browser);
    // The IdP's login and consent are HTTP exchanges in this test IdP, not pages: the test answers them for the
    // browser and sends it back where the IdP would (the console's callback with code, state and iss).
    let returned: URL | null = null;
    await page.route(`${idp.origin}/**`, async (route) => {
      returned = await idp.signIn(route.request().url(), 'idp-owner');
      await route.fulfill({ status: 302, headers: { location: returned.href } });
    });
    await page.goto(`${base}/admin/documents`);
    await page.waitForURL(/\/admin\/sign-in\?next=/);
    await page.getByLabel('Workspace').fill(tenant.slug);
    const button = page.getByRole('button', { name: 'Sign in with Company IdP' });
    await button.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await button.click();
    await page.waitForURL(/\/admin\/documents$/);
    await page.getByText(tenant.ownerEmail).waitFor();
    expect(returned!.pathname).toBe('/admin/sso/callback');
    // The tokens are the console's: a reload keeps the user signed in.
    await page.reload();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('refuses an SSO callback this tab did not start (login CSRF), before asking the service', async () => {
    const { page } = await openPage(browser);
    await page.goto(`${base}/admin/sso/callback?code=attacker-code&state=attacker-state`);
    await expect(page.getByRole('alert').textContent()).resolves.toMatch(/not started in this tab/);
    await page.context().close();
  });

  it('registers an OAuth client with its secret shown once; the consent screen denies, then allows; delete asks first', async () => {
    const { page, problems } = await openPage(browser);
    await signInWithPassword(page);
    await page.getByRole('link', { name: 'OAuth clients' }).click();
    await page.getByText('No OAuth clients yet.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Register a client' }).click();
    const callback = 'https://crm.partner.test/callback';
    await page.getByLabel(/^Name/).fill('Partner CRM');
    await page.getByLabel(/^Redirect URIs/).fill(callback);
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Register', exact: true }).click();
    const secret = (await page.getByTestId('new-client-secret').textContent())!.trim();
    const clientId = (await page.getByTestId('new-client-id').textContent())!.trim();
    expect(secret).toMatch(/^cs_/);
    expect(clientId).toMatch(/^cl_/);
    await page.getByRole('button', { name: 'Copy the secret' }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('cell', { name: 'Partner CRM', exact: true }).waitFor();
    // Shown once: the list has no secret.
    expect(await page.getByText(secret).count()).toBe(0);

    // The third-party application sends the browser to the authorization_endpoint the discovery document names.
    const discovery = (await (await fetch(`${base}/.well-known/openid-configuration`)).json()) as { authorization_endpoint: string };
    expect(discovery.authorization_endpoint).toBe(`${base}/admin/authorize`);
    const { verifier, challenge } = pkcePair();
    const authorizeUrl = (state: string) =>
      `${discovery.authorization_endpoint}?${new URLSearchParams({
        client_id: clientId,
        redirect_uri: callback,
        response_type: 'code',
        scope: 'openid email documents:read',
        state,
        nonce: 'nonce-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      })}`;
    // The application is not running: its callback is answered here and only its URL is checked.
    await page.route('https://crm.partner.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'the application' }));

    await page.goto(authorizeUrl('denied-state'));
    await page.getByRole('heading', { name: 'Allow access to your account' }).waitFor();
    await page.getByText('Partner CRM', { exact: true }).waitFor();
    await page.getByText('(documents:read)').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Deny' }).click();
    await page.waitForURL((url) => url.origin === 'https://crm.partner.test');
    const denied = new URL(page.url());
    expect(`${denied.origin}${denied.pathname}`).toBe(callback);
    expect(Object.fromEntries(denied.searchParams)).toMatchObject({ error: 'access_denied', state: 'denied-state', iss: base });

    await page.goto(authorizeUrl('allowed-state'));
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL((url) => url.origin === 'https://crm.partner.test');
    const allowed = new URL(page.url());
    expect(`${allowed.origin}${allowed.pathname}`).toBe(callback);
    expect(allowed.searchParams.get('state')).toBe('allowed-state');
    expect(allowed.searchParams.get('iss')).toBe(base);
    const code = allowed.searchParams.get('code')!;
    expect(code).toMatch(/^ac_/);
    // The code is the application's: it redeems it with the secret shown once.
    const redeemed = await token(t, { grant_type: 'authorization_code', code, redirect_uri: callback, code_verifier: verifier }, basic(clientId, secret));
    expect(redeemed.statusCode).toBe(200);
    const accessToken = redeemed.json().access_token as string;
    const userinfo = () => t.app.inject({ method: 'GET', url: '/api/auth/userinfo', headers: { authorization: `Bearer ${accessToken}` } });
    expect((await userinfo()).json()).toMatchObject({ sub: tenant.ownerId, email: tenant.ownerEmail });

    // A browser without a session is sent to the API's login_url (the console's sign-in by default), signs in, and
    // the request continues on the console's authorization page; consent was given already.
    const asked = await fetch(`${base}/api/auth/authorize?${new URL(authorizeUrl('after-sign-in')).searchParams}`);
    const { login_url: loginUrl } = (await asked.json()) as { login_url: string };
    expect(loginUrl.startsWith(`${base}/admin/sign-in?return_to=`)).toBe(true);
    const other = await openPage(browser);
    await other.page.route('https://crm.partner.test/**', (route) => route.fulfill({ status: 200, contentType: 'text/plain', body: 'the application' }));
    await other.page.goto(loginUrl);
    await signInWithPassword(other.page, false);
    await other.page.waitForURL((url) => url.origin === 'https://crm.partner.test');
    expect(new URL(other.page.url()).searchParams.get('state')).toBe('after-sign-in');
    expect(other.problems).toEqual([]);
    await other.page.context().close();

    await page.goto(`${base}/admin/oauth-clients`);
    await page.getByRole('button', { name: 'Edit Partner CRM' }).click();
    await page.getByRole('dialog').getByLabel(/^Name/).fill('Partner CRM EU');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('cell', { name: 'Partner CRM EU', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Delete Partner CRM EU' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('every token issued to it stops working', { exact: false }).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No OAuth clients yet.', { exact: false }).waitFor();
    expect((await userinfo()).statusCode).toBe(401);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
