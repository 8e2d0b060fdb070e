import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../harness.js';
import { accessibilityViolations, browserSkipReason, ensureConsoleBuilt, launchBrowser, signInAt, startConsoleService } from '../support/browser.js';
import { eventually } from '../support/eventually.js';
import { startReceiver, type Receiver } from '../support/webhooks.js';

/** `at` as a `datetime-local` field takes it: the local time to the minute (the browser runs in this process's zone). */
const localMinute = (at: Date) => new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/**
 * The Webhooks page as an admin walks it: an endpoint added (its secret shown once), a test event sent, delivered to a
 * receiver on loopback that verifies it with that secret, retried and replayed from the delivery log, seen in the
 * event log; the secret rotated, the endpoint deleted. A member is not shown the page.
 */
describe.skipIf(browserSkipReason)('webhooks in the console (Chromium)', () => {
  let t: TestService;
  let tenant: TestTenant;
  let browser: Browser;
  let receiver: Receiver;
  /** The secrets the receiver's path verifies with: the console shows them, the test hands them over. */
  const secrets: string[] = [];
  let hookUrl: string;

  beforeAll(async () => {
    await ensureConsoleBuilt();
    receiver = await startReceiver();
    hookUrl = `${receiver.base}${receiver.route(secrets)}`;
    t = await startConsoleService({ WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true', PROVIDER_ALLOWED_HOSTS: '127.0.0.1' });
    tenant = await createTenant(t, 'Hooks Co');
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });

  it('adds an endpoint (its secret shown once), sends a test event that arrives signed, retries and replays from the delivery log, rotates the secret and deletes the endpoint', async () => {
    const { page, problems } = await signInAt(browser, t, tenant, '/webhooks');
    await page.getByRole('heading', { name: 'Webhooks', exact: true }).waitFor();
    await page.getByText('No endpoints yet.', { exact: false }).waitFor();

    await page.getByRole('button', { name: 'Add an endpoint' }).click();
    const form = page.getByRole('dialog', { name: 'Add an endpoint' });
    await form.getByLabel(/^URL/).fill(hookUrl);
    await form.getByLabel(/^Description/).fill('Order system');
    await form.getByLabel('All events').uncheck();
    await form.getByLabel(/^Event types/).click();
    await page.getByRole('option', { name: /^document\.indexed/ }).click();
    await page.getByRole('option', { name: /^api_key\.created/ }).click();
    await form.getByLabel(/^Description/).click(); // closes the list of types
    expect(await accessibilityViolations(page), 'endpoint form').toEqual([]);
    await form.getByRole('button', { name: 'Add the endpoint' }).click();

    const shown = page.getByRole('dialog', { name: 'Signing secret' });
    await shown.getByText('you will not see it again', { exact: false }).waitFor();
    const secret = (await shown.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
    expect(await accessibilityViolations(page), 'secret dialog').toEqual([]);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: hookUrl });
    await row.getByText('document.indexed, api_key.created').waitFor();
    await row.getByText('enabled', { exact: true }).waitFor();
    // Shown once: neither the list nor the endpoint's own answer holds it again.
    expect(await page.content()).not.toContain(secret);
    expect(await accessibilityViolations(page), 'endpoints').toEqual([]);

    secrets.push(secret);
    // An event the endpoint takes, before the test event: the replay below sends it again.
    const key = await t.app.inject({ method: 'POST', url: '/api/v1/api-keys/', headers: tenant.auth(), payload: { name: 'reporting', scopes: ['documents:read'] } });
    expect(key.statusCode).toBe(201);

    await row.getByRole('link', { name: hookUrl }).click();
    await page.getByRole('heading', { name: hookUrl }).waitFor();
    await page.getByRole('button', { name: 'Send a test event' }).click();
    await page.getByText(/Test event evt_[0-9a-z]{26} sent\./).waitFor();
    const eventId = /evt_[0-9a-z]{26}/.exec((await page.getByText(/Test event evt_/).textContent())!)![0];
    // The log refreshes itself while a delivery is pending: the test event's row ends succeeded, with the answer.
    const delivery = page.getByRole('row').filter({ hasText: 'webhook.test' });
    await delivery.getByText('succeeded', { exact: true }).waitFor();
    await delivery.getByRole('cell', { name: '200', exact: true }).waitFor();
    await delivery.getByText('ok', { exact: true }).waitFor();
    const sent = receiver.received.filter((r) => r.headers['webhook-id'] === eventId);
    expect(sent).toMatchObject([{ verified: true, payload: { type: 'webhook.test' } }]);
    // The pointer off the button it clicked: Mantine's light buttons fall below AA while hovered, on every page.
    await page.mouse.move(0, 0);
    expect(await accessibilityViolations(page), 'endpoint and deliveries').toEqual([]);

    await delivery.getByRole('button', { name: `Retry the delivery of ${eventId}` }).click();
    await page.getByText('Queued: it is sent again now.').waitFor();
    await delivery.getByRole('cell', { name: '2', exact: true }).waitFor(); // two attempts
    await delivery.getByText('succeeded', { exact: true }).waitFor();
    // The same event again: a receiver that keys on webhook-id handles it once.
    await eventually('the retried delivery', () => receiver.received.filter((r) => r.headers['webhook-id'] === eventId), (got) => got.length === 2);

    await page.getByLabel(/^Since/).fill(localMinute(new Date(Date.now() - 3600_000)));
    await page.getByRole('button', { name: 'Replay' }).click();
    await page.getByText('1 event queued to be sent again.').waitFor();
    await eventually('the replayed api_key.created', () => receiver.received.filter((r) => r.payload?.type === 'api_key.created'), (got) => got.length === 2);

    await page.getByRole('button', { name: 'Rotate the secret' }).click();
    await page.getByRole('dialog', { name: 'Rotate the signing secret?' }).getByRole('button', { name: 'Rotate' }).click();
    const rotated = page.getByRole('dialog', { name: 'Signing secret' });
    await rotated.getByText('The previous secret keeps signing beside this one', { exact: false }).waitFor();
    const newSecret = (await rotated.getByTestId('webhook-secret').textContent())!.trim();
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole('button', { name: 'Done' }).click();
    await page.getByText('A rotated-out secret still signs beside the current one', { exact: false }).waitFor();

    await page.getByRole('link', { name: '← Webhooks' }).click();
    await page.getByRole('tab', { name: 'Events' }).click();
    await page.getByRole('combobox', { name: 'Event type' }).click();
    await page.getByRole('option', { name: 'webhook.test', exact: true }).click();
    const eventRow = page.getByRole('row').filter({ hasText: eventId });
    await eventRow.getByText('webhook.test', { exact: true }).waitFor();
    expect(await accessibilityViolations(page), 'events').toEqual([]);

    await page.getByRole('tab', { name: 'Endpoints' }).click();
    await page.getByRole('link', { name: hookUrl }).click();
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('dialog', { name: 'Delete this endpoint?' }).getByRole('button', { name: 'Delete' }).click();
    await page.waitForURL(/\/admin\/webhooks$/);
    await page.getByText('No endpoints yet.', { exact: false }).waitFor();
    const left = await t.app.inject({ method: 'GET', url: '/api/v1/webhooks/endpoints', headers: tenant.auth() });
    expect(left.json()).toMatchObject({ items: [], total: 0 });
    expect(problems).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('is not shown to a member, whose address of it says "not allowed" without asking the API', async () => {
    const member = await tenant.userToken('member');
    const { page, problems } = await signInAt(browser, t, tenant, '/documents', member.email);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    await nav.getByRole('link', { name: 'Documents' }).waitFor();
    expect(await nav.getByRole('link').allTextContents()).not.toContain('Webhooks');
    const asked: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/v1\/(webhooks|events)/.test(new URL(request.url()).pathname)) asked.push(request.url());
    });
    await page.goto(`${t.url}/admin/webhooks`);
    await page.getByRole('heading', { name: 'Not allowed' }).waitFor();
    expect(asked).toEqual([]);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
