import { iso } from '../../../platform/http/schemas.js';
import type { FeedbackWithTurn } from './feedback.repo.js';
import type { FeedbackRow } from './feedback.table.js';

export function presentFeedback(row: FeedbackRow) {
  return {
    feedback_id: row.id,
    message_id: row.messageId,
    conversation_id: row.conversationId,
    rating: row.rating,
    comment: row.comment,
    tags: row.tags,
    model: row.model,
    principal: { kind: row.principalKind, id: row.principalId },
    created_at: iso(row.createdAt)!,
    updated_at: iso(row.updatedAt)!,
  };
}

export function presentFeedbackWithTurn(row: FeedbackWithTurn) {
  return {
    feedback_id: row.id,
    message_id: row.message_id,
    conversation_id: row.conversation_id,
    rating: row.rating,
    comment: row.comment,
    tags: row.tags,
    model: row.model,
    principal: { kind: row.principal_kind, id: row.principal_id },
    created_at: iso(row.created_at)!,
    updated_at: iso(row.updated_at)!,
    question: row.question,
    answer: row.answer,
    answer_status: row.answer_status,
    citations: row.citations,
  };
}
