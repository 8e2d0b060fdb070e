import { Type } from 'typebox';
import { defaultsOptional, Uuid } from '../../../platform/http/schemas.js';
import { DocumentResponse, DocumentStatusSchema } from '../../documents/index.js';
import { Citation, Usage } from '../chat.api.js';

/** TypeBox schemas of the conversation endpoints (and of the documents a conversation cited). */

const Time = Type.String({ format: 'date-time' });
const MAX_TITLE_CHARS = 200;

export const ConversationParams = Type.Object({ conversation_id: Uuid });

export const ListConversationsQuery = defaultsOptional(
  Type.Object({
    skip: Type.Integer({ minimum: 0, maximum: 2_147_483_647, default: 0 }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
    memory_id: Type.Optional(Type.String({ format: 'uuid', description: 'Only conversations that asked over this memory' })),
    all: Type.Boolean({ default: false, description: "Admins only: every conversation of the tenant, not only the caller's" }),
  }),
);

export const Conversation = Type.Object({
  id: Uuid,
  conversation_id: Uuid,
  title: Type.String(),
  owner: Type.Object({ kind: Type.Union([Type.Literal('user'), Type.Literal('api_key')]), id: Uuid }),
  memory_ids: Type.Array(Uuid),
  message_count: Type.Integer(),
  created_at: Time,
  updated_at: Time,
});

const Message = Type.Object({
  message_id: Uuid,
  role: Type.Union([Type.Literal('user'), Type.Literal('assistant')]),
  content: Type.String(),
  status: Type.Union([Type.Literal('complete'), Type.Literal('incomplete'), Type.Literal('error')], {
    description: 'incomplete: the client left mid-answer (what was generated is kept); error: the provider failed mid-answer',
  }),
  reply_to: Type.Union([Uuid, Type.Null()], { description: 'An answer: the question it answers' }),
  condensed_query: Type.Union([Type.String(), Type.Null()], { description: 'A question asked with history: the standalone query retrieval used' }),
  citations: Type.Array(Citation),
  model: Type.Union([Type.String(), Type.Null()]),
  usage: Type.Union([Usage, Type.Null()]),
  latency_ms: Type.Union([Type.Integer(), Type.Null()]),
  error_code: Type.Union([Type.String(), Type.Null()]),
  created_at: Time,
});

export const ConversationWithMessages = Type.Object({ ...Conversation.properties, messages: Type.Array(Message) });

export const PatchConversationBody = Type.Object(
  { title: Type.String({ minLength: 1, maxLength: MAX_TITLE_CHARS }) },
  { additionalProperties: false },
);

export const ByConversationQuery = Type.Object({
  status: Type.Optional(Type.Union([...DocumentStatusSchema.anyOf, Type.Literal('ready')], { description: '`ready` means indexed' })),
});

const CitedDocument = Type.Object({
  document_id: Uuid,
  filename: Type.String({ description: "The document's filename; for a deleted document, the one it was cited under" }),
  status: Type.Union([...DocumentStatusSchema.anyOf, Type.Literal('missing')], { description: 'missing: the document was deleted since' }),
  missing: Type.Boolean(),
  citation_count: Type.Integer({ description: 'Citations of the document in the answers of the conversation' }),
  first_cited_at: Time,
  last_cited_at: Time,
  document: Type.Union([DocumentResponse, Type.Null()], { description: 'The document as it is now; null when it was deleted' }),
});

export const CitedDocumentList = Type.Object({ items: Type.Array(CitedDocument), total: Type.Integer() });
