import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../../../test/harness.js';
import type { OidcIdp } from '../../../test/peers/oidc-idp.js';
import { PUBLIC_BASE_URL, startIdp, startSsoService } from '../../../test/support/sso.js';

/**
 * docs/sso.md, run: every `http` example in order, against a real IdP, each answer compared with the `json` block
 * shown after it (same shape; same values except ids, times and secrets that differ by nature).
 */

const DOC_PROVIDER_ID = '6f0b5c1e-2a4d-4c8e-9b1a-3d5e7f9a0b2c';
const VOLATILE = new Set(['provider_id', 'created_at', 'updated_at', 'state', 'access_token', 'refresh_token', 'authorization_url']);

let t: TestService;
let a: TestTenant;
let idp: OidcIdp;

beforeAll(async () => {
  t = await startSsoService();
  a = await createTenant(t, 'Acme Corp');
  idp = await startIdp([{ sub: 'jane', email: `jane@${a.slug}.test`, email_verified: true, name: 'Jane' }]);
});
afterAll(async () => {
  await idp?.close();
  await t?.close();
});

interface Example {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  answer: unknown;
}

/** The `http` blocks of the page, each with the `json` block that follows it. */
function examples(markdown: string): Example[] {
  const blocks = [...markdown.matchAll(/```(http|json)\n([\s\S]*?)```/g)].map((m) => ({ kind: m[1], text: m[2] }));
  const out: Example[] = [];
  blocks.forEach((block, i) => {
    if (block.kind !== 'http') return;
    const next = blocks[i + 1];
    if (next?.kind !== 'json') throw new Error(`the http example ${block.text.split('\n')[0]} has no answer`);
    const [head, ...rest] = block.text.split('\n');
    const blank = rest.indexOf('');
    const headerLines = blank < 0 ? rest : rest.slice(0, blank);
    const [method, path] = head.split(' ');
    const headers = Object.fromEntries(headerLines.filter(Boolean).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
    out.push({ method, path, headers, body: blank < 0 ? '' : rest.slice(blank + 1).join('\n').trim(), answer: JSON.parse(next.text) });
  });
  return out;
}

/** Same keys at every level; equal values except the volatile ones. */
function compare(documented: unknown, actual: unknown, at: string, problems: string[]): void {
  if (Array.isArray(documented)) {
    if (!Array.isArray(actual) || actual.length !== documented.length) return void problems.push(`${at}: ${JSON.stringify(actual)} is not like ${JSON.stringify(documented)}`);
    documented.forEach((d, i) => compare(d, actual[i], `${at}[${i}]`, problems));
    return;
  }
  if (documented && typeof documented === 'object') {
    if (!actual || typeof actual !== 'object') return void problems.push(`${at}: ${JSON.stringify(actual)} is not an object`);
    const keys = (o: object) => Object.keys(o).sort().join(',');
    if (keys(documented) !== keys(actual)) problems.push(`${at}: keys ${keys(actual)} instead of ${keys(documented)}`);
    for (const [key, value] of Object.entries(documented)) {
      if (VOLATILE.has(key)) {
        if (typeof (actual as Record<string, unknown>)[key] !== typeof value) problems.push(`${at}.${key}: not a ${typeof value}`);
      } else compare(value, (actual as Record<string, unknown>)[key], `${at}.${key}`, problems);
    }
    return;
  }
  if (documented !== actual) problems.push(`${at}: ${JSON.stringify(actual)} instead of ${JSON.stringify(documented)}`);
}

it('docs/sso.md: every example works as shown', async () => {
  const page = await readFile(new URL('../../../docs/sso.md', import.meta.url), 'utf8');
  let providerId = DOC_PROVIDER_ID;
  let binding = '';
  let authorizationUrl = '';
  const fill = (text: string) => {
    const swaps: Array<[string, string]> = [
      ['https://idp.example.com', idp.issuer],
      [encodeURIComponent('https://idp.example.com'), encodeURIComponent(idp.issuer)],
      ['https://kb.example.com', PUBLIC_BASE_URL],
      [encodeURIComponent('https://kb.example.com'), encodeURIComponent(PUBLIC_BASE_URL)],
      ['acme.com', `${a.slug}.test`],
      ['ADMIN_TOKEN', a.token],
      [DOC_PROVIDER_ID, providerId],
    ];
    let out = text;
    for (const [from, to] of swaps) out = out.split(from).join(to);
    return out.replace(/\bacme\b/g, a.slug);
  };
  const ran: string[] = [];
  for (const example of examples(page)) {
    let path = fill(example.path);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(example.headers)) headers[name] = fill(value);
    if (path.startsWith('/api/auth/sso/idp/callback')) {
      // The browser's part: sign in at the IdP, come back with its real answer and the binding cookie.
      const returned = await idp.signIn(authorizationUrl, 'jane');
      path = `/api/auth/sso/idp/callback${returned.search}`;
      headers.cookie = binding;
    }
    const res = await t.app.inject({ method: example.method as 'GET', url: path, headers, ...(example.body ? { payload: fill(example.body) } : {}) });
    expect(res.statusCode, `${example.method} ${example.path}: ${res.body}`).toBe(200);
    const answer = res.json();
    const problems: string[] = [];
    compare(JSON.parse(fill(JSON.stringify(example.answer))), answer, `${example.method} ${example.path.split('?')[0]}`, problems);
    expect(problems).toEqual([]);
    if (example.method === 'POST' && example.path.startsWith('/api/auth/sso/providers?')) providerId = answer.provider_id;
    if (path.startsWith('/api/auth/sso/idp/authorize')) {
      authorizationUrl = answer.authorization_url;
      expect(authorizationUrl.startsWith(`${idp.issuer}/auth?`)).toBe(true);
      binding = String(res.headers['set-cookie']).split(';')[0];
    }
    if (path.startsWith('/api/auth/sso/idp/callback')) {
      expect(String(res.headers['set-cookie'])).toContain('service_session=ss_');
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${answer.access_token}` } });
      expect(me.json()).toMatchObject({ email: `jane@${a.slug}.test`, role: 'member' });
    }
    ran.push(`${example.method} ${example.path.split('?')[0]}`);
  }
  expect(ran).toEqual([
    'POST /api/auth/sso/test-config',
    'POST /api/auth/sso/providers',
    `POST /api/auth/sso/providers/${DOC_PROVIDER_ID}/test`,
    'GET /api/auth/sso/providers/acme',
    'GET /api/auth/sso/idp/authorize',
    'GET /api/auth/sso/idp/callback',
    'PUT /api/auth/sso/settings',
    'GET /api/auth/sso/platform-status',
  ]);
  // And the enforcement the page describes: a member's password is refused with the SSO routes named.
  const member = await a.userToken('member').catch((error: Error) => error);
  expect(String(member)).toMatch(/sso_required/);
});
