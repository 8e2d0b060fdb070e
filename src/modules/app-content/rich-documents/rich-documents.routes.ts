import { Type } from 'typebox';
import { auth } from '../../apps/index.js';
import { ErrorBody } from '../../../platform/http/schemas.js';
import { created, noContent, route, type Route } from '../../../platform/http/route.js';
import { answeringConflicts } from '../conflict.js';
import {
  CreateDocumentBody,
  DocumentConflict,
  DocumentParams,
  ListDocumentsQuery,
  RestoreBody,
  RichDocument,
  RichDocumentSummary,
  SearchSettings,
  UpdateDocumentBody,
  VersionDetail,
  VersionParams,
  VersionsQuery,
  VersionSummary,
} from './rich-documents.api.js';
import type { RichDocumentsService } from './rich-documents.service.js';
import type { SearchSettingsService } from './search-settings.service.js';

const tags = ['rich-documents'];
const P = '/api/v1/rich-documents';
// Apps with their grant; the tenant's users and keys as with any document (read, or ingest to write).
const READ = auth.appOrTenant(['rich_documents:read'], 'documents:read');
const WRITE = auth.appOrTenant(['rich_documents:write'], 'documents:ingest');
const ListOfSummaries = Type.Object({ items: Type.Array(RichDocumentSummary), total: Type.Integer(), skip: Type.Integer(), limit: Type.Integer() });
const ListOfVersions = Type.Object({ items: Type.Array(VersionSummary), total: Type.Integer(), skip: Type.Integer(), limit: Type.Integer() });

/** Rich documents: `/api/v1/rich-documents/…`, and the tenant's choice to make them searchable. */
export function richDocumentsRoutes(docs: RichDocumentsService, settings: SearchSettingsService): Route[] {
  return [
    route({
      method: 'GET',
      url: `${P}/settings`,
      tags,
      summary: "Whether the tenant's rich documents are copied into its documents for search",
      auth: auth.user('admin'),
      responses: { 200: SearchSettings },
      handler: ({ tenant }) => settings.get(tenant),
    }),
    route({
      method: 'PUT',
      url: `${P}/settings`,
      tags,
      summary: "Make the tenant's rich documents searchable, or stop",
      description:
        'On: every rich document of an active installation gets a plain-text copy among the tenant\'s documents (tagged `rich-document` and `app:<manifest id>`), ' +
        'indexed like an upload and kept in step with each new version, so search and chat find it. Off: every copy is deleted. Off by default.',
      auth: auth.user('admin'),
      body: SearchSettings,
      responses: { 200: SearchSettings },
      handler: ({ tenant, principal, body }) => settings.put(tenant, principal, body.index_in_search),
    }),
    route({
      method: 'POST',
      url: `${P}/`,
      tags,
      summary: 'Create a rich document (version 1)',
      description:
        'The content is a node tree (see the schema); a malformed one is 422 `rich_document_invalid` with every problem and its JSON pointer, an over-large one 413. ' +
        'Users and API keys name the installation with `installation_id`.',
      auth: WRITE,
      body: CreateDocumentBody,
      responses: { 201: RichDocument, 404: ErrorBody, 409: ErrorBody, 413: ErrorBody, 422: ErrorBody },
      handler: async ({ tenant, principal, body }) => created(await docs.create(tenant, principal, body)),
    }),
    route({
      method: 'GET',
      url: `${P}/`,
      tags,
      summary: 'List rich documents, most recently changed first (without content)',
      auth: READ,
      query: ListDocumentsQuery,
      responses: { 200: ListOfSummaries, 404: ErrorBody },
      handler: ({ tenant, principal, query }) => docs.list(tenant, principal, query),
    }),
    route({
      method: 'GET',
      url: `${P}/:document_id`,
      tags,
      summary: 'A rich document at its current version',
      auth: READ,
      params: DocumentParams,
      responses: { 200: RichDocument, 404: ErrorBody },
      handler: ({ tenant, principal, params }) => docs.get(tenant, principal, params.document_id),
    }),
    route({
      method: 'PUT',
      url: `${P}/:document_id`,
      tags,
      summary: 'Save a new version (immutable)',
      description: 'When `base_version` is not the current version: 409 `rich_document_version_conflict`, with the document as it is now in `current`. Versions beyond the manifest\'s `max_versions` are dropped, oldest first.',
      auth: WRITE,
      params: DocumentParams,
      body: UpdateDocumentBody,
      responses: { 200: RichDocument, 404: ErrorBody, 409: DocumentConflict, 413: ErrorBody, 422: ErrorBody },
      handler: ({ tenant, principal, params, body }) => answeringConflicts(() => docs.update(tenant, principal, params.document_id, body)),
    }),
    route({
      method: 'DELETE',
      url: `${P}/:document_id`,
      tags,
      summary: 'Delete a rich document with its versions (and its search copy)',
      auth: WRITE,
      params: DocumentParams,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        await docs.remove(tenant, principal, params.document_id);
        return noContent();
      },
    }),
    route({
      method: 'GET',
      url: `${P}/:document_id/versions`,
      tags,
      summary: 'The versions kept, newest first (without content)',
      auth: READ,
      params: DocumentParams,
      query: VersionsQuery,
      responses: { 200: ListOfVersions, 404: ErrorBody },
      handler: ({ tenant, principal, params, query }) => docs.versions(tenant, principal, params.document_id, query.skip, query.limit),
    }),
    route({
      method: 'GET',
      url: `${P}/:document_id/versions/:version`,
      tags,
      summary: 'One version, with its content',
      auth: READ,
      params: VersionParams,
      responses: { 200: VersionDetail, 404: ErrorBody },
      handler: ({ tenant, principal, params }) => docs.version(tenant, principal, params.document_id, params.version),
    }),
    route({
      method: 'POST',
      url: `${P}/:document_id/versions/:version/restore`,
      tags,
      summary: 'Restore a version: its title and content become a new version',
      auth: WRITE,
      params: VersionParams,
      body: RestoreBody,
      responses: { 200: RichDocument, 404: ErrorBody, 409: DocumentConflict },
      handler: ({ tenant, principal, params, body }) =>
        answeringConflicts(() => docs.restore(tenant, principal, params.document_id, params.version, body?.base_version)),
    }),
  ];
}
