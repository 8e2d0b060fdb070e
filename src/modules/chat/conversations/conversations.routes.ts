import { Type } from 'typebox';
import { auth } from '../../../platform/http/types.js';
import { ErrorBody } from '../../../platform/http/schemas.js';
import { ListOf } from '../../../platform/http/pagination.js';
import { noContent, route } from '../../../platform/http/route.js';
import {
  ByConversationQuery,
  CitedDocumentList,
  Conversation,
  ConversationParams,
  ConversationWithMessages,
  ListConversationsQuery,
  PatchConversationBody,
} from './conversations.api.js';
import type { ConversationsService } from './conversations.service.js';

const tags = ['chat'];
const P = '/api/v1/conversations';
const chat = auth.scopes('chat:query');

export function conversationsRoutes(service: ConversationsService) {
  return [
    route({
      method: 'GET',
      url: `${P}/`,
      tags,
      summary: "The caller's conversations, most recent activity first (admins: the whole tenant's with ?all=true)",
      auth: chat,
      query: ListConversationsQuery,
      responses: { 200: ListOf(Conversation) },
      handler: ({ tenant, principal, query }) => service.list(tenant, principal, query),
    }),
    route({
      method: 'GET',
      url: `${P}/:conversation_id`,
      tags,
      summary: 'One conversation with its messages (questions and answers, with citations, model, usage and status)',
      auth: chat,
      params: ConversationParams,
      responses: { 200: ConversationWithMessages, 404: ErrorBody },
      handler: ({ tenant, principal, params }) => service.get(tenant, principal, params.conversation_id),
    }),
    route({
      method: 'PATCH',
      url: `${P}/:conversation_id`,
      tags,
      summary: 'Rename a conversation',
      auth: chat,
      params: ConversationParams,
      body: PatchConversationBody,
      responses: { 200: Conversation, 404: ErrorBody },
      handler: ({ tenant, principal, params, body }) => service.rename(tenant, principal, params.conversation_id, body.title),
    }),
    route({
      method: 'DELETE',
      url: `${P}/:conversation_id`,
      tags,
      summary: 'Delete a conversation, its messages and their feedback',
      auth: chat,
      params: ConversationParams,
      responses: { 204: Type.Null(), 404: ErrorBody },
      handler: async ({ tenant, principal, params }) => {
        await service.remove(tenant, principal, params.conversation_id);
        return noContent();
      },
    }),
    // Under the documents prefix for backward compatibility (SPEC); served here, where conversations are.
    route({
      method: 'GET',
      url: '/api/v1/documents/by-conversation/:conversation_id',
      tags: ['documents'],
      summary: 'Documents cited by the messages of a conversation, with their status (a deleted one is listed as missing)',
      auth: auth.scopes('documents:read'),
      params: ConversationParams,
      query: ByConversationQuery,
      responses: { 200: CitedDocumentList, 404: ErrorBody },
      handler: ({ tenant, principal, params, query }) => service.citedDocumentsOf(tenant, principal, params.conversation_id, query.status),
    }),
  ];
}
