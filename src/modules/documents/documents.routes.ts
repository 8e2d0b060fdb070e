import { Type } from 'typebox';
import { auth, type App } from '../../platform/http/types.js';
import { principalOf } from '../../platform/auth/plugin.js';
import { ErrorBody, ListOf, SkipLimitQuery, authErrors } from '../../platform/http/pagination.js';
import {
  ByConversationQuery,
  ChunkResponse,
  ConversationParams,
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
import { contentDisposition } from './content-disposition.js';

const tags = ['documents'];
const P = '/api/v1/documents';
const read = { auth: auth.scopes('documents:read') };
const write = { auth: auth.scopes('documents:ingest') };
const admin = { auth: auth.scopes('admin') };
const notFound = { 404: ErrorBody };

/** Static paths (indexation-progress, indexing-profile, jobs/…, by-conversation/…) win over /{document_id} in the router. */
export function documentsRoutes(service: DocumentsService, ingest: IngestService) {
  return (app: App) => {
    app.post(
      `${P}/`,
      {
        schema: {
          tags,
          summary: 'Upload a document (multipart `file`, optional `memory_id`, `folder_id`, `tags`); indexing continues in the background',
          consumes: ['multipart/form-data'],
          // Documented only: the parts are streamed by readUploadForm, not validated as a body.
          body: UploadBody,
          response: { 201: UploadResponse, ...notFound, 413: ErrorBody, 415: ErrorBody, ...authErrors },
        },
        validatorCompiler: () => () => true,
        config: write,
      },
      async (request, reply) => {
        const form = await readUploadForm(request);
        const doc = await ingest.ingestFile(principalOf(request), form, { memoryId: form.memoryId, folderId: form.folderId, tags: form.tags });
        return reply.code(201).send(presentUpload(doc));
      },
    );

    app.get(
      `${P}/`,
      { schema: { tags, summary: 'List documents (legacy page/page_size paging)', querystring: ListQuery, response: { 200: DocumentList, ...authErrors } }, config: read },
      async (request) => {
        const { folder_id, memory_id, status, search, page, page_size } = request.query;
        return service.list(principalOf(request).tenantId, {
          page: page ?? 1,
          page_size: page_size ?? 10,
          status,
          memoryId: memory_id,
          folderId: folder_id === 'null' ? null : folder_id,
          search,
        });
      },
    );

    app.get(
      `${P}/indexation-progress`,
      { schema: { tags, summary: 'Tenant-wide document counts by indexing status', response: { 200: ProgressResponse, ...authErrors } }, config: read },
      async (request) => service.progress(principalOf(request).tenantId),
    );

    app.get(
      `${P}/indexing-profile`,
      { schema: { tags, summary: "The tenant's indexing profile (chunking, embedding model, parallelism)", response: { 200: ProfileResponse, ...authErrors } }, config: admin },
      async (request) => service.getProfile(principalOf(request).tenantId),
    );

    app.put(
      `${P}/indexing-profile`,
      { schema: { tags, summary: "Replace the tenant's indexing profile; applies to jobs started afterwards", body: Profile, response: { 200: ProfileResponse, ...authErrors } }, config: admin },
      async (request) => service.putProfile(principalOf(request).tenantId, request.body),
    );

    app.get(
      `${P}/jobs/:job_id`,
      { schema: { tags, summary: 'One indexing job', params: JobParams, response: { 200: JobResponse, ...notFound, ...authErrors } }, config: read },
      async (request) => service.job(principalOf(request).tenantId, request.params.job_id),
    );

    app.get(
      `${P}/by-conversation/:conversation_id`,
      {
        schema: {
          tags,
          summary: 'Documents cited by the messages of a conversation',
          params: ConversationParams,
          querystring: ByConversationQuery,
          response: { 200: Type.Object({ items: Type.Array(DocumentResponse), total: Type.Integer() }), ...authErrors },
        },
        config: read,
      },
      // Conversations do not exist yet, so no document can have been cited in one.
      async () => ({ items: [], total: 0 }),
    );

    app.get(
      `${P}/:document_id`,
      { schema: { tags, summary: 'One document', params: DocumentParams, response: { 200: DocumentResponse, ...notFound, ...authErrors } }, config: read },
      async (request) => service.get(principalOf(request).tenantId, request.params.document_id),
    );

    app.patch(
      `${P}/:document_id`,
      {
        schema: { tags, summary: 'Rename a document or move it to another folder or memory (null detaches)', params: DocumentParams, body: PatchBody, response: { 200: DocumentResponse, ...notFound, ...authErrors } },
        config: write,
      },
      async (request) => service.update(principalOf(request).tenantId, request.params.document_id, request.body),
    );

    app.delete(
      `${P}/:document_id`,
      { schema: { tags, summary: 'Delete a document, its chunks, vectors and files; irreversible', params: DocumentParams, response: { 204: Type.Null(), ...notFound, ...authErrors } }, config: write },
      async (request, reply) => {
        await service.remove(principalOf(request).tenantId, request.params.document_id);
        return reply.code(204).send(null);
      },
    );

    app.get(
      `${P}/:document_id/chunks/`,
      { schema: { tags, summary: 'The chunks of a document, in order', params: DocumentParams, querystring: SkipLimitQuery, response: { 200: ListOf(ChunkResponse), ...notFound, ...authErrors } }, config: read },
      async (request) => service.chunks(principalOf(request).tenantId, request.params.document_id, request.query.skip, request.query.limit),
    );

    app.get(
      `${P}/:document_id/jobs`,
      { schema: { tags, summary: 'Every indexing attempt of a document, oldest first', params: DocumentParams, response: { 200: Type.Array(JobResponse), ...notFound, ...authErrors } }, config: read },
      async (request) => service.jobs(principalOf(request).tenantId, request.params.document_id),
    );

    app.post(
      `${P}/:document_id/reindex`,
      { schema: { tags, summary: 'Queue a new indexing job; the current chunks stay searchable until it finishes', params: DocumentParams, querystring: ReindexQuery, response: { 202: ReindexResponse, ...notFound, ...authErrors } }, config: write },
      async (request, reply) => reply.code(202).send(await service.reindex(principalOf(request), request.params.document_id, request.query.source ?? 'api')),
    );

    app.patch(
      `${P}/:document_id/ai-description`,
      {
        schema: { tags, summary: 'Override the AI description (form field `description`); the replaced text is kept as ai_description_original', consumes: ['application/x-www-form-urlencoded'], params: DocumentParams, body: DescriptionBody, response: { 200: DocumentResponse, ...notFound, ...authErrors } },
        config: write,
      },
      async (request) => service.setDescription(principalOf(request).tenantId, request.params.document_id, request.body.description),
    );

    app.patch(
      `${P}/:document_id/tags`,
      { schema: { tags, summary: 'Replace the tag set (trimmed, de-duplicated, at most 50 tags of 64 characters)', params: DocumentParams, body: TagsBody, response: { 200: DocumentResponse, ...notFound, ...authErrors } }, config: write },
      async (request) => service.setTags(principalOf(request).tenantId, request.params.document_id, request.body.tags),
    );

    app.get(
      `${P}/:document_id/file`,
      { schema: { tags, summary: 'The original file as uploaded', params: DocumentParams, response: { 200: Type.Any({ description: 'The file bytes' }), ...notFound, ...authErrors } }, config: read },
      async (request, reply) => {
        const file = await service.file(principalOf(request).tenantId, request.params.document_id);
        return reply
          .header('content-type', file.mimeType)
          .header('content-length', String(file.size))
          .header('content-disposition', contentDisposition(file.filename))
          .header('x-content-type-options', 'nosniff')
          .header('cache-control', 'private, no-store')
          .send(file.stream);
      },
    );
  };
}
