import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, runCommand, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startSmtpPeer, tokenFromLink, type SmtpPeer } from '../../../test/support/smtp-peer.js';
import { eventually } from '../../../test/support/eventually.js';

const BASE = 'https://kb.example.test';
let smtp: SmtpPeer;
let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  t = await startTestService({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Acme KB <kb@example.test>', PUBLIC_BASE_URL: BASE } });
  a = await createTenant(t, 'Acme & Co');
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers }, ...(payload ? { payload } : {}) });
const invite = (token: string, payload: object, headers: Record<string, string> = {}) => call('POST', '/api/v1/users/invitations', token, payload, headers);
const info = (token: string) => call('GET', `/api/auth/invitation/info?token=${encodeURIComponent(token)}`, null);
const accept = (payload: object) => call('POST', '/api/auth/accept-invitation', null, payload);
const email = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const GOOD_PW = 'granite otter lantern';
const INVALID = { detail: 'This invitation is invalid, used, revoked or expired', code: 'invalid_invitation' };

/** The token of the `nth` mail to `to` (waits for it). */
const tokenMailedTo = (to: string, nth = 1) => eventuallyToken(to, nth);
const mailsTo = (to: string) => smtp.mails.filter((m) => JSON.stringify(m.to).includes(to));

describe('invitation through a real SMTP peer', () => {
  it('invite → mail → info → accept → login; the mail names the tenant and links only to PUBLIC_BASE_URL', async () => {
    const to = email('ann');
    const res = await invite(a.token, { email: `  ${to.toUpperCase()} `, role: 'member', name: 'Ann' }, { host: 'evil.test', 'x-forwarded-host': 'evil.test' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(String),
      email: to,
      role: 'member',
      name: 'Ann',
      status: 'pending',
      inviter_name: a.ownerEmail,
      created_at: expect.any(String),
      expires_at: expect.any(String),
      accepted_at: null,
      delivery: 'queued',
    });
    expect(new Date(body.expires_at).getTime() - new Date(body.created_at).getTime()).toBeGreaterThan(7 * 24 * 3600_000 - 5000);

    const { mail, token } = await tokenMailedTo(to);
    expect(mail.subject).toBe('Invitation to Acme & Co');
    expect(mail.from?.text).toBe('"Acme KB" <kb@example.test>');
    expect(mail.text).toContain(`${BASE}/accept-invitation?token=${token}`);
    expect(mail.text).toContain('Acme & Co');
    expect(mail.html).toContain('Acme &amp; Co');
    expect(mail.html).toContain(`${BASE}/accept-invitation?token=${token}`);
    expect(`${mail.text}${mail.html}`).not.toContain('evil.test');
    expect(token).toMatch(/^inv_[A-Za-z0-9_-]{43}$/);

    const seen = await info(token);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toEqual({
      tenant_id: a.tenantId,
      tenant_slug: a.slug,
      tenant_name: 'Acme & Co',
      email: to,
      role: 'member',
      inviter_name: a.ownerEmail,
      expires_at: body.expires_at,
    });

    // Fields that try to choose the role, e-mail or tenant are ignored.
    const accepted = await accept({ token, name: ' Ann A. ', password: GOOD_PW, role: 'owner', email: 'other@example.test', tenant_id: 'x' });
    expect(accepted.statusCode).toBe(200);
    const pair = accepted.json();
    expect(pair).toMatchObject({ token_type: 'bearer', expires_in: 1800, user: { email: to, role: 'member', name: 'Ann A.', status: 'active' } });
    const me = await call('GET', '/api/auth/me', pair.access_token);
    expect(me.json()).toMatchObject({ email: to, role: 'member', tenant_id: a.tenantId });

    const login = await call('POST', '/api/auth/login', null, { email: to, password: GOOD_PW, tenant_id: a.slug });
    expect(login.statusCode).toBe(200);

    // Single use: the token is now the one 404 everywhere.
    expect((await info(token)).json()).toEqual(INVALID);
    const again = await accept({ token, name: 'Ann', password: GOOD_PW });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(INVALID);

    const list = (await call('GET', '/api/v1/users/invitations', a.token)).json();
    expect(list.items.find((i: { id: string }) => i.id === body.id)).toMatchObject({ status: 'accepted', accepted_at: expect.any(String) });
  });

  it('two concurrent accepts of one token: exactly one account, the other gets the one 404', async () => {
    const to = email('race');
    await invite(a.token, { email: to, role: 'viewer' });
    const { token } = await tokenMailedTo(to);
    const results = await Promise.all([accept({ token, name: 'One', password: GOOD_PW }), accept({ token, name: 'Two', password: GOOD_PW })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404]);
    expect(results.find((r) => r.statusCode === 404)!.json()).toEqual(INVALID);
    expect((await call('GET', `/api/v1/users/?search=${to}`, a.token)).json().total).toBe(1);
  });

  it('an idempotent replay of an invitation returns the stored answer and sends no second mail', async () => {
    const to = email('idem');
    const headers = { 'idempotency-key': `invite-${to}` };
    const first = await invite(a.token, { email: to, role: 'viewer' }, headers);
    expect(first.statusCode).toBe(201);
    await tokenMailedTo(to);
    const replay = await invite(a.token, { email: to, role: 'viewer' }, headers);
    expect(replay.statusCode).toBe(201);
    expect(replay.json()).toEqual(first.json());
    // A later, different invitation goes through the same queue: once it arrived, the replay would have too.
    const marker = email('marker');
    await invite(a.token, { email: marker, role: 'viewer' });
    await tokenMailedTo(marker);
    expect(mailsTo(to)).toHaveLength(1);
    expect((await call('GET', '/api/v1/users/invitations?limit=100', a.token)).json().items.filter((i: { email: string }) => i.email === to)).toHaveLength(1);
  });

  it('a second invitation to the same e-mail replaces the first; revoke and resend end the old link', async () => {
    const to = email('twice');
    const first = (await invite(a.token, { email: to, role: 'viewer' })).json();
    const { token: firstToken } = await tokenMailedTo(to, 1);
    const second = (await invite(a.token, { email: to, role: 'member' })).json();
    const { token: secondToken } = await eventuallyToken(to, 2);
    expect((await info(firstToken)).statusCode).toBe(404);
    expect((await info(secondToken)).json().role).toBe('member');
    const statuses = (await call('GET', '/api/v1/users/invitations?limit=100', a.token)).json().items;
    expect(statuses.find((i: { id: string }) => i.id === first.id).status).toBe('revoked');
    expect(statuses.find((i: { id: string }) => i.id === second.id).status).toBe('pending');

    const resent = await call('POST', `/api/v1/users/invitations/${second.id}/resend`, a.token);
    expect(resent.statusCode).toBe(201);
    const { token: thirdToken } = await eventuallyToken(to, 3);
    expect(thirdToken).not.toBe(secondToken);
    expect((await info(secondToken)).statusCode).toBe(404);
    expect((await info(thirdToken)).statusCode).toBe(200);

    const revoked = await call('DELETE', `/api/v1/users/invitations/${resent.json().id}`, a.token);
    expect(revoked.statusCode).toBe(204);
    expect((await info(thirdToken)).json()).toEqual(INVALID);
    expect((await accept({ token: thirdToken, name: 'X', password: GOOD_PW })).statusCode).toBe(404);
  });

  it('expires after the configured lifetime (the clock is moved, nothing sleeps)', async () => {
    const to = email('late');
    const created = (await invite(a.token, { email: to, role: 'viewer' })).json();
    const { token } = await tokenMailedTo(to);
    t.service.ctx.clock.advance(7 * 24 * 3600_000 + 1000);
    try {
      expect((await info(token)).json()).toEqual(INVALID);
      expect((await accept({ token, name: 'Late', password: GOOD_PW })).json()).toEqual(INVALID);
      const listed = (await call('GET', '/api/v1/users/invitations?limit=100', a.token)).json().items;
      expect(listed.find((i: { id: string }) => i.id === created.id).status).toBe('expired');
    } finally {
      t.service.ctx.clock.advance(-(7 * 24 * 3600_000 + 1000));
    }
  });

  it('a send the server refuses once is retried by the job queue and delivered once', async () => {
    const to = email('retry');
    smtp.refuseNext = 1;
    expect((await invite(a.token, { email: to, role: 'viewer' })).statusCode).toBe(201);
    const rows = await eventually(
      'the retried mail to be sent',
      async () => (JSON.parse(await runCommand(t, ['mail', 'list', '--tenant', a.slug, '--json'])) as { to: string; status: string }[]).filter((m) => m.to === to),
      (r) => r[0]?.status === 'sent',
      30_000,
    );
    expect(rows).toEqual([expect.objectContaining({ status: 'sent', attempts: 2, last_error: null, sent_at: expect.any(String) })]);
    expect(mailsTo(to)).toHaveLength(1);
  });

  it('writes the invitation events to the audit trail', async () => {
    const to = email('audited');
    const created = (await invite(a.token, { email: to, role: 'viewer' })).json();
    const { token } = await tokenMailedTo(to);
    const user = (await accept({ token, name: 'Audited', password: GOOD_PW })).json().user;
    const events = (await call('GET', '/api/v1/audit-events?limit=100', a.token)).json().items.filter((e: { target_id: string }) => e.target_id === created.id);
    expect(events).toEqual([
      expect.objectContaining({ type: 'user.invitation_accepted', actor_kind: 'anonymous', actor_id: user.id, details: { email: to, role: 'viewer' } }),
      expect.objectContaining({ type: 'user.invited', actor_kind: 'user', actor_id: a.ownerId, details: { email: to, role: 'viewer' } }),
    ]);
  });

  it('a failed send never fails the request and is visible with its error', async () => {
    const failing = await startSmtpPeer();
    const t2 = await startTestService({ env: { SMTP_URL: failing.url, MAIL_MAX_ATTEMPTS: '1' } });
    try {
      failing.refuse = true;
      const b = await createTenant(t2, 'Bounce');
      const res = await t2.app.inject({ method: 'POST', url: '/api/v1/users/invitations', headers: b.auth(), payload: { email: 'x@example.test', role: 'viewer' } });
      expect(res.statusCode).toBe(201);
      const rows = await eventually(
        'the failed mail',
        async () => JSON.parse(await runCommand(t2, ['mail', 'list', '--tenant', b.slug, '--json'])) as { status: string; attempts: number; last_error: string }[],
        (r) => r[0]?.status === 'failed',
        30_000,
      );
      expect(rows[0]).toMatchObject({ status: 'failed', attempts: 1, last_error: expect.stringContaining('mailbox unavailable') });
    } finally {
      await t2.close();
      await failing.close();
    }
  });
});

async function eventuallyToken(to: string, count: number) {
  const mine = await eventually(`${count} mails to ${to}`, () => mailsTo(to), (m) => m.length >= count, 30_000);
  return { mail: mine[count - 1], token: tokenFromLink(mine[count - 1].text ?? '') };
}

describe('who may invite whom', () => {
  it('an admin cannot invite an owner, nor a member an admin; an admin key is no owner; nothing is written or mailed', async () => {
    const admin = await a.userToken('admin');
    const key = await a.apiKey(['admin']);
    const before = (await call('GET', '/api/v1/users/invitations', a.token)).json().total;
    const mailed = smtp.mails.length;
    for (const [who, token] of [['admin user', admin.token], ['admin key', key.key]] as const) {
      const res = await invite(token, { email: email('boss'), role: 'owner' });
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toEqual({ detail: 'Only an owner can invite an owner', code: 'owner_required' });
    }
    const member = await a.userToken('member');
    const byMember = await invite(member.token, { email: email('m'), role: 'viewer' });
    expect(byMember.statusCode).toBe(403); // no admin scope at all
    expect((await call('GET', '/api/v1/users/invitations', a.token)).json().total).toBe(before);
    expect(smtp.mails.length).toBe(mailed);
    // An admin invites admins and below; the owner invites owners.
    expect((await invite(admin.token, { email: email('adm'), role: 'admin' })).statusCode).toBe(201);
    expect((await invite(a.token, { email: email('own'), role: 'owner' })).statusCode).toBe(201);
  });

  it('with mail configured, an invitation link is never handed out: it only goes to the mailbox', async () => {
    const pending = (await invite(a.token, { email: email('smtp-link'), role: 'viewer' })).json();
    const res = await call('POST', `/api/v1/users/invitations/${pending.id}/link`, a.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('invitation_link_unavailable');
  });

  it('an admin cannot resend or revoke an owner invitation', async () => {
    const admin = await a.userToken('admin');
    const owned = (await invite(a.token, { email: email('own2'), role: 'owner' })).json();
    expect((await call('POST', `/api/v1/users/invitations/${owned.id}/resend`, admin.token)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/v1/users/invitations/${owned.id}`, admin.token)).statusCode).toBe(403);
  });

  it('an e-mail that already has an account is 409', async () => {
    const res = await invite(a.token, { email: a.ownerEmail.toUpperCase(), role: 'viewer' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('already_member');
  });

  it("another tenant's invitation ids are 404", async () => {
    const other = await createTenant(t, 'Other');
    const theirs = (await invite(other.token, { email: email('x'), role: 'viewer' })).json();
    expect((await call('DELETE', `/api/v1/users/invitations/${theirs.id}`, a.token)).statusCode).toBe(404);
    expect((await call('POST', `/api/v1/users/invitations/${theirs.id}/resend`, a.token)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/users/invitations?limit=100', a.token)).json().items.map((i: { id: string }) => i.id)).not.toContain(theirs.id);
  });
});

describe('bad input: a clear 4xx, nothing written, nothing mailed', () => {
  it('refuses malformed e-mails, huge names, NUL bytes and unknown roles on invite', async () => {
    // Mails of earlier tests are sent by the queue after their requests: count from when none is in flight.
    await eventually('earlier mails to leave the queue', async () => JSON.parse(await runCommand(t, ['mail', 'list', '--json'])) as { status: string }[], (rows) => rows.every((m) => m.status !== 'queued'));
    const before = (await call('GET', '/api/v1/users/invitations', a.token)).json().total;
    const mailed = smtp.mails.length;
    const bad: [object, number][] = [
      [{ email: 'not-an-email', role: 'viewer' }, 422],
      [{ email: 'a@b', role: 'viewer' }, 422],
      [{ email: 'x\u0001y@example.test', role: 'viewer' }, 422],
      [{ email: 'nul\u0000@example.test', role: 'viewer' }, 422],
      [{ email: email('big'), role: 'viewer', name: 'n'.repeat(201) }, 422],
      [{ email: email('role'), role: 'superuser' }, 422],
      [{ email: `${'x'.repeat(400)}@example.test`, role: 'viewer' }, 422],
    ];
    for (const [payload, status] of bad) {
      const res = await invite(a.token, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(status);
      expect(res.json().code).toBe('validation_error');
    }
    expect((await call('GET', '/api/v1/users/invitations', a.token)).json().total).toBe(before);
    expect(smtp.mails.length).toBe(mailed);
  });

  it('answers tokens of every other kind, and garbage, with the one 404', async () => {
    const login = (await call('POST', '/api/auth/login', null, { email: a.ownerEmail, password: a.password, tenant_id: a.slug })).json();
    const key = await a.apiKey(['documents:read']);
    for (const token of [login.access_token, login.refresh_token, key.key, 'inv_short', `inv_${'A'.repeat(43)}`, 'x'.repeat(200)]) {
      const res = await info(token);
      expect(res.statusCode, token.slice(0, 20)).toBe(404);
      expect(res.json()).toEqual(INVALID);
      expect((await accept({ token, name: 'X', password: GOOD_PW })).json()).toEqual(INVALID);
    }
    expect((await info('x'.repeat(4097))).statusCode).toBe(422);
  });

  it('refuses a weak password, a huge name or a NUL on accept, and the token stays usable', async () => {
    const to = email('weak');
    await invite(a.token, { email: to, role: 'viewer' });
    const { token } = await tokenMailedTo(to);
    const weak = await accept({ token, name: 'W', password: 'password123' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().detail[0]).toMatchObject({ loc: ['body', 'password'], ctx: { warning: 'This is a commonly used password.' } });
    const sameAsEmail = await accept({ token, name: 'W', password: to });
    expect(sameAsEmail.statusCode).toBe(422);
    expect(sameAsEmail.json().detail[0].msg).toMatch(/e-mail/);
    expect((await accept({ token, name: 'n'.repeat(201), password: GOOD_PW })).statusCode).toBe(422);
    expect((await accept({ token, name: 'a\u0000b', password: GOOD_PW })).statusCode).toBe(422);
    expect((await info(token)).statusCode).toBe(200);
    expect((await accept({ token, name: 'W', password: GOOD_PW })).statusCode).toBe(200);
  });
});
