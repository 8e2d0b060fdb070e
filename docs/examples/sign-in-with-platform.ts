// "Sign in with our platform" for a third-party web app, with openid-client v6 (npm install openid-client).
// The app's server runs this; the browser only ever sees our pages and the app's own callback URL.
import * as client from 'openid-client';

export interface PlatformApp {
  /** The platform's PUBLIC_BASE_URL, e.g. new URL('https://kb.example.com'). */
  issuer: URL;
  clientId: string;
  /** Confidential apps only (a server that can keep a secret); public apps use PKCE alone. */
  clientSecret?: string;
  /** Exactly one of the redirect URIs registered for the client. */
  redirectUri: string;
  /** Development against http://127.0.0.1 only. */
  allowHttp?: boolean;
}

/** Discovery: reads /.well-known/openid-configuration once (cache the result). */
export async function connect(app: PlatformApp): Promise<client.Configuration> {
  const auth = app.clientSecret ? client.ClientSecretBasic(app.clientSecret) : client.None();
  return client.discovery(app.issuer, app.clientId, undefined, auth, app.allowHttp ? { execute: [client.allowInsecureRequests] } : undefined);
}

/** What the app keeps in its own session between the two steps (never in a URL). */
export interface PendingSignIn {
  verifier: string;
  state: string;
  nonce: string;
}

/** Step 1: where to send the browser, and what to remember. */
export async function startSignIn(config: client.Configuration, app: PlatformApp, scope = 'openid profile email'): Promise<{ url: URL; pending: PendingSignIn }> {
  const pending = { verifier: client.randomPKCECodeVerifier(), state: client.randomState(), nonce: client.randomNonce() };
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: app.redirectUri,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(pending.verifier),
    code_challenge_method: 'S256',
    state: pending.state,
    nonce: pending.nonce,
  });
  return { url, pending };
}

/**
 * Step 2, on the app's callback (`redirectUri?code=…&state=…&iss=…`): checks state, iss and PKCE, redeems the code,
 * verifies the ID token (signature, issuer, audience, nonce, at_hash) and reads the user.
 */
export async function finishSignIn(config: client.Configuration, callbackUrl: URL, pending: PendingSignIn) {
  const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
    pkceCodeVerifier: pending.verifier,
    expectedState: pending.state,
    expectedNonce: pending.nonce,
    idTokenExpected: true,
  });
  const claims = tokens.claims()!;
  const user = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
  return { tokens, claims, user };
}

/** Later: a fresh access token (the refresh token rotates: keep the new one). */
export function refresh(config: client.Configuration, refreshToken: string) {
  return client.refreshTokenGrant(config, refreshToken);
}

/** Sign-out in the app: revoke the refresh token (its whole grant ends, access tokens included). */
export function signOut(config: client.Configuration, refreshToken: string) {
  return client.tokenRevocation(config, refreshToken, { token_type_hint: 'refresh_token' });
}
