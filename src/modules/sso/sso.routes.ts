import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { respond, route, type Route } from '../../platform/http/route.js';
import type { Database } from '../../platform/db/database.js';
import {
  AdminConsentCallbackQuery,
  AdminConsentQuery,
  AdminConsentResult,
  AdminConsentUrl,
  AuthorizationUrl,
  AuthorizeQuery,
  CallbackQuery,
  Deleted,
  DiscoveryReport,
  OptionalTenantQuery,
  PlatformStatus,
  Provider,
  ProviderInput,
  ProviderList,
  ProviderPath,
  PublicProviderList,
  SettingsInput,
  SignedIn,
  TenantPath,
  TenantQuery,
  TestConfigRequest,
} from './sso.api.js';
import type { ProvidersService } from './providers.service.js';
import type { SignInService } from './sign-in.service.js';
import type { AdminConsentService } from './admin-consent.service.js';
import { assertCallerTenant } from './tenant-match.js';

const tags = ['sso'];
const ADMIN_NOTE =
  'The SPEC declares no bearer for this route; this service requires the bearer of an admin of the tenant (a user with the admin or owner role, or an `admin`-scoped API key). ';
const TENANT_NOTE = '`tenant_id` in the query must name the caller\'s tenant (id or slug), else 404 `tenant_not_found`.';

export interface SsoRouteServices {
  db: Pick<Database, 'system'>;
  providers: ProvidersService;
  signIn: SignInService;
  adminConsent: AdminConsentService;
}

export function ssoRoutes({ db, providers, signIn, adminConsent }: SsoRouteServices): Route[] {
  return [
    route({
      method: 'GET',
      url: '/api/auth/sso/providers/:tenant_id',
      tags,
      summary: "A tenant's enabled SSO providers, for its login page",
      description: 'Only `provider_id` and `name` of enabled providers. An unknown tenant has none (the answer does not tell tenants apart).',
      auth: auth.public("the login page lists a tenant's sign-in buttons before anyone is signed in"),
      params: TenantPath,
      responses: { 200: PublicProviderList, 422: ErrorBody },
      handler: ({ params }) => providers.publicList(params.tenant_id),
    }),
    route({
      method: 'GET',
      url: '/api/auth/sso/providers',
      tags,
      summary: "The tenant's SSO providers, whole (never the client secret)",
      auth: auth.scopes('admin'),
      responses: { 200: ProviderList },
      handler: ({ tenant }) => providers.list(tenant),
    }),
    route({
      method: 'POST',
      url: '/api/auth/sso/providers',
      tags,
      summary: 'Create or replace an SSO provider',
      description:
        ADMIN_NOTE +
        'Without `provider_id` a provider is created (`client_secret` required); with it, that provider is replaced by the body (an omitted `client_secret` keeps the stored one). ' +
        'The issuer passes the same address policy as provider base URLs (PROVIDER_ALLOW_PRIVATE_URLS, PROVIDER_ALLOWED_HOSTS) and must be https unless SSO_ALLOW_HTTP_ISSUERS. ' +
        'Creating, changing or turning on a provider with `link_existing_by_email` is for owners only (403 `owner_required`). ' +
        TENANT_NOTE,
      auth: auth.scopes('admin'),
      query: OptionalTenantQuery,
      body: ProviderInput,
      responses: { 200: Provider, 404: ErrorBody },
      handler: async ({ tenant, principal, query, body }) => {
        await assertCallerTenant(db, principal.tenantId, query.tenant_id);
        return providers.save(tenant, principal, body);
      },
    }),
    route({
      method: 'DELETE',
      url: '/api/auth/sso/providers/:provider_id',
      tags,
      summary: 'Delete an SSO provider',
      description: ADMIN_NOTE + 'Its pending sign-ins end with it; links of users to the issuer stay (they only work through a provider of that issuer). ' + TENANT_NOTE,
      auth: auth.scopes('admin'),
      params: ProviderPath,
      query: TenantQuery,
      responses: { 200: Deleted, 404: ErrorBody },
      handler: async ({ tenant, principal, params, query }) => {
        await assertCallerTenant(db, principal.tenantId, query.tenant_id);
        return providers.remove(tenant, principal, params.provider_id);
      },
    }),
    route({
      method: 'POST',
      url: '/api/auth/sso/providers/:provider_id/test',
      tags,
      summary: "Try a provider: discovery and the IdP's keys",
      description: ADMIN_NOTE + 'Runs discovery and fetches the JWKS through the guarded client; IdP problems are reported in `errors` with `ok: false`, not as an HTTP error. ' + TENANT_NOTE,
      auth: auth.scopes('admin'),
      params: ProviderPath,
      query: TenantQuery,
      responses: { 200: DiscoveryReport, 404: ErrorBody },
      handler: async ({ tenant, principal, params, query }) => {
        await assertCallerTenant(db, principal.tenantId, query.tenant_id);
        return providers.test(tenant, params.provider_id);
      },
    }),
    route({
      method: 'POST',
      url: '/api/auth/sso/test-config',
      tags,
      summary: 'Try an issuer before saving a provider',
      description: ADMIN_NOTE + 'As the provider test, for an issuer not saved yet. ' + TENANT_NOTE,
      auth: auth.scopes('admin'),
      query: OptionalTenantQuery,
      body: TestConfigRequest,
      responses: { 200: DiscoveryReport, 404: ErrorBody },
      handler: async ({ principal, query, body }) => {
        await assertCallerTenant(db, principal.tenantId, query.tenant_id);
        return providers.testConfig(body);
      },
    }),
    route({
      method: 'GET',
      url: '/api/auth/sso/platform-status',
      tags,
      summary: "Whether the caller's tenant signs in through SSO",
      auth: auth.scopes(),
      responses: { 200: PlatformStatus },
      handler: ({ tenant }) => providers.status(tenant),
    }),
    route({
      method: 'PUT',
      url: '/api/auth/sso/settings',
      tags,
      summary: 'Require SSO for the tenant (or not)',
      description:
        'With `enforced: true`, password and code sign-in are refused to everyone but owners (403 `sso_required`, naming the SSO routes); ' +
        'signed-in sessions continue until their tokens end. Needs an enabled provider (409 `sso_not_configured`).',
      auth: auth.scopes('admin'),
      body: SettingsInput,
      responses: { 200: PlatformStatus, 409: ErrorBody },
      handler: ({ tenant, principal, body }) => providers.setEnforcement(tenant, principal, body.enforced),
    }),
    route({
      method: 'GET',
      url: '/api/auth/sso/idp/authorize',
      tags,
      summary: 'Start a sign-in at an identity provider',
      description:
        'Answers the IdP URL to send the browser to. PKCE verifier, state and nonce are kept server-side for 10 minutes, single use. ' +
        'Sets the `sso_binding` cookie (HttpOnly, path /api/auth/sso/idp, 10 minutes): the callback starts the session cookie only for the browser that brings it back. ' +
        '`redirect_uri` must equal PUBLIC_BASE_URL/api/auth/sso/idp/callback, the console\'s PUBLIC_BASE_URL/admin/sso/callback, or a URL in SSO_REDIRECT_URIS; `next_url` must be a path on this site or a URL on a first-party origin.',
      auth: auth.public('starts a sign-in: the person is not signed in yet'),
      query: AuthorizeQuery,
      responses: { 200: AuthorizationUrl, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 502: ErrorBody },
      handler: async ({ query }) => {
        const { body, setCookie } = await signIn.authorize(query);
        return respond(200, body, { 'set-cookie': setCookie, 'cache-control': 'no-store' });
      },
    }),
    route({
      method: 'GET',
      url: '/api/auth/sso/idp/callback',
      tags,
      summary: "Finish a sign-in with the identity provider's answer",
      description:
        'Pass on the query the IdP sent to the redirect URI (`state`, `code` or `error`, and `iss`). The state is spent at once (single use). ' +
        'openid-client checks state, PKCE, the ID token\'s signature, issuer, audience, expiry and nonce. The person is found by (issuer, sub); ' +
        'else linked by verified e-mail when the provider allows it; else created just in time when allowed. ' +
        'Answers the login token pair; when the request carries the `sso_binding` cookie that authorize set, it also sets the `service_session` cookie (a browser that did not start the sign-in is never signed in by cookie).',
      auth: auth.public('the single-use state and the IdP\'s code are the credential'),
      query: CallbackQuery,
      responses: { 200: SignedIn, 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody, 502: ErrorBody },
      handler: async ({ query, ip, headers }) => {
        const { body, setCookies } = await signIn.callback(query, { ip, headers });
        return respond(200, body, { 'cache-control': 'no-store', ...(setCookies.length ? { 'set-cookie': setCookies } : {}) });
      },
    }),
    route({
      method: 'GET',
      url: '/api/auth/sso/idp/admin-consent',
      tags,
      summary: "Start an IdP admin's consent for the whole IdP tenant (multi-tenant IdPs such as Entra ID)",
      description:
        'Answers the consent URL for an admin of the IdP tenant. Providers of other IdPs need `admin_consent_url` (400 `sso_admin_consent_unsupported`). ' +
        '`idp_tenant` names the IdP tenant (default: the one recorded): the Entra consent URL is then that tenant\'s own, and the callback records only an answer naming it. ' +
        'For a provider that links existing accounts by e-mail the consent is for owners only (403 `owner_required`, API keys included) and names the tenant (422 without one).',
      auth: auth.scopes('admin'),
      query: AdminConsentQuery,
      responses: { 200: AdminConsentUrl, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      handler: ({ tenant, principal, query }) => adminConsent.start(tenant, principal, query),
    }),
    route({
      method: 'GET',
      url: '/api/auth/sso/idp/admin-consent/callback',
      tags,
      summary: "Record the IdP's admin consent",
      description:
        'The IdP\'s answer (`state`, `admin_consent`, `tenant`, or `error`). A granted consent records the IdP tenant on the provider; a refused one answers `granted: false`. ' +
        'The answer is not signed, so its `tenant` must be the one the consent was started for (400 `sso_admin_consent_tenant_mismatch`, nothing recorded); ' +
        'a provider that links existing accounts by e-mail records only a consent an owner started (403 `owner_required`). A changed IdP tenant ends the links made through the provider.',
      auth: auth.public("the single-use state is the credential; the IdP sends the admin's browser here"),
      query: AdminConsentCallbackQuery,
      responses: { 200: AdminConsentResult, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      handler: ({ query }) => adminConsent.callback(query),
    }),
  ];
}
