import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { rows } from '../../../platform/db/database.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import type { MessageStatus, StoredCitation } from '../conversations/conversations.table.js';
import type { Owner } from '../conversations/ownership.js';
import { messageFeedback, type FeedbackRow, type Rating } from './feedback.table.js';

export interface FeedbackValues {
  messageId: string;
  conversationId: string;
  principal: Owner;
  rating: Rating;
  comment: string | null;
  tags: string[];
  model: string | null;
  at: Date;
}

/** Inserts the principal's feedback on the message, or replaces it; `created` tells which. */
export async function upsertFeedback({ tx, tenantId }: TenantTx, v: FeedbackValues): Promise<{ row: FeedbackRow; created: boolean }> {
  const [row] = await tx
    .insert(messageFeedback)
    .values({
      tenantId,
      messageId: v.messageId,
      conversationId: v.conversationId,
      principalKind: v.principal.kind,
      principalId: v.principal.id,
      rating: v.rating,
      comment: v.comment,
      tags: v.tags,
      model: v.model,
      createdAt: v.at,
      updatedAt: v.at,
    })
    .onConflictDoUpdate({
      target: [messageFeedback.tenantId, messageFeedback.messageId, messageFeedback.principalKind, messageFeedback.principalId],
      set: { rating: v.rating, comment: v.comment, tags: v.tags, updatedAt: v.at },
    })
    // xmax is 0 on a row version this statement inserted, and set on one it updated.
    .returning({ ...getTableColumns(messageFeedback), inserted: sql<boolean>`(xmax = 0)` });
  const { inserted, ...feedback } = row;
  return { row: feedback, created: Boolean(inserted) };
}

export interface FeedbackFilter {
  /** Only this principal's feedback; null: the whole tenant's (admins). */
  principal: Owner | null;
  rating?: Rating;
  conversationId?: string;
  /** Given or changed at or after this time. */
  since?: Date;
}

function where(tenantId: string, f: FeedbackFilter): SQL {
  const parts: SQL[] = [sql`f.tenant_id = ${tenantId}`];
  if (f.principal) parts.push(sql`f.principal_kind = ${f.principal.kind} AND f.principal_id = ${f.principal.id}`);
  if (f.rating) parts.push(sql`f.rating = ${f.rating}`);
  if (f.conversationId) parts.push(sql`f.conversation_id = ${f.conversationId}`);
  if (f.since) parts.push(sql`f.updated_at >= ${f.since.toISOString()}::timestamptz`);
  return sql.join(parts, sql` AND `);
}

export interface FeedbackWithTurn {
  id: string;
  message_id: string;
  conversation_id: string;
  principal_kind: 'user' | 'api_key';
  principal_id: string;
  rating: Rating;
  comment: string | null;
  tags: string[];
  model: string | null;
  created_at: Date;
  updated_at: Date;
  question: string | null;
  answer: string;
  answer_status: MessageStatus;
  citations: StoredCitation[];
}

/** Newest (last given or changed) first, each with the question, the answer and its citations. */
export async function listFeedback({ tx, tenantId }: TenantTx, filter: FeedbackFilter, skip: number, limit: number) {
  const condition = where(tenantId, filter);
  const found = await rows<FeedbackWithTurn>(tx, sql`
    SELECT f.id, f.message_id, f.conversation_id, f.principal_kind, f.principal_id, f.rating, f.comment, f.tags, f.model,
           f.created_at, f.updated_at, q.content AS question, a.content AS answer, a.status AS answer_status, a.citations
    FROM message_feedback f
    JOIN conversation_messages a ON a.id = f.message_id AND a.tenant_id = f.tenant_id
    LEFT JOIN conversation_messages q ON q.id = a.reply_to AND q.tenant_id = f.tenant_id
    WHERE ${condition}
    ORDER BY f.updated_at DESC, f.id DESC
    OFFSET ${skip} LIMIT ${limit}`);
  const [{ total }] = await rows<{ total: number }>(tx, sql`SELECT count(*)::int AS total FROM message_feedback f WHERE ${condition}`);
  return { rows: found.map((r) => ({ ...r, created_at: new Date(r.created_at), updated_at: new Date(r.updated_at) })), total };
}

/** Up and down counts since `since`, per UTC day and per model (the model that wrote the rated answer). */
export async function countFeedback({ tx, tenantId }: TenantTx, principal: Owner | null, since: Date) {
  const condition = where(tenantId, { principal, since });
  const byDay = await rows<{ key: string; up: number; down: number }>(tx, sql`
    SELECT to_char(f.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS key,
           count(*) FILTER (WHERE f.rating = 'up')::int AS up, count(*) FILTER (WHERE f.rating = 'down')::int AS down
    FROM message_feedback f WHERE ${condition} GROUP BY 1`);
  const byModel = await rows<{ key: string | null; up: number; down: number }>(tx, sql`
    SELECT f.model AS key,
           count(*) FILTER (WHERE f.rating = 'up')::int AS up, count(*) FILTER (WHERE f.rating = 'down')::int AS down
    FROM message_feedback f WHERE ${condition} GROUP BY 1`);
  return { byDay, byModel };
}
