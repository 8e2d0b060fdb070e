import { Type } from 'typebox';
import { auth } from '../../apps/index.js';
import { ErrorBody } from '../../../platform/http/schemas.js';
import { noContent, respond, route, type Route } from '../../../platform/http/route.js';
import { answeringConflicts } from '../conflict.js';
import { etagOf, expectedVersion } from '../etag.js';
import {
  AppRecord,
  CollectionParams,
  CreateRecordBody,
  InstallationOnlyQuery,
  ListRecordsQuery,
  PatchRecordBody,
  RecordConflict,
  RecordList,
  RecordParams,
  ReplaceRecordBody,
} from './records.api.js';
import type { PresentedRecord } from './records.present.js';
import type { RecordsService } from './records.service.js';

const tags = ['app-data'];
const P = '/api/v1/app-data/:collection';
// Reading and deleting: the app, or a tenant admin naming the installation (oversight, export, clean-up).
// Writing: the app only, since the data's meaning and invariants are the app's.
const READ = auth.appOrTenant(['app_data:read'], 'admin');
const WRITE = auth.app('app_data:write');
const DELETE = auth.appOrTenant(['app_data:write'], 'admin');
const tenantNote = 'Users and API keys with `admin` may call it too, naming the installation with `installation_id`.';

const withEtag = (record: PresentedRecord, status = 200) => respond(status, record, { etag: etagOf(record.version) });

/** App data: `/api/v1/app-data/{collection}/…`, the JSON collections an app's manifest declares. */
export function recordsRoutes(records: RecordsService): Route[] {
  return [
    route({
      method: 'POST',
      url: `${P}/`,
      tags,
      summary: "Create a record in one of the app's collections",
      description:
        "`data` must match the collection's JSON Schema: otherwise 422 `app_record_invalid` lists every problem with its JSON `pointer`. " +
        'An undeclared collection is 404; over the installation\'s quotas: 429 `app_data_record_quota` (records) or 413 `app_data_storage_quota` (bytes); ' +
        'a record over APP_DATA_MAX_RECORD_BYTES is 413 `app_record_too_large`. The answer carries `ETag: "<version>"`.',
      auth: WRITE,
      params: CollectionParams,
      body: CreateRecordBody,
      responses: { 201: AppRecord, 404: ErrorBody, 413: ErrorBody, 422: ErrorBody, 429: ErrorBody },
      handler: async ({ tenant, principal, params, body }) => withEtag(await records.create(tenant, principal, { collection: params.collection }, body.data), 201),
    }),
    route({
      method: 'GET',
      url: `${P}/`,
      tags,
      summary: 'List records of a collection',
      description:
        'Equality filters `filter[field]=value` on the collection\'s declared indexes only (the value is read as the field\'s type: `true`, `42`, text); ' +
        'sort by `created_at` (default), `updated_at` or a declared index, `order` asc (default) or desc. ' +
        tenantNote,
      auth: READ,
      params: CollectionParams,
      query: ListRecordsQuery,
      responses: { 200: RecordList, 404: ErrorBody },
      handler: ({ tenant, principal, params, query }) =>
        records.list(tenant, principal, { collection: params.collection, installationId: query.installation_id }, query as Record<string, unknown>),
    }),
    route({
      method: 'GET',
      url: `${P}/:record_id`,
      tags,
      summary: 'One record (with `ETag: "<version>"`)',
      description: tenantNote,
      auth: READ,
      params: RecordParams,
      query: InstallationOnlyQuery,
      responses: { 200: AppRecord, 404: ErrorBody },
      handler: async ({ tenant, principal, params, query }) =>
        withEtag(await records.get(tenant, principal, { collection: params.collection, installationId: query.installation_id }, params.record_id)),
    }),
    route({
      method: 'PUT',
      url: `${P}/:record_id`,
      tags,
      summary: 'Replace a record',
      description:
        'Optimistic: send the version the change is based on as `If-Match: "<version>"` or `version`; a stale one is 409 `app_record_version_conflict` ' +
        'with the record as it is now in `current`. Without either, the write replaces whatever is there.',
      auth: WRITE,
      params: RecordParams,
      body: ReplaceRecordBody,
      responses: { 200: AppRecord, 404: ErrorBody, 409: RecordConflict, 413: ErrorBody, 422: ErrorBody },
      handler: ({ tenant, principal, params, body, headers }) => {
        const expected = expectedVersion(headers['if-match'], body.version);
        return answeringConflicts(async () => withEtag(await records.replace(tenant, principal, { collection: params.collection }, params.record_id, body.data, expected)));
      },
    }),
    route({
      method: 'PATCH',
      url: `${P}/:record_id`,
      tags,
      summary: 'Change a record with a JSON merge patch (RFC 7386)',
      description: 'The patched record must match the collection\'s schema. Optimistic like PUT (`If-Match` or `version`; stale → 409 with `current`).',
      auth: WRITE,
      params: RecordParams,
      body: PatchRecordBody,
      responses: { 200: AppRecord, 404: ErrorBody, 409: RecordConflict, 413: ErrorBody, 422: ErrorBody },
      handler: ({ tenant, principal, params, body, headers }) => {
        const expected = expectedVersion(headers['if-match'], body.version);
        return answeringConflicts(async () => withEtag(await records.patch(tenant, principal, { collection: params.collection }, params.record_id, body.data, expected)));
      },
    }),
    route({
      method: 'DELETE',
      url: `${P}/:record_id`,
      tags,
      summary: 'Delete a record (and its asset attachments; the assets stay)',
      description: `Optional precondition \`If-Match: "<version>"\` (stale → 409 with \`current\`). ${tenantNote}`,
      auth: DELETE,
      params: RecordParams,
      query: InstallationOnlyQuery,
      responses: { 204: Type.Null(), 404: ErrorBody, 409: RecordConflict },
      handler: ({ tenant, principal, params, query, headers }) => {
        const expected = expectedVersion(headers['if-match'], undefined);
        return answeringConflicts(async () => {
          await records.remove(tenant, principal, { collection: params.collection, installationId: query.installation_id }, params.record_id, expected);
          return noContent();
        });
      },
    }),
  ];
}
