import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { ListOf, SkipLimitQuery } from '../../platform/http/pagination.js';
import { created, route, type Route } from '../../platform/http/route.js';
import { App, AppDetail, AppParams, ImportedApp, JsonSchemaDocument, ManifestBody, ManifestSchemaQuery, ValidationResult } from './apps.api.js';
import type { CatalogService } from './catalog.service.js';

const tags = ['apps'];
const ADMIN = auth.user('admin');
/** Each check compiles the manifest's record schemas: a budget per tenant keeps that bounded. */
const MANIFEST_BUDGET = { policy: 'manifest_checks' as const, key: ({ principal }: { principal: { tenantId: string } }) => `tenant:${principal.tenantId}` };

/** The manifest format, manifest validation and import, and the apps a tenant can install. */
export function catalogRoutes(catalog: CatalogService): Route[] {
  return [
    route({
      method: 'GET',
      url: '/api/v1/app-platform/manifest-schema',
      tags,
      summary: 'The JSON Schema (draft 2020-12) of app manifests',
      description: 'Versioned by `manifest_version` (1). Rules a schema cannot express are stated in its descriptions and checked by validate/import.',
      auth: auth.public('the manifest format is documentation for app developers'),
      query: ManifestSchemaQuery,
      responses: { 200: JsonSchemaDocument, 422: ErrorBody },
      handler: async () => catalog.schema as unknown as Record<string, unknown>,
    }),
    route({
      method: 'POST',
      url: '/api/v1/app-platform/manifests/validate',
      tags,
      summary: 'Validate a manifest: every problem, each with its JSON pointer',
      description: 'Always 200 for a JSON body holding `manifest`: `valid` says whether it could be imported. Nothing is stored.',
      auth: ADMIN,
      body: ManifestBody,
      responses: { 200: ValidationResult, 429: ErrorBody },
      rateLimit: MANIFEST_BUDGET,
      handler: async ({ body }) => catalog.validate(body.manifest),
    }),
    route({
      method: 'POST',
      url: '/api/v1/app-platform/manifests/import',
      tags,
      summary: 'Import a manifest: a new app, or a new version of one this tenant imported',
      description:
        'A manifest that does not validate is 422 `invalid_manifest` (every problem, with `path` pointers). ' +
        'A version lower than or equal to the latest one of the same `id` in this tenant is 409 `app_version_not_newer`.',
      auth: ADMIN,
      body: ManifestBody,
      responses: { 201: ImportedApp, 409: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      rateLimit: MANIFEST_BUDGET,
      handler: async ({ tenant, principal, body }) => created(await catalog.importManifest(tenant, principal, body.manifest)),
    }),
    route({
      method: 'GET',
      url: '/api/v1/app-platform/apps/',
      tags,
      summary: "The tenant's apps and the apps published for every tenant",
      auth: ADMIN,
      query: SkipLimitQuery,
      responses: { 200: ListOf(App) },
      handler: ({ tenant, query }) => catalog.list(tenant, query.skip, query.limit),
    }),
    route({
      method: 'GET',
      url: '/api/v1/app-platform/apps/:app_id',
      tags,
      summary: 'One app, with its versions and latest manifest',
      auth: ADMIN,
      params: AppParams,
      responses: { 200: AppDetail, 404: ErrorBody },
      handler: ({ tenant, params }) => catalog.get(tenant, params.app_id),
    }),
  ];
}
