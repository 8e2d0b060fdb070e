import { Type } from 'typebox';
import { auth } from '../../platform/http/types.js';
import { ErrorBody } from '../../platform/http/schemas.js';
import { ListOf, SkipLimitQuery } from '../../platform/http/pagination.js';
import { created, noContent, respond, route } from '../../platform/http/route.js';
import {
  ChunkResponse,
  DescriptionBody,
  DocumentList,
  DocumentParams,
  DocumentResponse,
  JobParams,
  JobResponse,
  ListQuery,
  PatchBody,
  Profile,
  ProfileResponse,
  ProgressResponse,
  ReindexQuery,
  ReindexResponse,
  TagsBody,
  UploadBody,
  UploadResponse,
} from './documents.api.js';
import { presentUpload } from './documents.present.js';
import type { DocumentsService } from './documents.service.js';
import type { IngestService } from './ingest.js';
import { readUploadForm } from './upload.http.js';
import { sendDocumentFile } from './file.http.js';

const tags = ['documents'];
const P = '/api/v1/documents';
// Apps granted documents:read may read too (auth.platform); writes stay with users and keys.
const read = auth.platform('documents:read');
const write = auth.scopes('documents:ingest');
const admin = auth.scopes('admin');

/**
 * Static paths (indexation-progress, indexing-profile, jobs/…) win over /{document_id} in the router. The documents a
 * conversation cited (`by-conversation/{conversation_id}`) are served by the chat module, which owns conversations.
 */
export function documentsRoutes(service: DocumentsService, ingest: IngestService, deps: { tmpRoot: string }) {
  return [
    route({
      method: 'POST',
      url: `${P}/`,
      tags,
      summary: 'Upload a document (multipart `file`, optional `memory_id`, `folder_id`, `tags`); indexing continues in the background',
      auth: write,
      // Documented only: the file is streamed to disk and checked by readUploadForm (upload.http.ts).
      openapi: { body: { content: { 'multipart/form-data': { schema: UploadBody } } } },
      responses: { 201: UploadResponse, 404: ErrorBody, 413: ErrorBody, 415: ErrorBody },
      handler: async ({ http, tenant, principal }) => {
        const form = await readUploadForm(http, { tmpRoot: deps.tmpRoot });
        try {
          return created(presentUpload(await ingest.ingestFile(tenant, principal, form, { memoryId: form.memoryId, folderId: form.folderId, tags: form.tags })));
        } finally {
          await form.cleanup();
        }
      },
    }),
    route({
      method: 'GET',
      url: `${P}/`,
      tags,
      summary: 'List documents (legacy page/page_size paging)',
      auth: read,
      query: ListQuery,
      responses: { 200: DocumentList },
      handler: ({ tenant, query: { folder_id, memory_id, status, search, page, page_size } }) =>
        service.list(tenant, {
          page: page ?? 1,
          page_size: page_size ?? 10,
          status,
          memoryId: memory_id,
          folderId: folder_id === 'null' ? null : folder_id,
          search,
        }),
    }),
    route({
      method: 'GET',
      url: `${P}/indexation-progress`,
      tags,
      summary: 'Tenant-wide document counts by indexing status',
      auth: read,
      responses: { 200: ProgressResponse },
      handler: ({ tenant }) => service.progress(tenant),
    }),
    route({
      method: 'GET',
      url: `${P}/indexing-profile`,
      tags,
      summary: "The tenant's indexing profile (chunking, embedding model, full-text configuration, parallelism)",
      auth: admin,
      responses: { 200: ProfileResponse },
      handler: ({ tenant }) => service.getProfile(tenant),
    }),
    route({
      method: 'PUT',
      url: `${P}/indexing-profile`,
      tags,
      summary: "Replace the tenant's indexing profile; applies to jobs started afterwards",
      auth: admin,
      body: Profile,
      responses: { 200: ProfileResponse },
      handler: ({ tenant, body }) => service.putProfile(tenant, body),
    }),
    route({
      method: 'GET',
      url: `${P}/jobs/:job_id`,
      tags,
      summary: 'One indexing job',
      auth: read,
      params: JobParams,
      responses: { 200: JobResponse, 404: ErrorBody },
      handler: ({ tenant, params }) => service.job(tenant, params.job_id),
    }),
    route({
      method: 'GET',
      url: `${P}/:document_id`,
      tags,
      summary: 'One document',
      auth: read,
      params: DocumentParams,
      responses: { 200: DocumentResponse, 404: ErrorBody },
      handler: ({ tenant, params }) => service.get(tenant, params.document_id),
    }),
    route({
      method: 'PATCH',
      url: `${P}/:document_id`,
      tags,
      summary: 'Rename a document or move it to another folder or memory (null detaches)',
      auth: write,
      params: DocumentParams,
      body: PatchBody,
      responses: { 200: DocumentResponse, 404: ErrorBody },
      handler: ({ tenant, params, body }) => service.update(tenant, params.document_id, body),
    }),
    route({
      method: 'DELETE',
      url: `${P}/:document_id`,
      tags,
      summary: 'Delete a document, its chunks, vectors and files; irreversible',
      auth: write,
      params: DocumentParams,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, params }) => {
        await service.remove(tenant, params.document_id);
        return noContent();
      },
    }),
    route({
      method: 'GET',
      url: `${P}/:document_id/chunks/`,
      tags,
      summary: 'The chunks of a document, in order',
      auth: read,
      params: DocumentParams,
      query: SkipLimitQuery,
      responses: { 200: ListOf(ChunkResponse), 404: ErrorBody },
      handler: ({ tenant, params, query }) => service.chunks(tenant, params.document_id, query.skip, query.limit),
    }),
    route({
      method: 'GET',
      url: `${P}/:document_id/jobs`,
      tags,
      summary: 'Every indexing attempt of a document, oldest first',
      auth: read,
      params: DocumentParams,
      responses: { 200: Type.Array(JobResponse), 404: ErrorBody },
      handler: ({ tenant, params }) => service.jobs(tenant, params.document_id),
    }),
    route({
      method: 'POST',
      url: `${P}/:document_id/reindex`,
      tags,
      summary: 'Queue a new indexing job; the current chunks stay searchable until it finishes',
      auth: write,
      params: DocumentParams,
      query: ReindexQuery,
      responses: { 202: ReindexResponse, 404: ErrorBody },
      handler: async ({ tenant, params, query }) => respond(202, await service.reindex(tenant, params.document_id, query.source ?? 'api')),
    }),
    route({
      method: 'PATCH',
      url: `${P}/:document_id/ai-description`,
      tags,
      summary: 'Override the AI description (form field `description`); the replaced text is kept as ai_description_original',
      auth: write,
      params: DocumentParams,
      body: DescriptionBody,
      openapi: { consumes: ['application/x-www-form-urlencoded'] },
      responses: { 200: DocumentResponse, 404: ErrorBody },
      handler: ({ tenant, params, body }) => service.setDescription(tenant, params.document_id, body.description),
    }),
    route({
      method: 'PATCH',
      url: `${P}/:document_id/tags`,
      tags,
      summary: 'Replace the tag set (trimmed, de-duplicated, at most 50 tags of 64 characters)',
      auth: write,
      params: DocumentParams,
      body: TagsBody,
      responses: { 200: DocumentResponse, 404: ErrorBody },
      handler: ({ tenant, params, body }) => service.setTags(tenant, params.document_id, body.tags),
    }),
    route({
      method: 'GET',
      url: `${P}/:document_id/file`,
      tags,
      summary: 'The original file as uploaded',
      auth: read,
      params: DocumentParams,
      responses: { 200: Type.Any({ description: 'The file bytes' }), 404: ErrorBody },
      handler: async ({ http, tenant, params }) => sendDocumentFile(http, await service.file(tenant, params.document_id)),
    }),
  ];
}
