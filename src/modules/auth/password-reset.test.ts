import { beforeAll, describe, expect, it } from 'vitest';
import type { TestService, TestTenant } from '../../../test/harness.js';
import { tokenFromLink, type SmtpPeer } from '../../../test/support/smtp-peer.js';
import { addressSequence, postFrom, withMailService } from '../../../test/support/mail-service.js';
import { eventually } from '../../../test/support/eventually.js';

const BASE = 'https://kb.example.test';
const fixture = withMailService(BASE);
let smtp: SmtpPeer;
let t: TestService;
let a: TestTenant;
beforeAll(() => void ({ smtp, t, a } = fixture));

/** Every test speaks from its own address, so the per-IP budgets of one test never reach another. */
const freshIp = addressSequence('10.2');
const post = (url: string, payload: object, ip: string, headers: Record<string, string> = {}) => postFrom(t, url, payload, ip, headers);
const REQUEST = '/api/auth/password-reset/request';
const CONFIRM = '/api/auth/password-reset/confirm';
const REQUESTED = { detail: 'If an active account uses this e-mail address, a password-reset link is on its way.' };
const CHANGED = { detail: 'Your password was changed. Every device was signed out: sign in with the new password.' };
const INVALID = { detail: 'This password-reset link is invalid, used or expired; ask for a new one', code: 'invalid_reset_token' };
const NEW_PW = 'quartz meadow bicycle';

const mailsTo = (to: string) => smtp.mails.filter((m) => JSON.stringify(m.to).includes(to));
async function nthMailTo(to: string, nth: number) {
  const mine = await eventually(`${nth} mails to ${to}`, () => mailsTo(to), (m) => m.length >= nth, 30_000);
  return mine[nth - 1];
}
async function resetTokenMailedTo(to: string, nth = 1) {
  const mail = await nthMailTo(to, nth);
  return { mail, token: tokenFromLink(mail.text ?? '', '/reset-password') };
}
async function expectNoMoreMailTo(to: string, count: number) {
  const marker = await a.userToken('viewer');
  await post(REQUEST, { email: marker.email, tenant_id: a.slug }, freshIp());
  await resetTokenMailedTo(marker.email);
  expect(mailsTo(to)).toHaveLength(count);
}
const login = (email: string, password: string, ip: string) => post('/api/auth/login', { email, password, tenant_id: a.slug }, ip);

describe('password reset through a real SMTP peer', () => {
  it('request → mail → confirm: old refresh tokens and the old password are refused, the new one works, a notice is mailed', async () => {
    const user = await a.userToken('member');
    const ip = freshIp();
    const before = await login(user.email, a.password, ip);
    expect(before.statusCode).toBe(200);
    const oldRefresh = before.json().refresh_token;

    const res = await post(REQUEST, { email: user.email.toUpperCase(), tenant_id: a.tenantId }, ip, { host: 'evil.test', 'x-forwarded-host': 'evil.test' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(REQUESTED);
    const { mail, token } = await resetTokenMailedTo(user.email);
    expect(mail.subject).toBe('Reset your password for Acme & Co');
    expect(mail.text).toContain(`${BASE}/reset-password?token=${token}`);
    expect(mail.html).toContain(`${BASE}/reset-password?token=${token}`);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.test');
    expect(token).toMatch(/^prt_[A-Za-z0-9_-]{43}$/);

    const confirmed = await post(CONFIRM, { token, new_password: NEW_PW }, ip);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual(CHANGED); // no token pair: a reset does not sign in

    const refreshed = await post('/api/auth/refresh', { refresh_token: oldRefresh }, ip);
    expect(refreshed.statusCode).toBe(401);
    expect((await login(user.email, a.password, ip)).statusCode).toBe(401);
    expect((await login(user.email, NEW_PW, ip)).statusCode).toBe(200);

    const notice = await nthMailTo(user.email, 2);
    expect(notice.subject).toBe('Your password for Acme & Co was changed');
    expect(notice.text).toContain('every device was signed out');

    const used = await post(CONFIRM, { token, new_password: 'another fine password 42' }, ip);
    expect(used.statusCode).toBe(400);
    expect(used.json()).toEqual(INVALID);

    const events = (await t.app.inject({ method: 'GET', url: '/api/v1/audit-events?limit=100', headers: a.auth() })).json().items
      .filter((e: { target_id: string; type: string }) => e.target_id === user.userId && e.type.startsWith('auth.password_reset'));
    expect(events.map((e: { type: string }) => e.type)).toEqual(['auth.password_reset_confirmed', 'auth.password_reset_requested']);
  });

  it('known, unknown, disabled and unknown-tenant addresses get the same status, body and headers; only the active one is mailed', async () => {
    const known = await a.userToken('viewer');
    const disabled = await a.userToken('viewer');
    expect((await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${disabled.userId}`, headers: a.auth(), payload: { status: 'disabled' } })).statusCode).toBe(200);
    const unknown = `nobody-${Date.now()}@example.test`;
    const answers = await Promise.all([
      post(REQUEST, { email: known.email, tenant_id: a.slug }, freshIp()),
      post(REQUEST, { email: unknown, tenant_id: a.slug }, freshIp()),
      post(REQUEST, { email: disabled.email, tenant_id: a.slug }, freshIp()),
      post(REQUEST, { email: known.email, tenant_id: 'no-such-tenant' }, freshIp()),
    ]);
    const shape = (r: (typeof answers)[number]) => {
      const { 'x-request-id': _id, date: _date, ...headers } = r.headers;
      return { status: r.statusCode, body: r.body, headers };
    };
    for (const other of answers.slice(1)) expect(shape(other)).toEqual(shape(answers[0]));
    await resetTokenMailedTo(known.email);
    await expectNoMoreMailTo(unknown, 0);
    expect(mailsTo(disabled.email)).toHaveLength(0);
    expect(mailsTo(known.email)).toHaveLength(1);
  });

  it('a newer link ends the older one; a link expires after 30 minutes (the clock is moved)', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    await post(REQUEST, { email: user.email, tenant_id: a.slug }, ip);
    const first = await resetTokenMailedTo(user.email, 1);
    await post(REQUEST, { email: user.email, tenant_id: a.slug }, ip);
    const second = await resetTokenMailedTo(user.email, 2);
    expect((await post(CONFIRM, { token: first.token, new_password: NEW_PW }, ip)).json()).toEqual(INVALID);
    t.service.ctx.clock.advance(1800_000 + 1000);
    try {
      expect((await post(CONFIRM, { token: second.token, new_password: NEW_PW }, ip)).json()).toEqual(INVALID);
    } finally {
      t.service.ctx.clock.advance(-(1800_000 + 1000));
    }
    expect((await login(user.email, a.password, ip)).statusCode).toBe(200);
  });

  it('a weak password is a 422 that writes nothing: the link stays usable', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    await post(REQUEST, { email: user.email, tenant_id: a.slug }, ip);
    const { token } = await resetTokenMailedTo(user.email);
    const weak = await post(CONFIRM, { token, new_password: 'password123' }, ip);
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail[0]).toMatchObject({ loc: ['body', 'new_password'] });
    expect((await login(user.email, a.password, ip)).statusCode).toBe(200);
    expect((await post(CONFIRM, { token, new_password: NEW_PW }, ip)).statusCode).toBe(200);
  });

  it('an Idempotency-Key replay of a request sends no second mail', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    const headers = { 'idempotency-key': `reset-${user.userId}` };
    const first = await post(REQUEST, { email: user.email, tenant_id: a.slug }, ip, headers);
    const replay = await post(REQUEST, { email: user.email, tenant_id: a.slug }, ip, headers);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    await resetTokenMailedTo(user.email);
    await expectNoMoreMailTo(user.email, 1);
  });

  it('tokens of every other kind, malformed ones and NUL bytes are refused and change nothing', async () => {
    const user = await a.userToken('viewer');
    const ip = freshIp();
    const login1 = (await login(user.email, a.password, ip)).json();
    const apiKey = await a.apiKey(['admin']);
    const others = [
      `inv_${'A'.repeat(43)}`,
      `prt_${'A'.repeat(43)}`,
      `prt_${'A'.repeat(42)}`,
      login1.access_token,
      login1.refresh_token,
      apiKey.key,
      '123456',
    ];
    for (const token of others) {
      const res = await post(CONFIRM, { token, new_password: NEW_PW }, ip);
      expect([res.statusCode, res.json()]).toEqual([400, INVALID]);
    }
    expect((await post(CONFIRM, { token: `prt_${'A'.repeat(42)}\u0000`, new_password: NEW_PW }, ip)).statusCode).toBe(422);
    expect((await post(CONFIRM, { token: 'x'.repeat(4097), new_password: NEW_PW }, ip)).statusCode).toBe(422);
    expect((await post(REQUEST, { email: 'not-an-email', tenant_id: a.slug }, ip)).statusCode).toBe(422);
    expect((await login(user.email, a.password, ip)).statusCode).toBe(200);
    expect((await post('/api/auth/refresh', { refresh_token: login1.refresh_token }, ip)).statusCode).toBe(200);
  });
});
