import type { Config } from '../../platform/config.js';
import { auth } from '../../platform/http/types.js';
import { respond, route, type Route } from '../../platform/http/route.js';
import { Jwks, ServerMetadata } from './oauth.api.js';
import { KNOWN_SCOPES } from './scopes.js';
import { ID_TOKEN_ALG, type SigningKeys } from './signing-keys.js';

/** Public documents any origin may read (no credentials involved), cached briefly. */
const PUBLIC_DOCUMENT = { 'access-control-allow-origin': '*', 'cache-control': 'public, max-age=300' };
const CLIENT_AUTH = ['client_secret_basic', 'client_secret_post', 'none'];

/** OpenID Connect Discovery 1.0 and RFC 8414 metadata: one document, published under both well-known names. */
function serverMetadata(config: Pick<Config, 'publicBaseUrl' | 'oauth'>) {
  const base = config.publicBaseUrl;
  return {
    issuer: base,
    authorization_endpoint: config.oauth.authorizationPageUrl,
    token_endpoint: `${base}/api/auth/token`,
    userinfo_endpoint: `${base}/api/auth/userinfo`,
    jwks_uri: `${base}/.well-known/jwks.json`,
    revocation_endpoint: `${base}/api/auth/revoke`,
    end_session_endpoint: `${base}/api/auth/logout`,
    response_types_supported: ['code'],
    response_modes_supported: ['query'],
    grant_types_supported: ['authorization_code', 'refresh_token'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: CLIENT_AUTH,
    revocation_endpoint_auth_methods_supported: CLIENT_AUTH,
    scopes_supported: [...KNOWN_SCOPES],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: [ID_TOKEN_ALG],
    claims_supported: ['sub', 'iss', 'aud', 'exp', 'iat', 'auth_time', 'nonce', 'at_hash', 'azp', 'email', 'name', 'tenant_id'],
    authorization_response_iss_parameter_supported: true,
    request_parameter_supported: false,
    request_uri_parameter_supported: false,
  };
}

export function discoveryRoutes(config: Pick<Config, 'publicBaseUrl' | 'oauth'>, keys: SigningKeys): Route[] {
  const metadata = serverMetadata(config);
  const document = (url: string, summary: string) =>
    route({
      method: 'GET',
      url,
      tags: ['oauth'],
      summary,
      auth: auth.public('authorization server metadata is public by definition'),
      responses: { 200: ServerMetadata },
      handler: async () => respond(200, metadata, PUBLIC_DOCUMENT),
    });
  return [
    document('/.well-known/openid-configuration', 'OpenID Connect discovery document'),
    document('/.well-known/oauth-authorization-server', 'OAuth 2.0 authorization server metadata (RFC 8414): S256 only, iss in responses (RFC 9207)'),
    route({
      method: 'GET',
      url: '/.well-known/jwks.json',
      tags: ['oauth'],
      summary: 'The public keys that sign ID tokens (JWKS)',
      auth: auth.public('public keys are public by definition'),
      responses: { 200: Jwks },
      handler: async () => respond(200, await keys.jwks(), PUBLIC_DOCUMENT),
    }),
  ];
}
