import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TestService, TestTenant } from '../../../test/harness.js';
import type { SmtpPeer } from '../../../test/support/smtp-peer.js';
import { addressSequence, postFrom, withMailService } from '../../../test/support/mail-service.js';
import { eventually } from '../../../test/support/eventually.js';

const BASE = 'https://kb.example.test';
const fixture = withMailService(BASE);
let smtp: SmtpPeer;
let t: TestService;
let a: TestTenant;
beforeAll(() => void ({ smtp, t, a } = fixture));

/** Every test speaks from its own address, so the per-IP budgets of one test never reach another. */
const freshIp = addressSequence('10.1');
const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) => postFrom(t, url, payload, ip, headers);
const WEB = { request: '/api/auth/otp/request', verify: '/api/auth/otp/verify' };
const DESKTOP = { request: '/api/auth/electron/request-otp', verify: '/api/auth/electron/verify-otp' };
const SENT = { detail: 'If an active account uses this e-mail address, a sign-in code is on its way.', expires_in: 600 };
const INVALID = { detail: 'The code is wrong, expired or used; ask for a new one', code: 'invalid_code' };

const mailsTo = (to: string) => smtp.mails.filter((m) => JSON.stringify(m.to).includes(to));
async function codeMailedTo(to: string, nth = 1) {
  const mine = await eventually(`${nth} mails to ${to}`, () => mailsTo(to), (m) => m.length >= nth, 30_000);
  const mail = mine[nth - 1];
  const match = /sign-in code for .* is ([0-9]{6})\./.exec(mail.text ?? '');
  if (!match) throw new Error(`no code in ${mail.text}`);
  return { mail, code: match[1] };
}
/** Proves no mail went to `to`: a later mail through the same queue arrived, and `to` still has `count`. */
async function expectNoMoreMailTo(to: string, count: number) {
  const marker = await a.userToken('viewer');
  await post(WEB.request, { email: marker.email, tenant_id: a.slug }, freshIp());
  await codeMailedTo(marker.email);
  expect(mailsTo(to)).toHaveLength(count);
}
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('sign-in by e-mailed code', () => {
  it('web: request → mail → verify → /me; the code works once', async () => {
    const user = await a.userToken('member');
    const ip = freshIp();
    const res = await post(WEB.request, { email: `  ${user.email.toUpperCase()} `, tenant_id: a.slug }, ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(SENT);
    const { mail, code } = await codeMailedTo(user.email);
    expect(mail.subject).toBe(`${code} is your sign-in code for Acme & Co`);
    expect(mail.html).toContain('Acme &amp; Co');

    const verified = await post(WEB.verify, { email: user.email, tenant_id: a.tenantId, code }, ip);
    expect(verified.statusCode).toBe(200);
    const pair = verified.json();
    expect(pair).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), expires_in: 1800, token_type: 'bearer' });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${pair.access_token}` } });
    expect(me.json()).toMatchObject({ id: user.userId, email: user.email, last_login_at: expect.any(String) });

    const again = await post(WEB.verify, { email: user.email, tenant_id: a.slug, code }, ip);
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual(INVALID);

    const events = (await t.app.inject({ method: 'GET', url: '/api/v1/audit-events?type=auth.otp_sign_in', headers: a.auth() })).json().items;
    expect(events.filter((e: { target_id: string }) => e.target_id === user.userId)).toEqual([
      expect.objectContaining({ type: 'auth.otp_sign_in', actor_kind: 'anonymous', actor_id: user.userId, details: { method: 'web_login', device_name: null } }),
    ]);
  });

  it('desktop: the device name is recorded on the refresh family and kept through rotation; a web code does not open it', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    expect((await post(DESKTOP.request, { email: user.email, tenant_id: a.slug }, ip)).json()).toEqual(SENT);
    const { code } = await codeMailedTo(user.email);
    // Bound to its purpose: the desktop code is refused on the web route (one wrong try on the web code, none here).
    expect((await post(WEB.verify, { email: user.email, tenant_id: a.slug, code }, ip)).statusCode).toBe(401);
    const verified = await post(DESKTOP.verify, { email: user.email, tenant_id: a.slug, code, device_name: ' Ann’s laptop ' }, ip);
    expect(verified.statusCode).toBe(200);
    const pair = verified.json();
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${pair.access_token}` } });
    expect(me.json().email).toBe(user.email);
    const rotated = await post('/api/auth/refresh', { refresh_token: pair.refresh_token }, ip);
    expect(rotated.statusCode).toBe(200);
    const names = await t.service.ctx.db.tenant(a.tenantId, (tx) =>
      tx.execute(sql`SELECT device_name FROM refresh_tokens WHERE tenant_id = ${a.tenantId} AND user_id = ${user.userId} ORDER BY created_at`),
    );
    const rows = (names as unknown as { rows: { device_name: string | null }[] }).rows ?? (names as unknown as { device_name: string | null }[]);
    expect(rows.map((r) => r.device_name).slice(-2)).toEqual(['Ann’s laptop', 'Ann’s laptop']);
  });

  it('known, unknown, disabled and unknown-tenant addresses get the same status, body and headers; only the active one is mailed', async () => {
    const known = await a.userToken('viewer');
    const disabled = await a.userToken('viewer');
    const off = await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${disabled.userId}`, headers: a.auth(), payload: { status: 'disabled' } });
    expect(off.statusCode).toBe(200);
    const unknown = `nobody-${Date.now()}@example.test`;
    const answers = await Promise.all([
      post(WEB.request, { email: known.email, tenant_id: a.slug }, freshIp()),
      post(WEB.request, { email: unknown, tenant_id: a.slug }, freshIp()),
      post(WEB.request, { email: disabled.email, tenant_id: a.slug }, freshIp()),
      post(WEB.request, { email: known.email, tenant_id: 'no-such-tenant' }, freshIp()),
    ]);
    const shape = (r: (typeof answers)[number]) => {
      const { 'x-request-id': _id, date: _date, ...headers } = r.headers;
      return { status: r.statusCode, body: r.body, headers };
    };
    for (const other of answers.slice(1)) expect(shape(other)).toEqual(shape(answers[0]));
    await codeMailedTo(known.email);
    await expectNoMoreMailTo(unknown, 0);
    expect(mailsTo(disabled.email)).toHaveLength(0);
    expect(mailsTo(known.email)).toHaveLength(1); // the unknown tenant's request sent nothing either
  });

  it('five wrong tries burn the code: the right one is refused afterwards', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    await post(WEB.request, { email: user.email, tenant_id: a.slug }, ip);
    const { code } = await codeMailedTo(user.email);
    for (let i = 0; i < 4; i++) expect((await post(WEB.verify, { email: user.email, tenant_id: a.slug, code: wrong(code) }, ip)).json()).toEqual(INVALID);
    // Four wrong tries leave it usable… (checked on a second code below); the fifth burns it.
    expect((await post(WEB.verify, { email: user.email, tenant_id: a.slug, code: wrong(code) }, ip)).statusCode).toBe(401);
    const late = await post(WEB.verify, { email: user.email, tenant_id: a.slug, code }, ip);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual(INVALID);

    // Four wrong tries on a fresh code, then the right one: accepted.
    t.service.ctx.clock.advance(61_000);
    await post(WEB.request, { email: user.email, tenant_id: a.slug }, ip);
    const second = await codeMailedTo(user.email, 2);
    const ip2 = freshIp();
    for (let i = 0; i < 4; i++) await post(WEB.verify, { email: user.email, tenant_id: a.slug, code: wrong(second.code) }, ip2);
    expect((await post(WEB.verify, { email: user.email, tenant_id: a.slug, code: second.code }, ip2)).statusCode).toBe(200);
  });

  it('a wrong try is paid for before anything else can fail: a failure record the database refuses hands no guess back', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    await post(WEB.request, { email: user.email, tenant_id: a.slug }, ip);
    const { code } = await codeMailedTo(user.email);
    // A fault in the step after the check: the database refuses this address's failure records.
    const fn = `refuse_audit_${user.userId.replace(/-/g, '')}`;
    const owner = (statement: string) => t.service.ctx.db.maintain((run) => run(statement)).then((rows) => {
      if (rows === null) throw new Error('the maintenance lock is held');
    });
    await owner(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
      IF NEW.details->>'email' = '${user.email}' THEN RAISE EXCEPTION 'refused'; END IF; RETURN NEW; END $$`);
    await owner(`CREATE TRIGGER ${fn} BEFORE INSERT ON audit_events FOR EACH ROW EXECUTE FUNCTION ${fn}()`);
    try {
      for (let i = 0; i < 5; i++) expect((await post(WEB.verify, { email: user.email, tenant_id: a.slug, code: wrong(code) }, ip)).statusCode).toBe(500);
    } finally {
      await owner(`DROP TRIGGER ${fn} ON audit_events`);
      await owner(`DROP FUNCTION ${fn}()`);
    }
    // The five tries counted: the code is burned, and the right one opens nothing.
    expect((await post(WEB.verify, { email: user.email, tenant_id: a.slug, code }, freshIp())).json()).toEqual(INVALID);
  });

  it('a code sent before the account was disabled opens nothing', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    await post(WEB.request, { email: user.email, tenant_id: a.slug }, ip);
    const { code } = await codeMailedTo(user.email);
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${user.userId}`, headers: a.auth(), payload: { status: 'disabled' } })).statusCode).toBe(200);
    const res = await post(WEB.verify, { email: user.email, tenant_id: a.slug, code }, ip);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it('expires after 10 minutes (the clock is moved)', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    await post(WEB.request, { email: user.email, tenant_id: a.slug }, ip);
    const { code } = await codeMailedTo(user.email);
    t.service.ctx.clock.advance(600_000 + 1000);
    const res = await post(WEB.verify, { email: user.email, tenant_id: a.slug, code }, ip);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(INVALID);
  });

  it('a request inside the 60 s cooldown sends nothing; after it, a new code ends the older one', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    await post(WEB.request, { email: user.email, tenant_id: a.slug }, ip);
    const first = await codeMailedTo(user.email);
    t.service.ctx.clock.advance(59_000);
    const inside = await post(WEB.request, { email: user.email, tenant_id: a.slug }, ip);
    expect(inside.statusCode).toBe(200);
    expect(inside.json()).toEqual(SENT);
    await expectNoMoreMailTo(user.email, 1);

    t.service.ctx.clock.advance(2000);
    await post(WEB.request, { email: user.email, tenant_id: a.slug }, ip);
    const second = await codeMailedTo(user.email, 2);
    if (second.code !== first.code) {
      expect((await post(WEB.verify, { email: user.email, tenant_id: a.slug, code: first.code }, ip)).json()).toEqual(INVALID);
    }
    expect((await post(WEB.verify, { email: user.email, tenant_id: a.slug, code: second.code }, ip)).statusCode).toBe(200);
  });

  it('an Idempotency-Key replay of a request sends no second mail', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    const headers = { 'idempotency-key': `otp-${user.userId}` };
    const first = await post(WEB.request, { email: user.email, tenant_id: a.slug }, ip, headers);
    t.service.ctx.clock.advance(61_000); // past the cooldown: only the replay store can stop a second mail
    const replay = await post(WEB.request, { email: user.email, tenant_id: a.slug }, ip, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    await codeMailedTo(user.email);
    await expectNoMoreMailTo(user.email, 1);
  });

  it('refuses bad input with 422 and mails nothing: codes of the wrong length or with letters, NUL, malformed e-mails', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    for (const code of ['12345', '1234567', '12a456', '', '12345\u0000', ' 123456']) {
      const res = await post(WEB.verify, { email: user.email, tenant_id: a.slug, code }, ip);
      expect([res.statusCode, code]).toEqual([422, code]);
    }
    for (const email of ['not-an-email', `${user.email}\u0000`, 'a@b', 'x'.repeat(321)]) {
      const res = await post(WEB.request, { email, tenant_id: a.slug }, ip);
      expect([res.statusCode, email]).toEqual([422, email]);
    }
    expect((await post(DESKTOP.verify, { email: user.email, tenant_id: a.slug, code: '123456', device_name: 'd'.repeat(201) }, ip)).statusCode).toBe(422);
    expect((await post(WEB.request, { email: user.email, tenant_id: `${a.slug}\u0000` }, ip)).statusCode).toBe(422);
    await expectNoMoreMailTo(user.email, 0);
  });
});
