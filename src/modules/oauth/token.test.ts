import { beforeAll, describe, expect, it } from 'vitest';
import { authorize, basic, pkcePair, registerClient, sessionCookieFor, token, withOAuthService, type RegisteredClient } from '../../../test/support/oauth.js';

/** The token endpoint and revocation: PKCE both ways, codes, refresh rotation, client auth, bad input. */
const fixture = withOAuthService();
const CB = 'https://app.example.test/cb';
let pub: RegisteredClient;
let other: RegisteredClient;
let conf: RegisteredClient;
let cookie: string;

beforeAll(async () => {
  const { t, a, base } = fixture;
  pub = await registerClient(t, { name: 'Public', redirectUris: [CB], firstParty: true });
  other = await registerClient(t, { name: 'Other', redirectUris: [CB], firstParty: true });
  conf = await registerClient(t, { name: 'Confidential', redirectUris: [CB], confidential: true, firstParty: true });
  cookie = await sessionCookieFor(t, base, a.token);
});

/** A fresh code for `client` (with a PKCE challenge unless `pkce` is false), from the owner's session. */
async function codeFor(client: RegisteredClient, options: { pkce?: boolean; scope?: string; cookie?: string } = {}) {
  const pair = pkcePair();
  const query: Record<string, string> = { client_id: client.client_id, redirect_uri: CB, scope: options.scope ?? 'openid email' };
  if (options.pkce !== false) Object.assign(query, { code_challenge: pair.challenge, code_challenge_method: 'S256' });
  const res = await authorize(fixture.t, query, { cookie: options.cookie ?? cookie });
  const body = res.json();
  expect(body.status, JSON.stringify(body)).toBe('ok');
  return { code: body.code as string, verifier: pair.verifier };
}

const redeem = (client: RegisteredClient, code: string, verifier: string | undefined, extra: Record<string, string> = {}) =>
  token(fixture.t, { grant_type: 'authorization_code', code, redirect_uri: CB, client_id: client.client_id, ...(verifier ? { code_verifier: verifier } : {}), ...extra });
const refreshWith = (client: RegisteredClient, refreshToken: string) => token(fixture.t, { grant_type: 'refresh_token', refresh_token: refreshToken, client_id: client.client_id });
const userinfo = (accessToken: string) => fixture.t.app.inject({ method: 'GET', url: '/api/auth/userinfo', headers: { authorization: `Bearer ${accessToken}` } });
const expectError = (res: { statusCode: number; json(): any }, status: number, error: string) => {
  expect(res.statusCode, JSON.stringify(res.json())).toBe(status);
  expect(res.json().error).toBe(error);
  expect(typeof res.json().error_description).toBe('string');
  expect(res.json().access_token).toBeUndefined();
};

describe('authorization_code', () => {
  it('answers tokens with no-store, as JSON or form alike', async () => {
    const form = await codeFor(pub);
    const res = await redeem(pub, form.code, form.verifier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toMatchObject({ token_type: 'Bearer', expires_in: 1800, scope: 'openid email' });
    expect(res.json().refresh_token).toMatch(/^ort_/);
    expect(typeof res.json().id_token).toBe('string');

    const json = await codeFor(pub);
    const viaJson = await token(fixture.t, { grant_type: 'authorization_code', code: json.code, redirect_uri: CB, client_id: pub.client_id, code_verifier: json.verifier }, {}, true);
    expect(viaJson.statusCode).toBe(200);
  });

  it('PKCE downgrade: a verifier without a challenge, a challenge without a verifier, a wrong verifier are invalid_grant', async () => {
    const noChallenge = await codeFor(conf, { pkce: false });
    expectError(await redeem(conf, noChallenge.code, pkcePair().verifier, { client_secret: conf.client_secret! }), 400, 'invalid_grant');

    const withChallenge = await codeFor(pub);
    expectError(await redeem(pub, withChallenge.code, undefined), 400, 'invalid_grant');
    expectError(await redeem(pub, withChallenge.code, pkcePair().verifier), 400, 'invalid_grant');
    // A failed proof does not burn the code: whoever holds the verifier still redeems it.
    expect((await redeem(pub, withChallenge.code, withChallenge.verifier)).statusCode).toBe(200);
    // A confidential client without PKCE redeems with its secret alone.
    const plainConf = await codeFor(conf, { pkce: false });
    expect((await redeem(conf, plainConf.code, undefined, { client_secret: conf.client_secret! })).statusCode).toBe(200);
  });

  it('a malformed verifier is invalid_request', async () => {
    const { code } = await codeFor(pub);
    for (const verifier of ['short', `${'a'.repeat(43)}!`, 'a'.repeat(129)]) expectError(await redeem(pub, code, verifier), 400, 'invalid_request');
  });

  it('a second redemption is refused and revokes every token issued from the code', async () => {
    const { code, verifier } = await codeFor(pub);
    const first = (await redeem(pub, code, verifier)).json();
    expect((await userinfo(first.access_token)).statusCode).toBe(200);
    const renewed = (await refreshWith(pub, first.refresh_token)).json();
    expect(renewed.access_token).toBeDefined();

    expectError(await redeem(pub, code, verifier), 400, 'invalid_grant');
    for (const accessToken of [first.access_token, renewed.access_token]) expect((await userinfo(accessToken)).statusCode).toBe(401);
    expectError(await refreshWith(pub, renewed.refresh_token), 400, 'invalid_grant');
  });

  it('an Idempotency-Key replay never hands the tokens out again: the repeat is a second redemption', async () => {
    const { code, verifier } = await codeFor(pub);
    const body = { grant_type: 'authorization_code', code, redirect_uri: CB, client_id: pub.client_id, code_verifier: verifier };
    const first = await token(fixture.t, body, { 'idempotency-key': 'token-1' });
    expect(first.statusCode).toBe(200);
    const again = await token(fixture.t, body, { 'idempotency-key': 'token-1' });
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expectError(again, 400, 'invalid_grant');
  });

  it('expires after 60 s (the injected clock)', async () => {
    const { code, verifier } = await codeFor(pub);
    fixture.t.service.ctx.clock.advance(61_000);
    expectError(await redeem(pub, code, verifier), 400, 'invalid_grant');
  });

  it('is bound to its client and its redirect_uri', async () => {
    const { code, verifier } = await codeFor(pub);
    expectError(await redeem(other, code, verifier), 400, 'invalid_grant');
    expectError(await redeem(pub, code, verifier, { redirect_uri: `${CB}/` }), 400, 'invalid_grant');
    expect((await redeem(pub, code, verifier)).statusCode, 'the rightful client still redeems it').toBe(200);
  });

  it('a code of a since-disabled user opens nothing', async () => {
    const { t, a, base } = fixture;
    const user = await a.userToken('member');
    const userCookie = await sessionCookieFor(t, base, user.token);
    const { code, verifier } = await codeFor(pub, { cookie: userCookie });
    await t.app.inject({ method: 'PATCH', url: `/api/v1/users/${user.userId}`, headers: a.auth(), payload: { status: 'disabled' } });
    expectError(await redeem(pub, code, verifier), 400, 'invalid_grant');
  });
});

describe('refresh_token', () => {
  it('rotates; a reuse within 30 s answers the same successor (parallel tabs); after, it revokes the grant', async () => {
    const { code, verifier } = await codeFor(pub);
    const first = (await redeem(pub, code, verifier)).json();
    const second = (await refreshWith(pub, first.refresh_token)).json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.id_token).toBeUndefined();

    const duplicate = (await refreshWith(pub, first.refresh_token)).json();
    expect(duplicate.refresh_token, 'the same successor').toBe(second.refresh_token);
    expect((await userinfo(duplicate.access_token)).statusCode).toBe(200);

    fixture.t.service.ctx.clock.advance(31_000);
    expectError(await refreshWith(pub, first.refresh_token), 400, 'invalid_grant');
    expectError(await refreshWith(pub, second.refresh_token), 400, 'invalid_grant');
    for (const accessToken of [first.access_token, second.access_token, duplicate.access_token]) expect((await userinfo(accessToken)).statusCode).toBe(401);
  });

  it("another client's refresh token is invalid_grant (and revokes nothing)", async () => {
    const { code, verifier } = await codeFor(pub);
    const tokens = (await redeem(pub, code, verifier)).json();
    expectError(await refreshWith(other, tokens.refresh_token), 400, 'invalid_grant');
    expect((await refreshWith(pub, tokens.refresh_token)).statusCode).toBe(200);
  });

  it('may narrow the scope of the new access token, never widen it', async () => {
    const { code, verifier } = await codeFor(pub, { scope: 'openid email knowledge_bases:read' });
    const tokens = (await redeem(pub, code, verifier)).json();
    const narrowed = await token(fixture.t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: pub.client_id, scope: 'openid' });
    expect(narrowed.json().scope).toBe('openid');
    expectError(await token(fixture.t, { grant_type: 'refresh_token', refresh_token: narrowed.json().refresh_token, client_id: pub.client_id, scope: 'openid chat:query' }), 400, 'invalid_scope');
  });
});

describe('client authentication', () => {
  it('client_secret_basic and client_secret_post both work; both at once is invalid_request', async () => {
    const one = await codeFor(conf);
    expect((await token(fixture.t, { grant_type: 'authorization_code', code: one.code, redirect_uri: CB, code_verifier: one.verifier }, basic(conf.client_id, conf.client_secret!))).statusCode).toBe(200);
    const two = await codeFor(conf);
    expect((await redeem(conf, two.code, two.verifier, { client_secret: conf.client_secret! })).statusCode).toBe(200);
    const three = await codeFor(conf);
    expectError(await token(fixture.t, { grant_type: 'authorization_code', code: three.code, redirect_uri: CB, code_verifier: three.verifier, client_secret: conf.client_secret! }, basic(conf.client_id, conf.client_secret!)), 400, 'invalid_request');
  });

  it('a wrong, missing or foreign secret is 401 invalid_client (WWW-Authenticate: Basic when Basic was tried)', async () => {
    const { code, verifier } = await codeFor(conf);
    const wrong = await token(fixture.t, { grant_type: 'authorization_code', code, redirect_uri: CB, code_verifier: verifier }, basic(conf.client_id, `cs_${'x'.repeat(43)}`));
    expectError(wrong, 401, 'invalid_client');
    expect(wrong.headers['www-authenticate']).toBe('Basic realm="oauth"');
    expectError(await redeem(conf, code, verifier), 401, 'invalid_client');
    expectError(await redeem(conf, code, verifier, { client_secret: 'nope' }), 401, 'invalid_client');
    expectError(await redeem(pub, code, verifier, { client_secret: conf.client_secret! }), 401, 'invalid_client');
    expectError(await token(fixture.t, { grant_type: 'authorization_code', code, redirect_uri: CB, code_verifier: verifier }), 401, 'invalid_client');
    expectError(await token(fixture.t, { grant_type: 'authorization_code', code, redirect_uri: CB }, { authorization: 'Basic !!!' }), 401, 'invalid_client');
    expect((await redeem(conf, code, verifier, { client_secret: conf.client_secret! })).statusCode, 'none of it spent the code').toBe(200);
  });
});

describe('bad input: RFC 6749 errors, nothing issued', () => {
  it('unknown, missing or doubled grant_type; missing code or redirect_uri; doubled parameters', async () => {
    const { code, verifier } = await codeFor(pub);
    expectError(await token(fixture.t, { grant_type: 'password', username: 'x', password: 'y', client_id: pub.client_id }), 400, 'unsupported_grant_type');
    expectError(await token(fixture.t, { client_id: pub.client_id, code }), 400, 'invalid_request');
    expectError(await token(fixture.t, { grant_type: ['authorization_code', 'refresh_token'], client_id: pub.client_id, code }), 400, 'invalid_request');
    expectError(await token(fixture.t, { grant_type: 'authorization_code', client_id: pub.client_id, redirect_uri: CB }), 400, 'invalid_request');
    expectError(await token(fixture.t, { grant_type: 'authorization_code', client_id: pub.client_id, code }), 400, 'invalid_request');
    expectError(await token(fixture.t, { grant_type: 'authorization_code', client_id: pub.client_id, code: [code, code], redirect_uri: CB, code_verifier: verifier }), 400, 'invalid_request');
    expectError(await token(fixture.t, { grant_type: 'authorization_code', client_id: pub.client_id, code: 'x'.repeat(5000), redirect_uri: CB }), 400, 'invalid_request');
    expectError(await token(fixture.t, { grant_type: 42, client_id: pub.client_id } as never, {}, true), 400, 'invalid_request');
    const text = await fixture.t.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': 'text/plain' }, payload: 'grant_type=authorization_code' });
    expectError(text, 400, 'invalid_request');
    const broken = await fixture.t.app.inject({ method: 'POST', url: '/api/auth/token', headers: { 'content-type': 'application/json' }, payload: '{"grant_type":' });
    expectError(broken, 400, 'invalid_request');
    expect((await redeem(pub, code, verifier)).statusCode, 'none of it spent the code').toBe(200);
  });

  it('tokens of other kinds presented as codes or refresh tokens are invalid_grant', async () => {
    const { a } = fixture;
    const { code, verifier } = await codeFor(pub);
    const tokens = (await redeem(pub, code, verifier)).json();
    const login = await fixture.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.ownerEmail, password: a.password, tenant_id: a.slug } });
    const sessionId = cookie.split('=')[1];
    for (const fake of [a.token, login.json().refresh_token, tokens.refresh_token, tokens.access_token, sessionId, `ac_${'A'.repeat(43)}`]) {
      expectError(await redeem(pub, fake, verifier), 400, 'invalid_grant');
    }
    const fresh = await codeFor(pub);
    for (const fake of [a.token, login.json().refresh_token, fresh.code, tokens.access_token, tokens.id_token, sessionId, `ort_${'A'.repeat(43)}`]) {
      expectError(await refreshWith(pub, fake), 400, 'invalid_grant');
    }
  });
});

describe('POST /api/auth/revoke (RFC 7009)', () => {
  const revoke = (body: Record<string, string>, headers: Record<string, string> = {}) => fixture.t.app.inject({ method: 'POST', url: '/api/auth/revoke', headers, payload: body });

  it('unknown or invalid tokens answer 200; a bad client is 401 invalid_client', async () => {
    for (const value of ['garbage', `ort_${'A'.repeat(43)}`, fixture.a.token]) expect((await revoke({ token: value, client_id: pub.client_id })).statusCode).toBe(200);
    expectError(await revoke({ token: 'x', client_id: conf.client_id, client_secret: 'wrong' }), 401, 'invalid_client');
    expectError(await revoke({ client_id: pub.client_id }), 400, 'invalid_request');
  });

  it("another client's token is left alone; the owner's revocation of an access token ends the grant", async () => {
    const { code, verifier } = await codeFor(pub);
    const tokens = (await redeem(pub, code, verifier)).json();
    expect((await revoke({ token: tokens.refresh_token, client_id: other.client_id })).statusCode).toBe(200);
    expect((await userinfo(tokens.access_token)).statusCode).toBe(200);
    expect((await revoke({ token: tokens.access_token, client_id: pub.client_id, token_type_hint: 'access_token' })).statusCode).toBe(200);
    expect((await userinfo(tokens.access_token)).statusCode).toBe(401);
    expectError(await refreshWith(pub, tokens.refresh_token), 400, 'invalid_grant');
  });
});
