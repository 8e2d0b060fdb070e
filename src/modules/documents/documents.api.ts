import { Type } from 'typebox';
import { Uuid } from '../../platform/http/schemas.js';

/** TypeBox schemas of the documents endpoints: validation, types and the OpenAPI document in one place. */

const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
const Time = Type.String({ format: 'date-time' });
export const Status = Type.Union([
  Type.Literal('pending'),
  Type.Literal('parsing'),
  Type.Literal('indexing'),
  Type.Literal('indexed'),
  Type.Literal('error'),
]);

/** Documented only: the parts are read by upload.ts, not validated as a body (see the route). */
export const UploadBody = Type.Object({
  file: Type.String({ format: 'binary', description: 'The document (PDF, DOCX, XLSX, CSV, TXT, MD, MDX, HTML)' }),
  memory_id: Type.Optional(Type.String({ format: 'uuid', description: 'Put the document in this memory' })),
  folder_id: Type.Optional(Type.String({ format: 'uuid', description: 'Put the document in this folder' })),
  tags: Type.Optional(Type.String({ description: 'Repeated, comma-separated or a JSON array; at most 50 tags of 64 characters' })),
});

/** The connector item a document is kept in sync with; null for an uploaded document. */
const DocumentSource = Type.Union([
  Type.Object({
    connector_id: Uuid,
    external_id: Type.String({ description: "The item's id in its source: a URL, an object key, a path under the folder, a drive item id" }),
    url: Type.Union([Type.String(), Type.Null()], { description: 'Where people open the original (http(s)); null for a folder' }),
  }),
  Type.Null(),
]);

export const DocumentParams = Type.Object({ document_id: Uuid });
export const JobParams = Type.Object({ job_id: Uuid });

export const UploadResponse = Type.Object({
  document_id: Uuid,
  status: Status,
  filename: Type.String(),
  mime_type: Type.String(),
  size_bytes: Type.Integer(),
  memory_id: Nullable(Uuid),
  folder_id: Nullable(Uuid),
  tags: Type.Array(Type.String()),
  created_at: Time,
});

export const DocumentResponse = Type.Object({
  document_id: Uuid,
  status: Status,
  memory_id: Nullable(Uuid),
  folder_id: Nullable(Uuid),
  filename: Type.String(),
  mime_type: Type.String(),
  chunk_count: Type.Integer(),
  ai_description: Nullable(Type.String()),
  ai_description_original: Nullable(Type.String()),
  tags: Type.Array(Type.String()),
  size_bytes: Type.Integer(),
  sha256: Type.String(),
  page_count: Type.Union([Type.Integer(), Type.Null()]),
  error: Nullable(Type.String()),
  indexed_at: Nullable(Time),
  batch_id: Nullable(Uuid),
  source: DocumentSource,
  created_at: Time,
  updated_at: Time,
});

// A property with a default is optional: Ajv fills the default in, and the document must not call it required.
export const ListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 10 })),
  status: Type.Optional(Status),
  memory_id: Type.Optional(Uuid),
  folder_id: Type.Optional(Type.Union([Uuid, Type.Literal('null')], { description: 'A folder id, or `null` for documents in no folder' })),
  search: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive substring of the filename (empty: no filter)' })),
});

export const DocumentList = Type.Object({
  items: Type.Array(DocumentResponse),
  total: Type.Integer(),
  skip: Type.Integer(),
  limit: Type.Integer(),
  page: Type.Integer(),
  page_size: Type.Integer(),
});

export const JobResponse = Type.Object({
  job_id: Uuid,
  document_id: Uuid,
  source: Type.String(),
  status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempts: Type.Integer(),
  error: Nullable(Type.String()),
  warnings: Type.Array(Type.String()),
  provider: Nullable(Type.String()),
  model: Nullable(Type.String()),
  dimensions: Type.Union([Type.Integer(), Type.Null()]),
  chunk_count: Type.Union([Type.Integer(), Type.Null()]),
  stats: Type.Record(Type.String(), Type.Number()),
  created_at: Time,
  started_at: Nullable(Time),
  finished_at: Nullable(Time),
});

export const ChunkResponse = Type.Object({
  chunk_id: Uuid,
  index: Type.Integer(),
  text: Type.String(),
  token_count: Type.Integer(),
  page: Type.Union([Type.Integer(), Type.Null()]),
  section: Nullable(Type.String()),
  sheet: Nullable(Type.String()),
  char_start: Type.Integer(),
  char_end: Type.Integer(),
});

export const ReindexQuery = Type.Object({
  source: Type.Optional(Type.Union([Type.Literal('admin'), Type.Literal('rag'), Type.Literal('api')], { default: 'api' })),
});
export const ReindexResponse = Type.Object({ job_id: Uuid, document_id: Uuid, status: Status });

export const DescriptionBody = Type.Object({ description: Type.String({ maxLength: 10_000 }) }, { required: ['description'] });
export const TagsBody = Type.Object({ tags: Type.Array(Type.String({ maxLength: 1000 }), { maxItems: 1000 }) });

export const PatchBody = Type.Object(
  {
    filename: Type.Optional(Type.String({ minLength: 1, maxLength: 1000 })),
    folder_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
    memory_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
  },
  { additionalProperties: false },
);

export const ProgressResponse = Type.Object({
  pending: Type.Integer(),
  parsing: Type.Integer(),
  indexing: Type.Integer(),
  indexed: Type.Integer(),
  error: Type.Integer(),
  total: Type.Integer(),
  in_progress: Type.Integer({ description: 'pending + parsing + indexing' }),
});

export const Profile = Type.Object({
  chunk_size: Type.Integer({ minimum: 64, maximum: 8192 }),
  chunk_overlap: Type.Integer({ minimum: 0, maximum: 4096, description: 'At most chunk_size / 2' }),
  embedding_model: Type.Union([Type.String({ minLength: 1, maxLength: 200 }), Type.Null()], {
    description: "null (or an empty string): the tenant's default embedding model, else the built-in offline embedder",
  }),
  parallelism: Type.Integer({ minimum: 1, maximum: 32 }),
  text_search_config: Type.Optional(
    Type.Union([Type.Literal('english'), Type.Literal('simple')], {
      default: 'english',
      description:
        "How NEW chunks are indexed for full-text search: 'english' (the default: stemmed, English stop words dropped) or " +
        "'simple' (words as written, any language). Chunks already indexed keep theirs until the document is reindexed.",
    }),
  ),
  ai_descriptions: Type.Optional(
    Type.Boolean({
      default: false,
      description:
        "true: the tenant's default chat model writes each document's ai_description (the beginning of every document is sent to its provider); " +
        'false (the default): an extractive description, no model call',
    }),
  ),
});
export const ProfileResponse = Type.Object({
  chunk_size: Type.Integer(),
  chunk_overlap: Type.Integer(),
  embedding_model: Type.Union([Type.String(), Type.Null()]),
  parallelism: Type.Integer(),
  text_search_config: Type.Union([Type.Literal('english'), Type.Literal('simple')]),
  ai_descriptions: Type.Boolean(),
  updated_at: Type.Union([Time, Type.Null()]),
});
