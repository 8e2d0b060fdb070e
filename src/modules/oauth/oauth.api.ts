import { Type, type TSchema } from 'typebox';
import { Secret } from '../../platform/http/secret.js';

const text = (maxLength: number, description?: string) => Type.String({ minLength: 1, maxLength, ...(description ? { description } : {}) });

// The authorization request (query of GET /api/auth/authorize, SPEC table; `nonce` for OpenID Connect).
const authorizationFields = {
  client_id: text(200, 'The client application id'),
  redirect_uri: text(2000, 'Callback URL: exactly one of the URIs the client registered'),
  response_type: Type.Optional(text(50, 'Must be `code` (the default)')),
  scope: Type.Optional(text(1000, 'Space-separated scopes; default `openid profile email`')),
  state: Type.Optional(text(1024, "Echoed in the redirect: the client's CSRF protection")),
  code_challenge: Type.Optional(text(128, 'PKCE challenge: base64url(SHA-256(code_verifier)), 43 characters; required of public clients')),
  code_challenge_method: Type.Optional(text(20, 'PKCE method: S256 (plain is refused)')),
  nonce: Type.Optional(text(512, 'OpenID Connect: echoed in the ID token')),
  user_id: Type.Optional(text(200, 'Set after login: must be the signed-in user, else `login_required`; never authenticates')),
  tenant_id: Type.Optional(text(200, "Set after login: must be the signed-in user's tenant (id or slug), else `login_required`")),
};
export const AuthorizeQuery = Type.Object(authorizationFields);

export const ConsentRequest = Type.Object({
  ...authorizationFields,
  approve: Type.Optional(Type.Boolean({ description: 'false denies: the answer is an `access_denied` error redirect. Default true' })),
});

export const SilentAuthRequest = Type.Object({
  client_id: authorizationFields.client_id,
  redirect_uri: authorizationFields.redirect_uri,
  scope: authorizationFields.scope,
  state: authorizationFields.state,
  nonce: authorizationFields.nonce,
  code_challenge: text(128, 'PKCE challenge (S256)'),
  code_challenge_method: text(20, 'S256'),
});

const ClientSummary = Type.Object({ client_id: Type.String(), name: Type.String(), logo_url: Type.Union([Type.String(), Type.Null()]) });

export const AuthorizeResponse = Type.Union([
  Type.Object({
    status: Type.Literal('ok'),
    redirect_to: Secret(Type.String({ description: '`redirect_uri?code=…&state=…&iss=…`: send the browser there' })),
    code: Secret(Type.String()),
    state: Type.Union([Type.String(), Type.Null()]),
    expires_in: Type.Integer({ description: 'Seconds the code stays redeemable' }),
  }),
  Type.Object({ status: Type.Literal('error'), redirect_to: Type.String({ description: '`redirect_uri?error=…&error_description=…&state=…&iss=…`' }) }),
  Type.Object({ status: Type.Literal('login_required'), login_url: Type.Optional(Type.String({ description: 'Our login page, returning here afterwards' })) }),
  Type.Object({ status: Type.Literal('consent_required'), client: ClientSummary, scopes: Type.Array(Type.String()) }),
], { description: 'Always 200: the login page follows `redirect_to` itself (this endpoint never redirects)' });

/** RFC 6749 §5.2 error body (also the 400 of the authorization endpoint for an untrusted client or redirect URI). */
export const OAuthErrorBody = Type.Object({ error: Type.String(), error_description: Type.Optional(Type.String()) });

export const TokenRequest = Type.Object({
  grant_type: text(100, '`authorization_code` or `refresh_token`'),
  code: Type.Optional(text(4096)),
  redirect_uri: Type.Optional(text(2000, 'authorization_code: the redirect_uri of the authorization request')),
  client_id: Type.Optional(text(200)),
  client_secret: Type.Optional(Type.String({ maxLength: 200, description: 'client_secret_post (or send HTTP Basic: client_secret_basic)' })),
  code_verifier: Type.Optional(text(200, 'PKCE verifier: required when a challenge was sent, refused when none was')),
  refresh_token: Type.Optional(text(4096)),
  scope: Type.Optional(text(1000, 'refresh_token: a subset of the granted scopes for the new access token')),
});

export const TokenResponse = Type.Object({
  access_token: Secret(Type.String()),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer(),
  refresh_token: Secret(Type.String()),
  scope: Type.String(),
  id_token: Type.Optional(Secret(Type.String({ description: 'With scope openid, on the authorization_code grant' }))),
});

export const RevokeRequest = Type.Object({
  token: text(4096),
  token_type_hint: Type.Optional(text(50)),
  client_id: Type.Optional(text(200)),
  client_secret: Type.Optional(Type.String({ maxLength: 200 })),
});

export const UserInfo = Type.Object({
  sub: Type.String(),
  email: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  tenant_id: Type.String(),
});

export const LogoutQuery = Type.Object({
  client_id: Type.Optional(text(200)),
  redirect_uri: Type.Optional(text(2000, "Where to go after sign-out: honoured only when it is one of the client's registered post-logout URIs")),
  post_logout_redirect_uri: Type.Optional(text(2000, 'OpenID Connect name of redirect_uri')),
  state: Type.Optional(text(1024, 'Appended to the redirect')),
});
export const LogoutResponse = Type.Object({
  redirect_to: Type.Union([Type.String(), Type.Null()]),
  signed_out: Type.Boolean(),
});

const open = (properties: Record<string, TSchema>) => Type.Object(properties, { additionalProperties: true });
export const ServerMetadata = open({
  issuer: Type.String(),
  authorization_endpoint: Type.String(),
  token_endpoint: Type.String(),
  userinfo_endpoint: Type.String(),
  jwks_uri: Type.String(),
  revocation_endpoint: Type.String(),
  end_session_endpoint: Type.String(),
  response_types_supported: Type.Array(Type.String()),
  response_modes_supported: Type.Array(Type.String()),
  grant_types_supported: Type.Array(Type.String()),
  code_challenge_methods_supported: Type.Array(Type.String()),
  token_endpoint_auth_methods_supported: Type.Array(Type.String()),
  revocation_endpoint_auth_methods_supported: Type.Array(Type.String()),
  scopes_supported: Type.Array(Type.String()),
  subject_types_supported: Type.Array(Type.String()),
  id_token_signing_alg_values_supported: Type.Array(Type.String()),
  claims_supported: Type.Array(Type.String()),
  authorization_response_iss_parameter_supported: Type.Boolean(),
  request_parameter_supported: Type.Boolean(),
  request_uri_parameter_supported: Type.Boolean(),
});
export const Jwks = Type.Object({ keys: Type.Array(open({ kty: Type.String(), kid: Type.String(), alg: Type.String(), use: Type.String() })) });

// Clients.

const Uris = (description: string) => Type.Array(text(2000), { maxItems: 20, description });
const Scopes = Type.Array(text(100), { maxItems: 50, description: 'Scopes the client may ask for (openid required); default every scope but admin' });

export const CreateClient = Type.Object({
  name: text(200),
  redirect_uris: Uris('Exact callback URLs: https, http on a loopback host, or a private-use scheme (com.example.app:/cb); no fragment, no user-info'),
  post_logout_redirect_uris: Type.Optional(Uris('Where GET /api/auth/logout may send the browser afterwards')),
  confidential: Type.Optional(Type.Boolean({ description: 'true: a server-side app with a secret (shown once). false (default): a public app (PKCE S256 required)' })),
  logo_url: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  scopes: Type.Optional(Scopes),
});
export const PatchClient = Type.Object({
  name: Type.Optional(text(200)),
  redirect_uris: Type.Optional(Uris('Replaces the list')),
  post_logout_redirect_uris: Type.Optional(Uris('Replaces the list')),
  logo_url: Type.Optional(Type.Union([Type.String({ maxLength: 2000 }), Type.Null()])),
  scopes: Type.Optional(Scopes),
});

export const Client = Type.Object({
  client_id: Type.String(),
  name: Type.String(),
  logo_url: Type.Union([Type.String(), Type.Null()]),
  redirect_uris: Type.Array(Type.String()),
  post_logout_redirect_uris: Type.Array(Type.String()),
  confidential: Type.Boolean(),
  first_party: Type.Boolean(),
  scopes: Type.Array(Type.String()),
  tenant_id: Type.Union([Type.String(), Type.Null()]),
  token_endpoint_auth_method: Type.String({ description: '`client_secret_basic` (or `client_secret_post`) for confidential clients, `none` for public ones' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});
export const CreatedClient = Type.Object({
  ...Client.properties,
  client_secret: Secret(Type.Union([Type.String(), Type.Null()], { description: 'Shown once; null for a public client' })),
});
export const ClientIdParams = Type.Object({ client_id: Type.String({ minLength: 1, maxLength: 200 }) });
export const PublicClients = Type.Object({ items: Type.Array(Type.Object({ client_id: Type.String(), name: Type.String(), logo_url: Type.Union([Type.String(), Type.Null()]), first_party: Type.Boolean() })) });
