import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import type { OidcIdp } from '../../../test/peers/oidc-idp.js';
import { ask } from '../../../test/support/chat.js';
import { loggedEvents } from '../../../test/support/events.js';
import { activate, chatBody, configureProvider } from '../../../test/support/llm.js';
import { saveProvider, startIdp, startSsoService, walkSignIn } from '../../../test/support/sso.js';

// The events whose changes need a peer on loopback: an answer to rate (the fake OpenAI provider), a provider whose
// health changes (the same fake), a user made at a first SSO sign-in (an OpenID provider). The SSO service settings
// let the service reach both on 127.0.0.1.

let t: TestService;
let fake: FakeOpenAI;
let idp: OidcIdp;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  idp = await startIdp([]);
  t = await startSsoService({ env: { PROVIDER_MAX_RETRIES: '0' } });
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
  await fake?.close();
});

const dataOf = async (tenant: TestTenant, type: string) => (await loggedEvents(t, tenant.tenantId, type)).map((e) => e.data);

describe('feedback', () => {
  let a: TestTenant;
  beforeAll(async () => {
    a = await createTenant(t, 'Rated');
    await configureProvider(t, a, fake.url);
    await activate(t, a, 'gpt-4o-mini', true);
  });

  it('feedback.created for a new rating, with the answer, its conversation and who rated; a changed rating is not new', async () => {
    const member = await a.userToken('member');
    const answer = await ask(t, a, { query: 'What is on the agenda today?' }, member.token);
    expect(answer.statusCode, answer.body).toBe(200);
    const { message_id, conversation_id } = answer.json();
    const rate = (rating: 'up' | 'down', token: string) =>
      t.app.inject({ method: 'POST', url: '/api/v1/feedback', headers: a.auth(token), payload: { message_id, rating, comment: 'private words' } });

    const first = await rate('down', member.token);
    expect(first.statusCode).toBe(201);
    expect(await dataOf(a, 'feedback.created')).toEqual([
      { feedback_id: first.json().feedback_id, message_id, conversation_id, rating: 'down', user_id: member.userId, api_key_id: null },
    ]);
    expect((await rate('up', member.token)).statusCode).toBe(200);
    expect(await dataOf(a, 'feedback.created')).toHaveLength(1);
    expect(JSON.stringify(await loggedEvents(t, a.tenantId))).not.toContain('private words');

    // Refused (another member may not read this member's conversation): nothing.
    const other = await a.userToken('member');
    expect((await rate('up', other.token)).statusCode).toBe(404);
    expect(await dataOf(a, 'feedback.created')).toHaveLength(1);
  });
});

describe('provider health', () => {
  let a: TestTenant;
  beforeAll(async () => {
    a = await createTenant(t, 'Healthy');
    await configureProvider(t, a, fake.url, 'sk-health-events-key');
    await activate(t, a, 'gpt-4o-mini');
  });

  async function chat(mode: 'ok' | 'rate_limit' | 'unauthorized') {
    fake.setMode(mode);
    try {
      return await t.app.inject({ method: 'POST', url: '/api/v1/llm/chat', headers: a.auth(), payload: chatBody('gpt-4o-mini') });
    } finally {
      fake.setMode('ok');
    }
  }

  it('llm.provider.health_changed only when the status changes, with the previous one', async () => {
    expect((await chat('ok')).statusCode).toBe(200);
    expect((await chat('rate_limit')).statusCode).toBe(429);
    expect((await chat('rate_limit')).statusCode).toBe(429); // rate limited again: no change
    expect((await chat('unauthorized')).statusCode).toBe(502);
    expect((await chat('ok')).statusCode).toBe(200);
    expect((await chat('ok')).statusCode).toBe(200);
    expect(await dataOf(a, 'llm.provider.health_changed')).toEqual([
      { provider: 'openai', status: 'ok', previous_status: 'unknown' },
      { provider: 'openai', status: 'rate_limited', previous_status: 'ok' },
      { provider: 'openai', status: 'invalid_key', previous_status: 'rate_limited' },
      { provider: 'openai', status: 'ok', previous_status: 'invalid_key' },
    ]);
    expect(JSON.stringify(await loggedEvents(t, a.tenantId))).not.toContain('sk-health-events-key');
  });
});

describe('users made at a first SSO sign-in', () => {
  let a: TestTenant;
  beforeAll(async () => {
    a = await createTenant(t, 'Federated');
  });

  it('user.joined via sso when the sign-in creates the user, and not at the next sign-in', async () => {
    const domain = `${a.slug}.test`;
    const providerId = (await saveProvider(t, a, idp, { allowed_email_domains: [domain], jit: { enabled: true, default_role: 'viewer' } })).provider_id;
    const person = { sub: `jit-${a.slug}`, email: `grace@${domain}`, email_verified: true, name: 'Grace' };
    idp.accounts.set(person.sub, person);

    const first = await walkSignIn(t, a, providerId, idp, person.sub);
    expect(first.callback.statusCode, first.callback.body).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: a.auth(first.callback.json().access_token) });
    const joined = (await dataOf(a, 'user.joined')).filter((d) => d.via === 'sso');
    expect(joined).toEqual([{ user_id: me.json().id, email: person.email, role: 'viewer', via: 'sso' }]);

    expect((await walkSignIn(t, a, providerId, idp, person.sub)).callback.statusCode).toBe(200);
    expect((await dataOf(a, 'user.joined')).filter((d) => d.via === 'sso')).toHaveLength(1);
  });
});
