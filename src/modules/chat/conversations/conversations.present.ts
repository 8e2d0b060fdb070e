import { iso } from '../../../platform/http/schemas.js';
import type { ConversationRow, MessageRow } from './conversations.table.js';

/** The API shapes of conversations and their messages (snake_case, ISO times). */

export function presentConversation(row: ConversationRow) {
  return {
    id: row.id,
    conversation_id: row.id,
    title: row.title,
    owner: { kind: row.ownerKind, id: row.ownerId },
    memory_ids: row.memoryIds,
    message_count: row.messageCount,
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
  };
}

function usageOf(row: Pick<MessageRow, 'promptTokens' | 'completionTokens' | 'costUsd'>) {
  if (row.promptTokens === null && row.completionTokens === null) return null;
  return { prompt_tokens: row.promptTokens ?? 0, completion_tokens: row.completionTokens ?? 0, cost: row.costUsd };
}

export function presentMessage(row: MessageRow) {
  return {
    message_id: row.id,
    role: row.role,
    content: row.content,
    status: row.status,
    reply_to: row.replyTo,
    condensed_query: row.condensedQuery,
    citations: row.citations,
    model: row.model,
    usage: usageOf(row),
    latency_ms: row.latencyMs,
    error_code: row.errorCode,
    created_at: iso(row.createdAt)!,
  };
}
