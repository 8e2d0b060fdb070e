import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';

// Without SMTP_URL the invitation mail waits in the outbox: the admin is told so and passes the link on.
const BASE = 'https://kb.example.test';
let t: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await startTestService({ env: { PUBLIC_BASE_URL: BASE } });
  [a, b] = await Promise.all([createTenant(t, 'Outbox A'), createTenant(t, 'Outbox B')]);
});
afterAll(async () => t?.close());

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, url: string, token: string, payload?: object) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const email = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 8)}@example.test`;
const invite = (token: string, payload: object) => call('POST', '/api/v1/users/invitations', token, payload);
const link = (token: string, id: string) => call('POST', `/api/v1/users/invitations/${id}/link`, token);
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;
const info = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/invitation/info?token=${encodeURIComponent(token)}` });

describe('invitations while mail is not configured', () => {
  it('says the invitation waits in the outbox; the link an admin gets works, and replaces the previous one', async () => {
    const res = await invite(a.token, { email: email('ann'), role: 'member' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', delivery: 'outbox' });
    const id = res.json().id;

    const first = await link(a.token, id);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ url: expect.stringMatching(/^https:\/\/kb\.example\.test\/accept-invitation\?token=inv_/) });
    expect((await info(tokenOf(first.json().url))).statusCode).toBe(200);

    const second = (await link(a.token, id)).json().url;
    expect((await info(tokenOf(second))).statusCode).toBe(200);
    expect((await info(tokenOf(first.json().url))).statusCode).toBe(404); // only the newest link joins

    const resent = await call('POST', `/api/v1/users/invitations/${id}/resend`, a.token);
    expect(resent.json()).toMatchObject({ delivery: 'outbox' });
  });

  it('is audited, and refused for invitations that are no longer pending', async () => {
    const id = (await invite(a.token, { email: email('gone'), role: 'viewer' })).json().id;
    expect((await link(a.token, id)).statusCode).toBe(200);
    const events = (await call('GET', '/api/v1/audit-events?type=user.invitation_link_issued', a.token)).json();
    expect(events.items).toEqual(expect.arrayContaining([expect.objectContaining({ target_id: id, actor_id: a.ownerId })]));

    expect((await call('DELETE', `/api/v1/users/invitations/${id}`, a.token)).statusCode).toBe(204);
    const revoked = await link(a.token, id);
    expect(revoked.statusCode).toBe(409);
    expect(revoked.json().code).toBe('invitation_not_pending');
  });

  it('only an admin of the same tenant gets a link; an owner invitation only an owner', async () => {
    const id = (await invite(a.token, { email: email('who'), role: 'viewer' })).json().id;
    const member = await a.userToken('member');
    expect((await link(member.token, id)).statusCode).toBe(403);
    expect((await link(b.token, id)).statusCode).toBe(404);
    const admin = await a.userToken('admin');
    expect((await link(admin.token, id)).statusCode).toBe(200);
    const owners = (await invite(a.token, { email: email('boss'), role: 'owner' })).json().id;
    const refused = await link(admin.token, owners);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('owner_required');
  });
});

describe('GET /api/v1/mail/outbox', () => {
  it("lists the tenant's own messages, newest first, without bodies, paginated", async () => {
    const to = email('listed');
    await invite(a.token, { email: to, role: 'viewer' });
    const res = await call('GET', '/api/v1/mail/outbox?limit=1', a.token);
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ skip: 0, limit: 1, total: expect.any(Number) });
    expect(page.total).toBeGreaterThan(1);
    expect(page.items).toEqual([
      { id: expect.any(String), kind: 'invitation', to, subject: 'Invitation to Outbox A', status: 'outbox', created_at: expect.any(String), sent_at: null },
    ]);
    expect(res.body).not.toContain('accept-invitation');

    const theirs = (await call('GET', '/api/v1/mail/outbox?limit=100', b.token)).json();
    expect(theirs.items.map((m: { to: string }) => m.to)).not.toContain(to);
    expect(theirs.items.every((m: { subject: string }) => m.subject === 'Invitation to Outbox B' || !m.subject.includes('Outbox A'))).toBe(true);
  });

  it('is for admins only', async () => {
    const member = await a.userToken('member');
    expect((await call('GET', '/api/v1/mail/outbox', member.token)).statusCode).toBe(403);
  });
});
