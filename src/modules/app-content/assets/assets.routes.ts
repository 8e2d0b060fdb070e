import { Type } from 'typebox';
import { auth } from '../../apps/index.js';
import { ErrorBody } from '../../../platform/http/schemas.js';
import { created, noContent, route, type Route } from '../../../platform/http/route.js';
import { Asset, AssetList, AssetParams, AttachBody, ListAssetsQuery, UploadForm, UploadQuery } from './assets.api.js';
import type { AssetsService } from './assets.service.js';
import { sendAsset } from './content.http.js';
import { readAssetUpload } from './upload.http.js';

const tags = ['app-assets'];
const P = '/api/v1/app-assets';
// Apps with their grant; the tenant's users and keys as with any document (read, or ingest to write).
const READ = auth.appOrTenant(['app_assets:read'], 'documents:read');
const WRITE = auth.appOrTenant(['app_assets:write'], 'documents:ingest');

/** App assets: `/api/v1/app-assets/…`, files within the limits an app's manifest declares. */
export function assetsRoutes(assets: AssetsService): Route[] {
  return [
    route({
      method: 'POST',
      url: `${P}/`,
      tags,
      summary: 'Upload a file (multipart `file`)',
      description:
        "Limits are the manifest's `assets`: a file over `max_file_bytes` is 413 `app_asset_too_large`, the installation's files over `max_total_bytes` 413 " +
        '`app_asset_storage_quota`, a type not among `allowed_mime_types` 415 `app_asset_type_not_allowed`: the type is read from the bytes (magic numbers), ' +
        'not taken from the name or the declared Content-Type. An app that declared no `assets` gets 404 `app_assets_disabled`. ' +
        'Users and API keys name the installation with `?installation_id=`.',
      auth: WRITE,
      query: UploadQuery,
      // Documented only: the part is streamed and checked by readAssetUpload (upload.http.ts).
      openapi: { body: { content: { 'multipart/form-data': { schema: UploadForm } } } },
      responses: { 201: Asset, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      handler: async ({ http, tenant, principal, query }) => {
        const target = await assets.target(tenant, principal, query.installation_id);
        return created(await assets.upload(tenant, target, await readAssetUpload(http, target.maxFileBytes)));
      },
    }),
    route({
      method: 'GET',
      url: `${P}/`,
      tags,
      summary: 'List files, newest first',
      auth: READ,
      query: ListAssetsQuery,
      responses: { 200: AssetList, 404: ErrorBody },
      handler: ({ tenant, principal, query }) => assets.list(tenant, principal, query),
    }),
    route({
      method: 'GET',
      url: `${P}/:asset_id`,
      tags,
      summary: "A file's metadata and attachments",
      auth: READ,
      params: AssetParams,
      responses: { 200: Asset, 404: ErrorBody },
      handler: ({ tenant, principal, params }) => assets.get(tenant, principal, params.asset_id),
    }),
    route({
      method: 'GET',
      url: `${P}/:asset_id/content`,
      tags,
      summary: "A file's bytes (always an attachment; nosniff; sandboxed by CSP)",
      auth: READ,
      params: AssetParams,
      responses: { 200: Type.Any({ description: 'The file bytes' }), 404: ErrorBody },
      handler: async ({ http, tenant, principal, params }) => sendAsset(http, await assets.content(tenant, principal, params.asset_id)),
    }),
    route({
      method: 'DELETE',
      url: `${P}/:asset_id`,
      tags,
      summary: 'Delete a file (and its attachments)',
      auth: WRITE,
      params: AssetParams,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        await assets.remove(tenant, principal, params.asset_id);
        return noContent();
      },
    }),
    route({
      method: 'POST',
      url: `${P}/:asset_id/attach`,
      tags,
      summary: 'Attach the file to a record or a rich document of the same installation',
      description: 'The record or document then lists the file in its `asset_ids`. Attaching twice changes nothing.',
      auth: WRITE,
      params: AssetParams,
      body: AttachBody,
      responses: { 200: Asset, 404: ErrorBody },
      handler: ({ tenant, principal, params, body }) => assets.attachTo(tenant, principal, params.asset_id, body),
    }),
  ];
}
