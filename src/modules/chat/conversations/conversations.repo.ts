import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { rows } from '../../../platform/db/database.js';
import type { TenantTx } from '../../../platform/db/tenant-db.js';
import { conversationMessages, conversations, type ConversationRow, type MessageInsert, type MessageRow } from './conversations.table.js';
import type { Owner } from './ownership.js';

export interface ConversationFilter {
  /** Only this principal's conversations; null: the whole tenant's (admins with ?all=true). */
  owner: Owner | null;
  memoryId?: string;
}

export async function insertConversation(
  { tx, tenantId }: TenantTx,
  values: { id: string; owner: Owner; title: string; memoryIds: string[]; at: Date },
): Promise<ConversationRow> {
  const [row] = await tx
    .insert(conversations)
    .values({
      id: values.id,
      tenantId,
      ownerKind: values.owner.kind,
      ownerId: values.owner.id,
      title: values.title,
      memoryIds: values.memoryIds,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .returning();
  return row;
}

export async function findConversation({ tx, tenantId }: TenantTx, id: string, lock = false): Promise<ConversationRow | null> {
  const query = tx.select().from(conversations).where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, id)));
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

/** Most recent activity first. */
export async function listConversations({ tx, tenantId }: TenantTx, filter: ConversationFilter, skip: number, limit: number) {
  const where: SQL[] = [eq(conversations.tenantId, tenantId)];
  if (filter.owner) where.push(eq(conversations.ownerKind, filter.owner.kind), eq(conversations.ownerId, filter.owner.id));
  if (filter.memoryId) where.push(sql`${conversations.memoryIds} @> ARRAY[${filter.memoryId}]::uuid[]`);
  const found = await tx
    .select()
    .from(conversations)
    .where(and(...where))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .offset(skip)
    .limit(limit);
  const [{ total }] = await tx.select({ total: count() }).from(conversations).where(and(...where));
  return { rows: found, total: Number(total) };
}

export async function updateConversationTitle({ tx, tenantId }: TenantTx, id: string, title: string, at: Date): Promise<boolean> {
  const updated = await tx
    .update(conversations)
    .set({ title, updatedAt: at })
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, id)))
    .returning({ id: conversations.id });
  return updated.length > 0;
}

/** A title written after the fact (by the model) replaces only the one it was made for, never a user's rename. */
export async function replaceGeneratedTitle({ tx, tenantId }: TenantTx, id: string, from: string, to: string): Promise<void> {
  await tx
    .update(conversations)
    .set({ title: to })
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, id), eq(conversations.title, from)));
}

/** Messages and their feedback go with it (foreign keys cascade). */
export async function deleteConversation({ tx, tenantId }: TenantTx, id: string): Promise<boolean> {
  const deleted = await tx
    .delete(conversations)
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, id)))
    .returning({ id: conversations.id });
  return deleted.length > 0;
}

export async function listMessages({ tx, tenantId }: TenantTx, conversationId: string): Promise<MessageRow[]> {
  return tx
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.tenantId, tenantId), eq(conversationMessages.conversationId, conversationId)))
    .orderBy(asc(conversationMessages.seq));
}

/** The last `limit` messages, oldest first. */
export async function recentMessages({ tx, tenantId }: TenantTx, conversationId: string, limit: number): Promise<MessageRow[]> {
  const found = await tx
    .select()
    .from(conversationMessages)
    .where(and(eq(conversationMessages.tenantId, tenantId), eq(conversationMessages.conversationId, conversationId)))
    .orderBy(desc(conversationMessages.seq))
    .limit(limit);
  return found.reverse();
}

/**
 * Appends messages after the last one, and moves the conversation's activity time, count and memories. The caller
 * holds the conversation's row lock (findConversation with lock), so two answers to one conversation get distinct seqs.
 */
export async function appendMessages(
  { tx, tenantId }: TenantTx,
  conversationId: string,
  messages: Omit<MessageInsert, 'tenantId' | 'conversationId' | 'seq'>[],
  touch: { at: Date; memoryIds: string[] },
): Promise<void> {
  const [{ last }] = await rows<{ last: number }>(tx, sql`
    SELECT coalesce(max(seq), -1)::int AS last FROM conversation_messages WHERE tenant_id = ${tenantId} AND conversation_id = ${conversationId}`);
  await tx.insert(conversationMessages).values(messages.map((m, i) => ({ ...m, tenantId, conversationId, seq: last + 1 + i })));
  await tx
    .update(conversations)
    .set({
      updatedAt: touch.at,
      messageCount: sql`${conversations.messageCount} + ${messages.length}`,
      memoryIds: sql`ARRAY(SELECT DISTINCT unnest(${conversations.memoryIds} || ${`{${touch.memoryIds.join(',')}}`}::uuid[]) ORDER BY 1)`,
    })
    .where(and(eq(conversations.tenantId, tenantId), eq(conversations.id, conversationId)));
}

export async function findMessage({ tx, tenantId }: TenantTx, id: string): Promise<{ message: MessageRow; conversation: ConversationRow } | null> {
  const [row] = await tx
    .select({ message: conversationMessages, conversation: conversations })
    .from(conversationMessages)
    .innerJoin(conversations, eq(conversations.id, conversationMessages.conversationId))
    .where(and(eq(conversationMessages.tenantId, tenantId), eq(conversations.tenantId, tenantId), eq(conversationMessages.id, id)));
  return row ?? null;
}

export interface CitedDocument {
  document_id: string;
  /** The filename as last cited (the document may have been renamed or deleted since). */
  filename: string;
  citation_count: number;
  first_cited_at: Date;
  last_cited_at: Date;
}

/**
 * The documents the conversation's answers cite, in order of first citation (by message, then by citation number
 * within it: an answer cites at most 50 sources), read from the stored citations.
 */
export async function citedDocuments({ tx, tenantId }: TenantTx, conversationId: string): Promise<CitedDocument[]> {
  const found = await rows<CitedDocument>(tx, sql`
    SELECT c->>'document_id' AS document_id,
           (array_agg(c->>'filename' ORDER BY m.seq DESC))[1] AS filename,
           count(*)::int AS citation_count,
           min(m.created_at) AS first_cited_at,
           max(m.created_at) AS last_cited_at
    FROM conversation_messages m, jsonb_array_elements(m.citations) WITH ORDINALITY AS x(c, ord)
    WHERE m.tenant_id = ${tenantId} AND m.conversation_id = ${conversationId}
    GROUP BY c->>'document_id'
    ORDER BY min(m.seq::bigint * 1000 + x.ord), 1`);
  return found.map((r) => ({ ...r, first_cited_at: new Date(r.first_cited_at), last_cited_at: new Date(r.last_cited_at) }));
}
