import { Type } from 'typebox';
import { defaultsOptional, Uuid } from '../../platform/http/schemas.js';
import { Secret } from '../../platform/http/secret.js';

/** HTTP schemas of the SSO routes. */

const Url = (description: string) => Type.String({ minLength: 1, maxLength: 2048, description });
/** RFC 6749 §3.3 scope-token characters. */
const ScopeToken = Type.String({ pattern: '^[\\x21\\x23-\\x5B\\x5D-\\x7E]{1,128}$' });
const Domain = Type.String({
  maxLength: 253,
  pattern: '^(?=.{1,253}$)([A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,63}$',
  description: 'An e-mail domain such as example.com (compared case-insensitively, exactly: subdomains are not included)',
});
const JitRole = Type.Union([Type.Literal('admin'), Type.Literal('member'), Type.Literal('viewer')]);

/** Properties with a default are optional (Ajv fills them in before the handler runs). */
export const ProviderInput = defaultsOptional(Type.Object({
  provider_id: Type.Optional(Type.String({ format: 'uuid', description: 'Given: update this provider (404 when it is not one of the tenant\'s). Absent: create one.' })),
  name: Type.String({ minLength: 1, maxLength: 100, description: 'Shown on the login page' }),
  issuer: Url('The IdP\'s issuer identifier (https; discovery at issuer + /.well-known/openid-configuration). May hold "{tenantid}", completed by an admin consent.'),
  client_id: Type.String({ minLength: 1, maxLength: 512 }),
  client_secret: Type.Optional(Type.String({ minLength: 1, maxLength: 4096, description: 'Write-only; required when creating, kept when omitted on update' })),
  scopes: Type.Array(ScopeToken, { minItems: 1, maxItems: 30, default: ['openid', 'email', 'profile'], description: 'Must include openid' }),
  allowed_email_domains: Type.Array(Domain, { maxItems: 100, default: [], description: 'Domains whose people may be created just in time' }),
  jit: defaultsOptional(
    Type.Object(
      {
        enabled: Type.Boolean({ default: false }),
        default_role: Type.Optional(JitRole),
      },
      { default: { enabled: false }, description: 'Just-in-time creation of users that sign in for the first time' },
    ),
  ),
  link_existing_by_email: Type.Boolean({ default: false, description: 'Sign an existing user in when the IdP vouches (email_verified) for their e-mail; owner only' }),
  enabled: Type.Boolean({ default: true }),
  admin_consent_url: Type.Optional(Type.Union([Url('Where an IdP admin grants consent for the whole IdP tenant (derived for Entra ID issuers)'), Type.Null()])),
}));

export const Provider = Type.Object({
  provider_id: Uuid,
  name: Type.String(),
  issuer: Type.String(),
  client_id: Type.String(),
  client_secret_set: Type.Boolean(),
  client_secret_hint: Type.String({ description: 'The secret\'s last characters; the secret itself is never returned' }),
  scopes: Type.Array(Type.String()),
  allowed_email_domains: Type.Array(Type.String()),
  jit: Type.Object({ enabled: Type.Boolean(), default_role: JitRole }),
  link_existing_by_email: Type.Boolean(),
  enabled: Type.Boolean(),
  admin_consent_url: Type.Union([Type.String(), Type.Null()]),
  idp_tenant: Type.Union([Type.String(), Type.Null()], { description: 'The IdP tenant recorded by an admin consent' }),
  redirect_uri: Type.String({ description: 'Our callback URL, to register at the IdP' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
});

export const ProviderList = Type.Object({ items: Type.Array(Provider) });

export const PublicProviderList = Type.Object({
  providers: Type.Array(Type.Object({ provider_id: Uuid, name: Type.String() })),
});

export const TenantPath = Type.Object({ tenant_id: Type.String({ minLength: 1, maxLength: 100, description: 'Tenant id or slug' }) });
export const ProviderPath = Type.Object({ provider_id: Uuid });
export const TenantQuery = Type.Object({ tenant_id: Type.String({ minLength: 1, maxLength: 100, description: 'Must be the caller\'s tenant (id or slug), else 404' }) });
export const OptionalTenantQuery = Type.Object({
  tenant_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'When given, must be the caller\'s tenant (id or slug), else 404' })),
});

export const TestConfigRequest = Type.Object({
  issuer: Url('The issuer to try'),
  client_id: Type.Optional(Type.String({ maxLength: 512, description: 'Not needed for discovery; accepted for symmetry with the provider' })),
});

export const DiscoveryReport = Type.Object({
  ok: Type.Boolean(),
  issuer: Type.Union([Type.String(), Type.Null()]),
  authorization_endpoint: Type.Union([Type.String(), Type.Null()]),
  token_endpoint: Type.Union([Type.String(), Type.Null()]),
  errors: Type.Array(Type.String()),
});

export const Deleted = Type.Object({ deleted: Type.Boolean(), provider_id: Uuid });

export const PlatformStatus = Type.Object({
  enabled: Type.Boolean({ description: 'At least one enabled provider' }),
  providers: Type.Integer({ description: 'Enabled providers' }),
  enforced: Type.Boolean({ description: 'Password and code sign-in refused to everyone but owners' }),
});

export const SettingsInput = Type.Object({ enforced: Type.Boolean() });

export const AuthorizeQuery = Type.Object({
  provider_id: Uuid,
  tenant_id: Type.String({ minLength: 1, maxLength: 100, description: 'Tenant id or slug' }),
  redirect_uri: Url('PUBLIC_BASE_URL/api/auth/sso/idp/callback, the console\'s PUBLIC_BASE_URL/admin/sso/callback, or a URL registered in SSO_REDIRECT_URIS (exact match)'),
  next_url: Type.Optional(Type.String({ maxLength: 2048, description: 'A path on this site or a URL on a first-party origin; "/" when absent' })),
});

export const AuthorizationUrl = Type.Object({
  authorization_url: Type.String({ description: 'Send the browser here' }),
  state: Type.String({ description: 'Single use, 10 minutes' }),
});

export const CallbackQuery = Type.Object({
  state: Type.String({ minLength: 1, maxLength: 512 }),
  code: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  iss: Type.Optional(Type.String({ maxLength: 2048, description: 'RFC 9207: forward it as the IdP sent it' })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 2048 })),
});

export const SignedIn = Type.Object({
  access_token: Secret(Type.String()),
  refresh_token: Secret(Type.String()),
  expires_in: Type.Integer(),
  token_type: Type.String(),
  next_url: Type.String(),
});

export const AdminConsentQuery = Type.Object({
  provider_id: Uuid,
  idp_tenant: Type.Optional(
    Type.String({
      maxLength: 128,
      description: "The IdP tenant to consent for, as the IdP answers it (Entra ID: the directory's tenant id). Required for a provider that links existing accounts by e-mail unless one is recorded; defaults to the recorded one.",
    }),
  ),
});
export const AdminConsentUrl = Type.Object({
  consent_url: Type.String(),
  state: Type.String(),
  idp_tenant: Type.Union([Type.String(), Type.Null()], { description: 'The IdP tenant the callback must name, or null when any may answer' }),
});

export const AdminConsentCallbackQuery = Type.Object({
  state: Type.String({ minLength: 1, maxLength: 512 }),
  admin_consent: Type.Optional(Type.String({ maxLength: 16 })),
  tenant: Type.Optional(Type.String({ maxLength: 128 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 2048 })),
});

export const AdminConsentResult = Type.Object({
  granted: Type.Boolean(),
  idp_tenant: Type.Union([Type.String(), Type.Null()]),
  error: Type.Optional(Type.String()),
});
