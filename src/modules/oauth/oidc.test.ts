import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { authorize, pkcePair, registerClient, sessionCookieFor, token, withOAuthService, type RegisteredClient } from '../../../test/support/oauth.js';

/** OpenID Connect metadata, the signing key, and RP-initiated logout. */
const fixture = withOAuthService();
const CB = 'https://app.example.test/cb';
const BYE = 'https://app.example.test/signed-out';
let client: RegisteredClient;

beforeAll(async () => {
  client = await registerClient(fixture.t, { redirectUris: [CB], postLogoutUris: [BYE], firstParty: true });
});

const get = (url: string, headers: Record<string, string> = {}) => fixture.t.app.inject({ method: 'GET', url, headers });

describe('metadata', () => {
  it('both well-known documents: issuer, endpoints, S256 only, iss in responses, public CORS', async () => {
    const oidc = await get('/.well-known/openid-configuration');
    const rfc8414 = await get('/.well-known/oauth-authorization-server');
    expect(oidc.statusCode).toBe(200);
    expect(rfc8414.json()).toEqual(oidc.json());
    const base = fixture.base;
    expect(oidc.json()).toMatchObject({
      issuer: base,
      // The console's page when it is built (the default; config.test covers both), else the JSON endpoint.
      authorization_endpoint: fixture.t.config.oauth.authorizationPageUrl,
      token_endpoint: `${base}/api/auth/token`,
      userinfo_endpoint: `${base}/api/auth/userinfo`,
      jwks_uri: `${base}/.well-known/jwks.json`,
      revocation_endpoint: `${base}/api/auth/revoke`,
      end_session_endpoint: `${base}/api/auth/logout`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      id_token_signing_alg_values_supported: ['ES256'],
      authorization_response_iss_parameter_supported: true,
    });
    expect(oidc.json().grant_types_supported).not.toContain('password');
    expect(oidc.json().token_endpoint_auth_methods_supported).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(oidc.headers['access-control-allow-origin']).toBe('*');
    expect(oidc.headers['access-control-allow-credentials']).toBeUndefined();
  });

  it('the signing key is generated once, published with its kid, and kept sealed', async () => {
    const first = (await get('/.well-known/jwks.json')).json();
    const second = (await get('/.well-known/jwks.json')).json();
    expect(second).toEqual(first);
    expect(first.keys).toHaveLength(1);
    const [key] = first.keys;
    expect(key).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(key.d, 'no private part in the JWKS').toBeUndefined();
    const rows = await fixture.t.service.ctx.db.system((tx) => tx.execute(sql`SELECT kid, private_sealed FROM oauth_signing_keys`)) as unknown as { rows: { kid: string; private_sealed: string }[] };
    expect(rows.rows).toHaveLength(1);
    expect(rows.rows[0].kid).toBe(key.kid);
    expect(rows.rows[0].private_sealed).toMatch(/^v1\./);
    expect(rows.rows[0].private_sealed).not.toContain(key.x);
  });
});

describe('GET /api/auth/logout', () => {
  /** A session, and a grant made from it (its refresh token). */
  async function signedInWithGrant() {
    const { t, a, base } = fixture;
    const cookie = await sessionCookieFor(t, base, a.token);
    const { verifier, challenge } = pkcePair();
    const code = (await authorize(t, { client_id: client.client_id, redirect_uri: CB, code_challenge: challenge, code_challenge_method: 'S256' }, { cookie })).json().code;
    const tokens = (await token(t, { grant_type: 'authorization_code', code, redirect_uri: CB, client_id: client.client_id, code_verifier: verifier })).json();
    return { cookie, tokens };
  }
  const logout = (query: string, headers: Record<string, string>) => get(`/api/auth/logout${query}`, { origin: fixture.base, ...headers });
  const check = (cookie: string) => fixture.t.app.inject({ method: 'POST', url: '/api/auth/session/check', headers: { cookie, origin: fixture.base }, payload: {} });

  it('ends the session and its grants, clears the cookie, and redirects to a registered post-logout URI with state', async () => {
    const { cookie, tokens } = await signedInWithGrant();
    const res = await logout(`?client_id=${client.client_id}&redirect_uri=${encodeURIComponent(BYE)}&state=s1`, { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ redirect_to: `${BYE}?state=s1`, signed_out: true });
    expect(String(res.headers['set-cookie'])).toMatch(/^service_session=; .*Max-Age=0/);
    expect((await check(cookie)).json().authenticated).toBe(false);
    const refreshed = await token(fixture.t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: client.client_id });
    expect(refreshed.json().error).toBe('invalid_grant');
    const info = await get('/api/auth/userinfo', { authorization: `Bearer ${tokens.access_token}` });
    expect(info.statusCode).toBe(401);
  });

  it('redirect_to is null for anything but a registered post-logout URI (no open redirect)', async () => {
    for (const target of ['https://evil.example/', `${BYE}/`, CB, 'javascript:alert(1)', `${BYE}#x`]) {
      const { cookie } = await signedInWithGrant();
      const res = await logout(`?client_id=${client.client_id}&redirect_uri=${encodeURIComponent(target)}`, { cookie });
      expect(res.json(), target).toEqual({ redirect_to: null, signed_out: true });
    }
    expect((await logout(`?redirect_uri=${encodeURIComponent(BYE)}`, {})).json()).toEqual({ redirect_to: null, signed_out: false });
    expect((await logout(`?client_id=cl_AAAAAAAAAAAAAAAAAAAAAA&post_logout_redirect_uri=${encodeURIComponent(BYE)}`, {})).json().redirect_to).toBeNull();
    expect((await logout(`?client_id=${client.client_id}&post_logout_redirect_uri=${encodeURIComponent(BYE)}`, {})).json().redirect_to).toBe(BYE);
  });

  it('a page of another site cannot sign the browser out (403), nor a cross-site navigation', async () => {
    const { cookie } = await signedInWithGrant();
    expect((await logout('', { cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await get('/api/auth/logout', { cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' })).statusCode).toBe(403);
    expect((await check(cookie)).json().authenticated).toBe(true);
  });

  it('bad input: doubled or over-long parameters are 422', async () => {
    expect((await logout(`?client_id=a&client_id=b`, {})).statusCode).toBe(422);
    expect((await logout(`?redirect_uri=${'x'.repeat(3000)}`, {})).statusCode).toBe(422);
  });
});

describe('the OpenAPI document', () => {
  it('documents form bodies on the token and revocation endpoints', async () => {
    const doc = (await get('/openapi.json')).json();
    for (const path of ['/api/auth/token', '/api/auth/revoke']) {
      expect(Object.keys(doc.paths[path].post.requestBody.content).sort()).toEqual(['application/json', 'application/x-www-form-urlencoded']);
    }
  });
});
