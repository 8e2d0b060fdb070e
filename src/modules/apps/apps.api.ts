import { Type } from 'typebox';
import { MANIFEST_PERMISSIONS } from '../../platform/auth/app-permissions.js';
import { defaultsOptional, Uuid } from '../../platform/http/schemas.js';
import { SkipLimitQuery } from '../../platform/http/pagination.js';
import { Secret } from '../../platform/http/secret.js';

const Permission = Type.Union(MANIFEST_PERMISSIONS.map((p) => Type.Literal(p)));
const Permissions = (description: string) => Type.Array(Permission, { uniqueItems: true, maxItems: MANIFEST_PERMISSIONS.length, description });
const Timestamp = Type.String({ format: 'date-time' });
const NullableTimestamp = Type.Union([Timestamp, Type.Null()]);

export const ManifestSchemaQuery = defaultsOptional(
  Type.Object({ manifest_version: Type.Integer({ minimum: 1, maximum: 1, default: 1, description: 'Version of the manifest format' }) }),
);
export const JsonSchemaDocument = Type.Object({}, { additionalProperties: true, description: 'A JSON Schema (draft 2020-12) document' });

export const ManifestBody = Type.Object({
  manifest: Type.Unknown({ description: 'The manifest.json object (see GET /api/v1/app-platform/manifest-schema)' }),
});

const ManifestIssue = Type.Object({
  path: Type.String({ description: 'JSON pointer into the manifest ("" is the whole manifest)' }),
  message: Type.String(),
});
export const ValidationResult = Type.Object({ valid: Type.Boolean(), errors: Type.Array(ManifestIssue) });

export const ImportedApp = Type.Object({
  app_id: Uuid,
  id: Type.String({ description: "The manifest's reverse-DNS id" }),
  version: Type.String(),
  version_id: Uuid,
  name: Type.String(),
  new_app: Type.Boolean({ description: 'true for a first import, false for a new version of an app already imported' }),
  permissions: Type.Array(Type.String()),
});

const Publisher = Type.Object({ name: Type.String(), url: Type.Optional(Type.String()), email: Type.Optional(Type.String()) });
export const App = Type.Object({
  app_id: Uuid,
  id: Type.String(),
  name: Type.String(),
  description: Type.Union([Type.String(), Type.Null()]),
  publisher: Type.Union([Publisher, Type.Null()]),
  icon_url: Type.Union([Type.String(), Type.Null()]),
  latest_version: Type.String(),
  permissions: Type.Array(Type.String(), { description: 'What the latest version asks for' }),
  published: Type.Boolean({ description: 'Published by the operator: every tenant may install it' }),
  owned: Type.Boolean({ description: 'Imported by this tenant' }),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const AppVersion = Type.Object({
  version_id: Uuid,
  version: Type.String(),
  permissions: Type.Array(Type.String()),
  entry_url: Type.String(),
  created_at: Timestamp,
});
export const AppDetail = Type.Object({
  ...App.properties,
  versions: Type.Array(AppVersion, { description: 'Newest first' }),
  manifest: Type.Object({}, { additionalProperties: true, description: 'The latest manifest' }),
  installation_id: Type.Union([Uuid, Type.Null()], { description: "This tenant's active installation, if any" }),
});

export const AppParams = Type.Object({ app_id: Uuid });

export const InstallBody = Type.Object({
  permissions: Type.Optional(Permissions('A subset of what the manifest asks for; all of it when absent')),
});
export const UpgradeBody = Type.Object({
  permissions: Type.Optional(
    Permissions('The permissions to grant the latest version (a subset of what it asks for). Needed only when it asks for more than the installed version did.'),
  ),
});
export const UninstallQuery = defaultsOptional(
  Type.Object({ purge: Type.Boolean({ default: false, description: "Delete the installation's data now instead of after the retention period" }) }),
);

export const Installation = Type.Object({
  installation_id: Uuid,
  app_id: Uuid,
  id: Type.String(),
  name: Type.String(),
  version: Type.String(),
  latest_version: Type.String(),
  upgrade_available: Type.Boolean(),
  requested_permissions: Type.Array(Type.String()),
  granted_permissions: Type.Array(Type.String()),
  entry_url: Type.String(),
  status: Type.Union([Type.Literal('active'), Type.Literal('uninstalled'), Type.Literal('purged')]),
  created_at: Timestamp,
  updated_at: Timestamp,
  uninstalled_at: NullableTimestamp,
  purge_after: NullableTimestamp,
  purged_at: NullableTimestamp,
});
export const InstallationParams = Type.Object({ installation_id: Uuid });
export const InstallationsQuery = defaultsOptional(
  Type.Object({
    ...SkipLimitQuery.properties,
    status: Type.Union([Type.Literal('active'), Type.Literal('uninstalled'), Type.Literal('purged'), Type.Literal('all')], { default: 'active' }),
  }),
);

export const LaunchTokenResponse = Type.Object({
  launch_token: Secret(Type.String({ description: 'Single use, valid 60 s, accepted only by POST /api/v1/app-platform/runtime/exchange' })),
  launch_url: Secret(Type.String({ description: 'The entry_url with the token as the launch_token query parameter' })),
  expires_in: Type.Integer({ description: 'Seconds (60)' }),
  installation_id: Uuid,
});

export const ExchangeBody = Type.Object({ launch_token: Type.String({ minLength: 1, maxLength: 200 }) });
export const ExchangeResponse = Type.Object({
  access_token: Secret(Type.String({ description: 'App access token (JWT, typ app-at+jwt); no refresh: relaunch the app for a new one' })),
  token_type: Type.Literal('Bearer'),
  expires_in: Type.Integer({ description: 'Seconds (900)' }),
  installation_id: Uuid,
  app: Type.Object({ app_id: Uuid, id: Type.String(), name: Type.String(), version: Type.String() }),
  tenant: Type.Object({ id: Uuid, name: Type.String() }),
  user: Type.Object({ id: Uuid, name: Type.String(), role: Type.String() }),
  permissions: Type.Array(Type.String({ description: "Granted at install and allowed by the user's role" })),
});
