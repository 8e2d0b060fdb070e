import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import axe from 'axe-core';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestService, type TestService, type TestTenant } from '../harness.js';
import { freePort } from './processes.js';

/**
 * Browser tests drive Debian's chromium (`apt-get install chromium`; .ci/run installs it when missing)
 * through playwright-core: no browser is downloaded. Without it they skip and say so.
 */
const CHROMIUM = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p)) ?? null;
export const browserSkipReason = CHROMIUM ? null : 'chromium is not installed (apt-get install chromium)';

const ROOT = path.resolve(import.meta.dirname, '../..');
let building: Promise<void> | null = null;

/**
 * Builds the console when web/dist is missing (a fresh clone), as script/server would; the global setup
 * calls it once per run. A web/dist older than your changes under web/src is yours to rebuild.
 */
export function ensureConsoleBuilt(): Promise<void> {
  if (existsSync(path.join(ROOT, 'web/dist/index.html'))) return Promise.resolve();
  building ??= promisify(execFile)(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', 'web/vite.config.ts', '--logLevel', 'error'], {
    cwd: ROOT,
    // What ships: vitest sets NODE_ENV=test, under which Vite would bundle React's development build.
    env: { ...process.env, NODE_ENV: 'production' },
  }).then(() => undefined);
  return building;
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox', '--disable-dev-shm-usage'] });
}

/** A page that records console errors and failed requests, so that a test can assert there were none. */
export async function openPage(browser: Browser, width = 1280): Promise<{ page: Page; problems: string[] }> {
  // Reduced motion: no dialog is caught by axe half faded in (its text would fail the contrast check mid-transition).
  const context = await browser.newContext({ viewport: { width, height: 900 }, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.request().method()} ${new URL(response.url()).pathname}`);
  });
  return { page, problems };
}

/** axe-core's serious and critical violations on the page as it is now (WCAG 2 A/AA rules). */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Evaluated through the debugging protocol: the console's CSP (rightly) refuses an injected <script>.
  await page.evaluate(axe.source);
  // Runs in the page, where `axe` is now a global (this file is compiled without the DOM library).
  const results = (await page.evaluate(
    "axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa'] } })",
  )) as axe.AxeResults;
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}

/**
 * A listening service whose PUBLIC_BASE_URL is its own address: the browser session a console sign-in starts is
 * refused from any other origin.
 */
export async function startConsoleService(env: Record<string, string> = {}): Promise<TestService> {
  const port = await freePort();
  return startTestService({ listen: true, env: { PORT: String(port), PUBLIC_BASE_URL: `http://127.0.0.1:${port}`, ...env } });
}

/** Opens the console at `to` signed out, signs in through the form as `email`, and waits until it shows `to` again. */
export async function signInAt(browser: Browser, t: TestService, tenant: TestTenant, to: string, email = tenant.ownerEmail) {
  const { page, problems } = await openPage(browser);
  await page.goto(`${t.url}/admin${to}`);
  await page.waitForURL(/\/admin\/sign-in\?next=/);
  await page.getByLabel('Workspace').fill(tenant.slug);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill(tenant.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(new RegExp(`/admin${to}$`));
  return { page, problems };
}
