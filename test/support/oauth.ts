import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { createTenant, runCommand, startTestService, type TestService, type TestTenant } from '../harness.js';
import { freePort } from './processes.js';

export interface OAuthFixture {
  t: TestService;
  a: TestTenant;
  /** PUBLIC_BASE_URL = the OIDC issuer: http://127.0.0.1:PORT. */
  base: string;
}

/** A service listening on loopback with PUBLIC_BASE_URL set to its own address, and one tenant; for one test file. */
export function withOAuthService(env: Record<string, string> = {}): OAuthFixture {
  const fixture = {} as OAuthFixture;
  beforeAll(async () => {
    const port = await freePort();
    fixture.base = `http://127.0.0.1:${port}`;
    fixture.t = await startTestService({ listen: true, env: { PORT: String(port), PUBLIC_BASE_URL: fixture.base, ...env } });
    fixture.a = await createTenant(fixture.t, 'Acme');
  });
  afterAll(async () => fixture.t?.close());
  return fixture;
}

export interface RegisteredClient {
  client_id: string;
  client_secret: string | null;
  redirect_uris: string[];
}

/** Registers a client as the operator does (`npm run cli -- oauth-client create … --json`). */
export async function registerClient(
  t: TestService,
  options: { name?: string; redirectUris: string[]; postLogoutUris?: string[]; confidential?: boolean; firstParty?: boolean; tenant?: string; scopes?: string[] },
): Promise<RegisteredClient> {
  const argv = ['oauth-client', 'create', '--name', options.name ?? 'Example app', '--json'];
  for (const uri of options.redirectUris) argv.push('--redirect-uri', uri);
  for (const uri of options.postLogoutUris ?? []) argv.push('--post-logout-uri', uri);
  for (const scope of options.scopes ?? []) argv.push('--scope', scope);
  if (options.confidential) argv.push('--confidential');
  if (options.firstParty) argv.push('--first-party');
  if (options.tenant) argv.push('--tenant', options.tenant);
  return JSON.parse(await runCommand(t, argv)) as RegisteredClient;
}

/** A browser session of the token's user: the `Cookie` header value our own pages would send. */
export async function sessionCookieFor(t: TestService, origin: string, accessToken: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/auth/session/create', headers: { origin }, payload: { access_token: accessToken } });
  if (res.statusCode !== 200) throw new Error(`session/create failed: ${res.statusCode} ${res.body}`);
  const raw = [res.headers['set-cookie']].flat()[0] as string;
  return raw.split(';')[0];
}

/** A PKCE pair: a random verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** GET /api/auth/authorize through inject with the given query and credentials. */
export function authorize(t: TestService, query: Record<string, string | string[]>, headers: Record<string, string> = {}) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const one of [v].flat()) search.append(k, one);
  return t.app.inject({ method: 'GET', url: `/api/auth/authorize?${search.toString()}`, headers });
}

/** POST /api/auth/token as a form (what standard clients send), or JSON when `json` is set. */
export function token(t: TestService, body: Record<string, string | string[]>, headers: Record<string, string> = {}, json = false) {
  if (json) return t.app.inject({ method: 'POST', url: '/api/auth/token', headers, payload: body });
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) for (const one of [v].flat()) form.append(k, one);
  return t.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, payload: form.toString() });
}

export const basic = (clientId: string, secret: string) => ({ authorization: `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}` });
