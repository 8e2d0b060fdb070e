import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp, unique, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';

export type OwnerKind = 'user' | 'api_key';
export type MessageRole = 'user' | 'assistant';
/** complete; incomplete: the client left mid-answer; error: the provider failed mid-answer. */
export type MessageStatus = 'complete' | 'incomplete' | 'error';

/** A cited source as stored with the answer: a snapshot that outlives the chunk and the document. */
export interface StoredCitation {
  n: number;
  chunk_id: string;
  document_id: string;
  filename: string;
  page: number | null;
  section: string | null;
  snippet: string;
  score: number;
  /** Where the document came from when a connector keeps it (absent from citations stored before connectors). */
  source?: { connector_id: string; external_id: string; url: string | null } | null;
}

/** Mirrors migration 0014 (test/schema checks that they agree). */
export const conversations = pgTable('conversations', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  ownerKind: text('owner_kind').$type<OwnerKind>().notNull(),
  ownerId: uuid('owner_id').notNull(),
  title: text('title').notNull(),
  memoryIds: uuid('memory_ids').array().notNull().default(sql`'{}'`),
  messageCount: integer('message_count').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
}, (t) => [
  index('conversations_owner').on(t.tenantId, t.ownerKind, t.ownerId, t.updatedAt.desc(), t.id),
  index('conversations_tenant_updated').on(t.tenantId, t.updatedAt.desc(), t.id),
  index('conversations_memory_ids').using('gin', t.memoryIds),
]);
export type ConversationRow = typeof conversations.$inferSelect;

export const conversationMessages = pgTable('conversation_messages', {
  id: uuid('id').primaryKey().defaultRandom(),
  tenantId: uuid('tenant_id').notNull(),
  conversationId: uuid('conversation_id').notNull().references(() => conversations.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  role: text('role').$type<MessageRole>().notNull(),
  content: text('content').notNull(),
  replyTo: uuid('reply_to').references((): AnyPgColumn => conversationMessages.id, { onDelete: 'cascade' }),
  condensedQuery: text('condensed_query'),
  citations: jsonb('citations').$type<StoredCitation[]>().notNull().default([]),
  model: text('model'),
  promptTokens: integer('prompt_tokens'),
  completionTokens: integer('completion_tokens'),
  costUsd: doublePrecision('cost_usd'),
  latencyMs: integer('latency_ms'),
  status: text('status').$type<MessageStatus>().notNull().default('complete'),
  errorCode: text('error_code'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
}, (t) => [
  unique('conversation_messages_tenant_id_conversation_id_seq_key').on(t.tenantId, t.conversationId, t.seq),
  index('conversation_messages_tenant').on(t.tenantId, t.conversationId),
  index('conversation_messages_reply_to').on(t.replyTo).where(sql`reply_to IS NOT NULL`),
]);
export type MessageRow = typeof conversationMessages.$inferSelect;
export type MessageInsert = typeof conversationMessages.$inferInsert;
