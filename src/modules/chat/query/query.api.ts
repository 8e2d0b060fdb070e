import { Type, type Static } from 'typebox';
import { Citation, Source, Usage } from '../chat.api.js';
import { Uuid } from '../../../platform/http/schemas.js';

/** TypeBox schemas of POST /api/v1/chat/query: validation, types and the OpenAPI document. */

const MAX_QUERY_CHARS = 8000;
export const DEFAULT_TOP_K = 8;
const Tag = Type.String({ minLength: 1, maxLength: 64 });

export const QueryBody = Type.Object(
  {
    query: Type.String({ minLength: 1, maxLength: MAX_QUERY_CHARS, description: 'The question' }),
    memory_ids: Type.Optional(Type.Array(Uuid, { maxItems: 100, description: 'Search only these memories (knowledge bases)' })),
    conversation_id: Type.Optional(
      Type.String({ format: 'uuid', description: "Continue this conversation of the caller's: the question is condensed with its recent turns" }),
    ),
    model: Type.Optional(
      Type.String({ minLength: 1, maxLength: 200, description: "A chat model (UUID or name) enabled for the tenant; default: the tenant's default chat model" }),
    ),
    top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: DEFAULT_TOP_K, description: 'Sources to retrieve' })),
    filters: Type.Optional(
      Type.Object(
        {
          tags: Type.Optional(
            Type.Object(
              {
                all: Type.Optional(Type.Array(Tag, { maxItems: 50, description: 'The document carries every one of these tags' })),
                any: Type.Optional(Type.Array(Tag, { maxItems: 50, description: 'The document carries at least one of these tags' })),
              },
              { additionalProperties: false },
            ),
          ),
          document_ids: Type.Optional(Type.Array(Uuid, { maxItems: 1000 })),
          folder_id: Type.Optional(Type.Union([Uuid, Type.Null()], { description: 'A folder id, or null for documents in no folder' })),
        },
        { additionalProperties: false },
      ),
    ),
    mode: Type.Optional(
      Type.Union([Type.Literal('answer'), Type.Literal('retrieve')], {
        default: 'answer',
        description: 'answer: retrieve, then answer with a chat model; retrieve: the sources only, no chat model (works with no provider)',
      }),
    ),
    stream: Type.Optional(Type.Boolean({ default: false, description: 'Answer as text/event-stream (see the description of the operation)' })),
    rerank: Type.Optional(
      Type.Boolean({ default: true, description: "false: keep the fused retrieval order even when the tenant has a default rerank model" }),
    ),
    temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
    max_tokens: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: 'Upper bound of the answer; also the room kept for it in the context' })),
  },
  { additionalProperties: false },
);
export type QueryBodyInput = Static<typeof QueryBody>;

const Timings = Type.Object(
  {
    condense_ms: Type.Integer(),
    retrieval_ms: Type.Integer({ description: 'Hybrid search' }),
    rerank_ms: Type.Integer(),
    packing_ms: Type.Integer({ description: 'Fitting the sources into the context window' }),
    generation_ms: Type.Integer({ description: "The chat model's answer" }),
  },
  { description: 'Where the time went, server side' },
);

export const RetrieveResponse = Type.Object({
  conversation_id: Type.Optional(Uuid),
  sources: Type.Array(Source),
  reranked_by: Type.Union([Type.String(), Type.Null()], { description: 'The rerank model that ordered the sources; null: fused retrieval order' }),
  latency_ms: Type.Integer(),
  timings: Timings,
});

export const AnswerResponse = Type.Object({
  conversation_id: Uuid,
  message_id: Uuid,
  answer: Type.String({ description: 'Cites sources as [n], numbered in order of first use; markers naming no source are removed' }),
  citations: Type.Array(Citation, { description: 'The sources the answer cites, in the order of their numbers' }),
  sources: Type.Array(Source, { description: 'Everything retrieved, best first' }),
  model: Type.String(),
  usage: Usage,
  latency_ms: Type.Integer(),
  condensed_query: Type.Optional(Type.String({ description: 'With conversation_id: the standalone question retrieval used' })),
  status: Type.Union([Type.Literal('complete'), Type.Literal('incomplete'), Type.Literal('error')]),
  reranked_by: Type.Union([Type.String(), Type.Null()]),
  timings: Timings,
});

export type AnswerResponseBody = Static<typeof AnswerResponse>;
export type RetrieveResponseBody = Static<typeof RetrieveResponse>;

export const STREAM_DESCRIPTION = [
  'With `stream: true` the response is `text/event-stream` with these events, in order:',
  '`retrieval` ({conversation_id, message_id, sources, condensed_query?}) once the sources are known;',
  '`delta` ({text}) pieces of the answer, with citation markers already renumbered;',
  '`citation` (a citation: {n, chunk_id, document_id, filename, page, section, snippet, score, source}) as soon as a marker citing a new source is complete;',
  '`done` (the same object as the JSON response) at the end; or `error` ({detail, code}) when the answer cannot be completed.',
  'A `: ping` comment is sent every SSE_HEARTBEAT_MS. A client that disconnects aborts the upstream call; what was generated',
  'is stored with status `incomplete`. Errors found before the stream starts (validation, unknown ids, no chat model) are plain',
  'JSON errors. With mode `retrieve`, the stream is `retrieval` then `done`.',
].join(' ');
