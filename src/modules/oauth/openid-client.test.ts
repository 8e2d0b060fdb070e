import { decodeProtectedHeader } from 'jose';
import * as client from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { connect, finishSignIn, refresh, signOut, startSignIn, type PlatformApp } from '../../../docs/examples/sign-in-with-platform.js';
import { registerClient, sessionCookieFor, withOAuthService, type RegisteredClient } from '../../../test/support/oauth.js';
import { atHash } from './issue.js';

/**
 * A standard relying party (openid-client v6) completes the whole flow against the service on loopback:
 * discovery → authorize (following our JSON redirect_to, as our login page does) → code → tokens → userinfo →
 * refresh → revoke. The public flow runs through the copy-paste example of docs/oauth.md.
 */
const fixture = withOAuthService();
const CALLBACK = 'https://app.example.test/callback';
let publicClient: RegisteredClient;
let confidential: RegisteredClient;
let cookie: string;

beforeAll(async () => {
  const { t, a, base } = fixture;
  publicClient = await registerClient(t, { name: 'Notes (public)', redirectUris: [CALLBACK], firstParty: true });
  confidential = await registerClient(t, { name: 'Reports (confidential)', redirectUris: [CALLBACK], confidential: true, firstParty: true });
  cookie = await sessionCookieFor(t, base, a.token);
});

/**
 * What our login page does: the browser arrives at the advertised authorization page (the console's by default) with
 * the client's query; the page calls the JSON authorization endpoint with that query and the session, and follows
 * `redirect_to`.
 */
async function browserAuthorize(url: URL, session = cookie): Promise<URL> {
  expect(url.href.startsWith(fixture.t.config.oauth.authorizationPageUrl)).toBe(true);
  const res = await fetch(new URL(`/api/auth/authorize${url.search}`, fixture.base), { headers: { cookie: session } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { status: string; redirect_to: string };
  expect(body.status, JSON.stringify(body)).toBe('ok');
  return new URL(body.redirect_to);
}

const api = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${fixture.base}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...(init.headers ?? {}) } });

describe('openid-client against our authorization server', () => {
  it('public client with PKCE, through the docs/oauth.md example: discovery → authorize → code → tokens → userinfo → refresh → revoke', async () => {
    const { a, base } = fixture;
    const app: PlatformApp = { issuer: new URL(base), clientId: publicClient.client_id, redirectUri: CALLBACK, allowHttp: true };
    const config = await connect(app);
    expect(config.serverMetadata().issuer).toBe(base);
    expect(config.serverMetadata().code_challenge_methods_supported).toEqual(['S256']);

    const { url, pending } = await startSignIn(config, app);
    const callback = await browserAuthorize(url);
    expect(callback.searchParams.get('iss')).toBe(base);
    expect(callback.searchParams.get('state')).toBe(pending.state);

    const { tokens, claims, user } = await finishSignIn(config, callback, pending);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.expires_in).toBe(1800);
    expect(tokens.scope).toBe('openid profile email');
    expect(claims).toMatchObject({ iss: base, sub: a.ownerId, aud: publicClient.client_id, nonce: pending.nonce, email: a.ownerEmail, at_hash: atHash(tokens.access_token) });
    expect(typeof claims.auth_time).toBe('number');
    expect(claims.auth_time!).toBeLessThanOrEqual(claims.iat);
    const header = decodeProtectedHeader(tokens.id_token!);
    expect(header.alg).toBe('ES256');
    expect(typeof header.kid).toBe('string');
    const jwks = (await (await fetch(`${base}/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
    expect(user).toMatchObject({ sub: a.ownerId, email: a.ownerEmail, tenant_id: a.tenantId });

    const renewed = await refresh(config, tokens.refresh_token!);
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await client.fetchUserInfo(config, renewed.access_token, a.ownerId)).sub).toBe(a.ownerId);

    await signOut(config, renewed.refresh_token!);
    await expect(refresh(config, renewed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    for (const token of [tokens.access_token, renewed.access_token]) {
      expect((await api('/api/auth/userinfo', token)).status, 'every access token of the grant is refused').toBe(401);
    }
  });

  for (const method of ['client_secret_basic', 'client_secret_post'] as const) {
    it(`confidential client with ${method}`, async () => {
      const { a, base } = fixture;
      const auth = method === 'client_secret_basic' ? client.ClientSecretBasic(confidential.client_secret!) : client.ClientSecretPost(confidential.client_secret!);
      const config = await client.discovery(new URL(base), confidential.client_id, undefined, auth, { execute: [client.allowInsecureRequests] });
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: CALLBACK,
        scope: 'openid email knowledge_bases:read',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
        state,
        nonce,
      });
      const tokens = await client.authorizationCodeGrant(config, await browserAuthorize(url), { pkceCodeVerifier: verifier, expectedState: state, expectedNonce: nonce, idTokenExpected: true });
      expect(tokens.claims()).toMatchObject({ sub: a.ownerId, aud: confidential.client_id, nonce });
      const info = await client.fetchUserInfo(config, tokens.access_token, a.ownerId);
      expect(info.email).toBe(a.ownerEmail);
      expect(info.name, 'no profile scope, no name').toBeUndefined();
      const renewed = await client.refreshTokenGrant(config, tokens.refresh_token!);
      await client.tokenRevocation(config, renewed.access_token);
      await expect(client.refreshTokenGrant(config, renewed.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });
    });
  }

  it('a wrong or missing secret is invalid_client (401, WWW-Authenticate: Basic)', async () => {
    const { base } = fixture;
    const config = await client.discovery(new URL(base), confidential.client_id, undefined, client.ClientSecretBasic(`cs_${'x'.repeat(43)}`), { execute: [client.allowInsecureRequests] });
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid', code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    const callback = await browserAuthorize(url);
    // openid-client surfaces the 401's `WWW-Authenticate: Basic` challenge; the RFC 6749 body is checked in token.test.ts.
    await expect(client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: client.skipStateCheck })).rejects.toMatchObject({
      status: 401,
      name: 'WWWAuthenticateChallengeError',
    });
  });
});

describe('what a token issued to a client may do', () => {
  async function tokenFor(scope: string) {
    const { base } = fixture;
    const config = await client.discovery(new URL(base), publicClient.client_id, undefined, client.None(), { execute: [client.allowInsecureRequests] });
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope, code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    return client.authorizationCodeGrant(config, await browserAuthorize(url), { pkceCodeVerifier: verifier, expectedState: client.skipStateCheck });
  }

  it('acts as the user limited to the granted scopes (the owner granting knowledge_bases:read reads memories, nothing more)', async () => {
    const tokens = await tokenFor('openid knowledge_bases:read');
    expect((await api('/api/v1/memories', tokens.access_token)).status).toBe(200);
    const write = await api('/api/v1/memories', tokens.access_token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x' }) });
    expect(write.status).toBe(403);
    expect((await api('/api/v1/api-keys/', tokens.access_token)).status, 'admin was not granted').toBe(403);
    expect((await api('/api/v1/documents/', tokens.access_token)).status, 'documents:read was not granted').toBe(403);
    const rename = await api('/api/auth/me', tokens.access_token, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'pwned' }) });
    expect(rename.status, 'no app changes the account').toBe(403);
    expect((await api('/api/auth/me', tokens.access_token)).status, 'the profile is read through userinfo, by scope').toBe(403);
    expect((await api('/api/auth/verify', tokens.access_token)).status, 'no scope grants the role').toBe(403);
  });

  it('never more than the role: a viewer granting knowledge_bases:write gets no write', async () => {
    const { t, base } = fixture;
    const viewer = await fixture.a.userToken('viewer');
    const viewerCookie = await sessionCookieFor(t, base, viewer.token);
    const config = await client.discovery(new URL(base), publicClient.client_id, undefined, client.None(), { execute: [client.allowInsecureRequests] });
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, { redirect_uri: CALLBACK, scope: 'openid knowledge_bases:read knowledge_bases:write', code_challenge: await client.calculatePKCECodeChallenge(verifier), code_challenge_method: 'S256' });
    const tokens = await client.authorizationCodeGrant(config, await browserAuthorize(url, viewerCookie), { pkceCodeVerifier: verifier, expectedState: client.skipStateCheck });
    expect(tokens.scope, 'what the viewer granted').toBe('openid knowledge_bases:read knowledge_bases:write');
    expect((await api('/api/v1/memories', tokens.access_token)).status).toBe(200);
    const write = await api('/api/v1/memories', tokens.access_token, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'x' }) });
    expect(write.status, "the viewer's role holds no write").toBe(403);
  });

  it('without openid, userinfo is refused (403) and no ID token is issued', async () => {
    const tokens = await tokenFor('knowledge_bases:read');
    expect(tokens.id_token).toBeUndefined();
    expect((await api('/api/auth/userinfo', tokens.access_token)).status).toBe(403);
  });

  it('an app token never starts a browser session', async () => {
    const tokens = await tokenFor('openid');
    const res = await fixture.t.app.inject({ method: 'POST', url: '/api/auth/session/create', headers: { origin: fixture.base }, payload: { access_token: tokens.access_token } });
    expect(res.statusCode).toBe(401);
  });
});

describe('docs/oauth.md', () => {
  it('quotes docs/examples/sign-in-with-platform.ts verbatim (the file the test above runs)', async () => {
    const { readFile } = await import('node:fs/promises');
    const doc = await readFile(new URL('../../../docs/oauth.md', import.meta.url), 'utf8');
    const example = await readFile(new URL('../../../docs/examples/sign-in-with-platform.ts', import.meta.url), 'utf8');
    expect(doc).toContain(`\`\`\`ts\n${example}\`\`\``);
  });
});
