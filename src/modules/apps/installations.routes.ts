import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { ListOf } from '../../platform/http/pagination.js';
import { created, route, type Route } from '../../platform/http/route.js';
import { AppParams, Installation, InstallationParams, InstallationsQuery, InstallBody, UninstallQuery, UpgradeBody } from './apps.api.js';
import type { InstallationsService } from './installations.service.js';

const tags = ['apps'];
const ADMIN = auth.user('admin');

/** Installing, upgrading and uninstalling apps (admins); every user of the tenant may list them. */
export function installationsRoutes(installations: InstallationsService): Route[] {
  return [
    route({
      method: 'POST',
      url: '/api/v1/app-platform/apps/:app_id/install',
      tags,
      summary: "Install the app's latest version, granting what its manifest asks for or a subset of it",
      auth: ADMIN,
      params: AppParams,
      body: InstallBody,
      responses: { 201: Installation, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      handler: async ({ tenant, principal, params, body }) => created(await installations.install(tenant, principal, params.app_id, body.permissions)),
    }),
    route({
      method: 'GET',
      url: '/api/v1/app-platform/installations/',
      tags,
      summary: "The tenant's app installations (active ones unless `status` says otherwise)",
      auth: auth.user(),
      query: InstallationsQuery,
      responses: { 200: ListOf(Installation) },
      handler: ({ tenant, query }) => installations.list(tenant, query.status, query.skip, query.limit),
    }),
    route({
      method: 'GET',
      url: '/api/v1/app-platform/installations/:installation_id',
      tags,
      summary: 'One installation',
      auth: auth.user(),
      params: InstallationParams,
      responses: { 200: Installation, 404: ErrorBody },
      handler: ({ tenant, params }) => installations.get(tenant, params.installation_id),
    }),
    route({
      method: 'PATCH',
      url: '/api/v1/app-platform/installations/:installation_id',
      tags,
      summary: "Upgrade to the app's latest version",
      description:
        'Grants carry over. When the latest version asks for permissions the installed one did not, the upgrade needs them granted ' +
        'in `permissions` (409 `app_upgrade_needs_consent` otherwise). App tokens issued before hold the new grants at once.',
      auth: ADMIN,
      params: InstallationParams,
      body: UpgradeBody,
      responses: { 200: Installation, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody },
      handler: ({ tenant, principal, params, body }) => installations.upgrade(tenant, principal, params.installation_id, body.permissions),
    }),
    route({
      method: 'DELETE',
      url: '/api/v1/app-platform/installations/:installation_id',
      tags,
      summary: "Uninstall: every launch and app token stops at once; the app's data is purged after the retention period, or now with purge=true",
      auth: ADMIN,
      params: InstallationParams,
      query: UninstallQuery,
      responses: { 200: Installation, 404: ErrorBody },
      handler: ({ tenant, principal, params, query }) => installations.uninstall(tenant, principal, params.installation_id, query.purge),
    }),
  ];
}
