import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService, TestTenant } from '../../../test/harness.js';
import { tokenFromLink, type SmtpPeer } from '../../../test/support/smtp-peer.js';
import { withMailService } from '../../../test/support/mail-service.js';
import { eventually } from '../../../test/support/eventually.js';
import { clearedSessionCookie, sessionCookie } from './cookie.js';

const BASE = 'https://kb.example.test';
const ORIGIN = BASE;
const fixture = withMailService(BASE);
let smtp: SmtpPeer;
let t: TestService;
let a: TestTenant;
beforeAll(() => void ({ smtp, t, a } = fixture));

const CREATE = '/api/auth/session/create';
const CHECK = '/api/auth/session/check';
const DESTROY = '/api/auth/session/destroy';
const HOUR = 3600_000;

/** What a first-party page sends: its Origin, and the cookie when it has one. */
const browser = (cookie?: string, origin = ORIGIN) => ({ origin, ...(cookie ? { cookie: `service_session=${cookie}` } : {}) });
const post = (url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });

/** The raw Set-Cookie header (one cookie per answer here). */
function setCookieOf(res: { headers: Record<string, unknown> }): string {
  const header = res.headers['set-cookie'];
  expect(header, 'a Set-Cookie header').toBeDefined();
  const values = [header].flat() as string[];
  expect(values).toHaveLength(1);
  return values[0];
}
const cookieValue = (setCookie: string) => /^service_session=([^;]*)/.exec(setCookie)![1];

async function signIn(token = a.token): Promise<string> {
  const res = await post(CREATE, browser(), { access_token: token });
  expect(res.statusCode, res.body).toBe(200);
  return cookieValue(setCookieOf(res));
}
const check = async (cookie?: string) => (await post(CHECK, browser(cookie), {})).json();

describe('POST /api/auth/session/create', () => {
  it('sets service_session: opaque, HttpOnly, SameSite=Lax, Path=/, Secure on https, 14 days; answers user, tenant, expiry', async () => {
    const res = await post(CREATE, browser(), { access_token: a.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const raw = setCookieOf(res);
    expect(raw).toMatch(/^service_session=ss_[A-Za-z0-9_-]{43}; /);
    const attributes = raw.split('; ').slice(1);
    expect(attributes.sort()).toEqual(['HttpOnly', `Max-Age=${14 * 24 * 3600}`, 'Path=/', 'SameSite=Lax', 'Secure'].sort());
    const body = res.json();
    expect(body.user).toMatchObject({ id: a.ownerId, email: a.ownerEmail, role: 'owner' });
    expect(body.tenant).toMatchObject({ id: a.tenantId, slug: a.slug });
    // Idle expiry (24 h) comes before the absolute one.
    const expires = Date.parse(body.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(23 * HOUR);
    expect(expires).toBeLessThanOrEqual(24 * HOUR + 60_000);
  });

  it('stores only a hash of the id', async () => {
    const cookie = await signIn();
    const hash = createHash('sha256').update(cookie).digest('hex');
    const rows = await t.service.ctx.db.tenant(a.tenantId, async (tx) =>
      (await tx.execute(sql`SELECT token_hash FROM browser_sessions WHERE token_hash IN (${hash}, ${cookie})`)) as unknown as { rows: { token_hash: string }[] },
    );
    expect(rows.rows.map((r) => r.token_hash)).toEqual([hash]);
  });

  it('rotates at creation: a cookie already present is ended and a new id issued', async () => {
    const first = await signIn();
    const res = await post(CREATE, browser(first), { access_token: a.token });
    expect(res.statusCode).toBe(200);
    const second = cookieValue(setCookieOf(res));
    expect(second).not.toBe(first);
    expect((await check(first)).authenticated).toBe(false);
    expect((await check(second)).authenticated).toBe(true);
  });

  it('refuses what is not a user access token: API key, refresh token, garbage, an expired token (401, no cookie)', async () => {
    const key = await a.apiKey(['documents:read']);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.ownerEmail, password: a.password, tenant_id: a.slug } });
    const expired = await t.service.ctx.tokens.sign('access', { sub: a.ownerId, tid: a.tenantId, role: 'owner' }, -5);
    const viewer = await t.service.ctx.tokens.sign('viewer', { sub: a.ownerId, tid: a.tenantId, doc: a.ownerId }, 600);
    for (const token of [key.key, login.json().refresh_token, 'garbage', expired.token, viewer.token]) {
      const res = await post(CREATE, browser(), { access_token: token });
      expect(res.statusCode, token.slice(0, 12)).toBe(401);
      expect(res.json().code).toBe('invalid_access_token');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('bad input is a 422 and sets nothing', async () => {
    for (const payload of [{}, { access_token: 42 }, { access_token: '' }, { access_token: 'x'.repeat(5000) }, { access_token: ['a', 'b'] }]) {
      const res = await post(CREATE, browser(), payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 40)).toBe(422);
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('an Idempotency-Key replay never hands the cookie out again (the answer is no-store)', async () => {
    const headers = { ...browser(), 'idempotency-key': 'session-create-1' };
    const first = await post(CREATE, headers, { access_token: a.token });
    const again = await post(CREATE, headers, { access_token: a.token });
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(cookieValue(setCookieOf(again))).not.toBe(cookieValue(setCookieOf(first)));
  });
});

describe('POST /api/auth/session/check and /destroy', () => {
  it('check is never a 401: no cookie, garbage, other kinds of token are `authenticated: false`', async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.ownerEmail, password: a.password, tenant_id: a.slug } });
    for (const cookie of [undefined, 'garbage', `ss_${'A'.repeat(43)}`, a.token, login.json().refresh_token, 'prt_' + 'a'.repeat(43)]) {
      const res = await post(CHECK, browser(cookie), {});
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ authenticated: false });
    }
  });

  it('check answers the user and tenant of a live session', async () => {
    const cookie = await signIn();
    const body = await check(cookie);
    expect(body).toMatchObject({ authenticated: true, user: { id: a.ownerId }, tenant: { id: a.tenantId, slug: a.slug } });
    expect(Date.parse(body.expires_at)).toBeGreaterThan(Date.now());
  });

  it('destroy ends the session and clears the cookie (Max-Age=0, same flags); a second destroy ends nothing', async () => {
    const cookie = await signIn();
    const res = await post(DESTROY, browser(cookie));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ signed_out: true });
    const raw = setCookieOf(res);
    expect(raw).toMatch(/^service_session=; /);
    expect(raw).toContain('Max-Age=0');
    expect(raw).toContain('HttpOnly');
    expect(raw).toContain('Secure');
    expect((await check(cookie)).authenticated).toBe(false);
    const again = await post(DESTROY, browser(cookie));
    expect(again.json()).toEqual({ signed_out: false });
  });

  it('idle lifetime: unused for 24 h the session is over; used, it slides', async () => {
    const idle = await signIn();
    const used = await signIn();
    t.service.ctx.clock.advance(20 * HOUR);
    expect((await check(used)).authenticated).toBe(true);
    t.service.ctx.clock.advance(5 * HOUR);
    expect((await check(idle)).authenticated).toBe(false);
    expect((await check(used)).authenticated).toBe(true);
  });

  it('absolute lifetime: even a session used every 20 h ends after 14 days', async () => {
    const cookie = await signIn();
    for (let h = 20; h < 14 * 24; h += 20) {
      t.service.ctx.clock.advance(20 * HOUR);
      expect((await check(cookie)).authenticated, `after ${h} h`).toBe(true);
    }
    t.service.ctx.clock.advance(20 * HOUR);
    expect((await check(cookie)).authenticated).toBe(false);
  });
});

describe('cross-origin requests', () => {
  it('a cookie-authenticated write from another origin is refused (403), the session untouched', async () => {
    const cookie = await signIn();
    for (const origin of ['https://evil.example', 'null', 'http://kb.example.test', 'https://kb.example.test.evil.example']) {
      for (const url of [CREATE, CHECK, DESTROY]) {
        const res = await post(url, browser(cookie, origin), url === CREATE ? { access_token: a.token } : {});
        expect(res.statusCode, `${url} from ${origin}`).toBe(403);
        expect(res.json().code).toBe('cross_origin_refused');
        expect(res.headers['set-cookie']).toBeUndefined();
      }
    }
    expect((await check(cookie)).authenticated).toBe(true);
  });

  it('without Origin, a browser marking the request cross-site is refused too; a non-browser caller is not', async () => {
    const cookie = await signIn();
    const headers = { cookie: `service_session=${cookie}` };
    expect((await post(DESTROY, { ...headers, 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post(DESTROY, { ...headers, 'sec-fetch-site': 'same-site' })).statusCode).toBe(403);
    expect((await post(CHECK, { ...headers, 'sec-fetch-site': 'same-origin' }, {})).json().authenticated).toBe(true);
    expect((await post(CHECK, headers, {})).json().authenticated).toBe(true);
  });

  it('CORS on /api/auth/*: our origin is echoed with credentials; another origin gets no CORS header; never *', async () => {
    const preflight = (origin: string) =>
      t.app.inject({ method: 'OPTIONS', url: CHECK, headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
    const ours = await preflight(ORIGIN);
    expect(ours.statusCode).toBe(204);
    expect(ours.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(ours.headers['access-control-allow-credentials']).toBe('true');
    expect(String(ours.headers['access-control-allow-methods'])).toContain('POST');
    const theirs = await preflight('https://evil.example');
    expect(theirs.headers['access-control-allow-origin']).toBeUndefined();
    expect(theirs.headers['access-control-allow-credentials']).toBeUndefined();

    const simple = await post(CHECK, browser(undefined, 'https://evil.example'), {});
    expect(simple.headers['access-control-allow-origin']).toBeUndefined();
    const mine = await post(CHECK, browser(), {});
    expect(mine.headers['access-control-allow-origin']).toBe(ORIGIN);
    expect(mine.headers.vary).toContain('Origin');
    // Outside /api/auth/ nothing is opened to browsers of other origins either.
    const other = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { ...a.auth(), origin: 'https://evil.example' } });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('ending sessions', () => {
  it('disabling the user ends its sessions', async () => {
    const user = await a.userToken('member');
    const cookie = await signIn(user.token);
    expect((await check(cookie)).authenticated).toBe(true);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${user.userId}`, headers: a.auth(), payload: { status: 'disabled' } });
    expect(res.statusCode).toBe(200);
    expect((await check(cookie)).authenticated).toBe(false);
    await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${user.userId}`, headers: a.auth(), payload: { status: 'active' } });
    expect((await check(cookie)).authenticated, 'ended, not merely suspended').toBe(false);
  });

  it('a password reset ends the sessions', async () => {
    const user = await a.userToken('member');
    const cookie = await signIn(user.token);
    await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/request', payload: { email: user.email, tenant_id: a.slug }, remoteAddress: '10.77.0.1' });
    const mail = await eventually('reset mail', () => smtp.mails.find((m) => JSON.stringify(m.to).includes(user.email)), Boolean, 30_000);
    const token = tokenFromLink(mail!.text ?? '', '/reset-password');
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, new_password: 'quartz meadow bicycle' }, remoteAddress: '10.77.0.1' });
    expect(confirmed.statusCode).toBe(200);
    expect((await check(cookie)).authenticated).toBe(false);
  });

  it('changing the password ends the sessions', async () => {
    const user = await a.userToken('member');
    const cookie = await signIn(user.token);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/me/password',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { current_password: a.password, new_password: 'lantern orchard pebble' },
    });
    expect(res.statusCode).toBe(200);
    expect((await check(cookie)).authenticated).toBe(false);
  });
});

describe('cookie attributes', () => {
  it('no Secure flag on a plain-http base URL (a development server could not set the cookie otherwise)', () => {
    expect(sessionCookie('ss_x', 60, { secure: false })).toBe('service_session=ss_x; Path=/; HttpOnly; SameSite=Lax; Max-Age=60');
    expect(clearedSessionCookie({ secure: true })).toBe('service_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Secure');
  });
});
