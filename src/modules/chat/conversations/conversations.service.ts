import type { Principal } from '../../../platform/auth/principal.js';
import type { Clock } from '../../../platform/clock.js';
import type { TenantDb } from '../../../platform/db/tenant-db.js';
import { AppError, nonBlank } from '../../../platform/http/errors.js';
import { iso } from '../../../platform/http/schemas.js';
import { findDocumentsByIds, presentDocument, type DocumentStatus } from '../../documents/index.js';
import {
  appendMessages,
  citedDocuments,
  deleteConversation,
  findConversation,
  insertConversation,
  listConversations,
  listMessages,
  recentMessages,
  replaceGeneratedTitle,
  updateConversationTitle,
} from './conversations.repo.js';
import { presentConversation, presentMessage } from './conversations.present.js';
import type { ConversationRow, MessageRow, MessageStatus, StoredCitation } from './conversations.table.js';
import { owns, ownerOf, seesTenant } from './ownership.js';

export interface ConversationsDeps {
  clock: Clock;
}

/** What one answered question writes: the question, the answer, and the conversation when it is new. */
export interface Turn {
  conversationId: string;
  /** true: the conversation is created with `title` (its first question). */
  isNew: boolean;
  title: string;
  memoryIds: string[];
  question: { id: string; content: string; condensedQuery: string | null; at: Date };
  answer: {
    id: string;
    content: string;
    citations: StoredCitation[];
    model: string;
    promptTokens: number;
    completionTokens: number;
    costUsd: number | null;
    latencyMs: number;
    status: MessageStatus;
    errorCode: string | null;
    at: Date;
  };
}

const notFound = () => new AppError('conversation_not_found');

/**
 * Conversations and their messages. A conversation belongs to the principal that started it (a user, or an API key):
 * only that principal continues it; admins also read, rename and delete the tenant's others. Anything else is 404,
 * exactly like an id that does not exist (another tenant's included).
 */
export function createConversationsService(deps: ConversationsDeps) {
  const { clock } = deps;

  /** Readable and manageable by the caller: their own, or any of the tenant's for an admin. */
  async function visible(tenant: TenantDb, principal: Principal, id: string): Promise<ConversationRow> {
    const row = await tenant.run((t) => findConversation(t, id));
    if (!row || !(owns(principal, row) || seesTenant(principal))) throw notFound();
    return row;
  }

  /** Continued only by the principal that started it. */
  async function own(tenant: TenantDb, principal: Principal, id: string): Promise<ConversationRow> {
    const row = await tenant.run((t) => findConversation(t, id));
    if (!row || !owns(principal, row)) throw notFound();
    return row;
  }

  async function list(tenant: TenantDb, principal: Principal, query: { skip: number; limit: number; memory_id?: string; all: boolean }) {
    if (query.all && !seesTenant(principal)) {
      throw new AppError('insufficient_scope', 'Missing scope: admin (needed to list every conversation of the tenant with ?all=true)');
    }
    const filter = { owner: query.all ? null : ownerOf(principal), memoryId: query.memory_id };
    const { rows, total } = await tenant.run((t) => listConversations(t, filter, query.skip, query.limit));
    return { items: rows.map(presentConversation), total, skip: query.skip, limit: query.limit };
  }

  async function get(tenant: TenantDb, principal: Principal, id: string) {
    const row = await visible(tenant, principal, id);
    const messages = await tenant.run((t) => listMessages(t, id));
    return { ...presentConversation(row), messages: messages.map(presentMessage) };
  }

  async function rename(tenant: TenantDb, principal: Principal, id: string, title: string) {
    const clean = nonBlank(title, 'title');
    await visible(tenant, principal, id);
    await tenant.run((t) => updateConversationTitle(t, id, clean, clock.now()));
    return presentConversation((await tenant.run((t) => findConversation(t, id)))!);
  }

  async function remove(tenant: TenantDb, principal: Principal, id: string): Promise<void> {
    await visible(tenant, principal, id);
    await tenant.run((t) => deleteConversation(t, id));
  }

  /** The last `messages` messages of a conversation, oldest first (the history a follow-up is asked with). */
  async function history(tenant: TenantDb, conversationId: string, messages: number): Promise<MessageRow[]> {
    return tenant.run((t) => recentMessages(t, conversationId, messages));
  }

  /** Writes a question and its answer in one transaction (and the conversation, when it is new). */
  async function saveTurn(tenant: TenantDb, principal: Principal, turn: Turn): Promise<void> {
    await tenant.run(async (t) => {
      if (turn.isNew) {
        await insertConversation(t, { id: turn.conversationId, owner: ownerOf(principal), title: turn.title, memoryIds: [], at: turn.question.at });
      } else if (!(await findConversation(t, turn.conversationId, true))) {
        // Deleted while the answer was being written: nothing to add it to.
        throw notFound();
      }
      const { question: q, answer: a } = turn;
      await appendMessages(
        t,
        turn.conversationId,
        [
          { id: q.id, role: 'user', content: q.content, condensedQuery: q.condensedQuery, status: 'complete', createdAt: q.at },
          {
            id: a.id,
            role: 'assistant',
            content: a.content,
            replyTo: q.id,
            citations: a.citations,
            model: a.model,
            promptTokens: a.promptTokens,
            completionTokens: a.completionTokens,
            costUsd: a.costUsd,
            latencyMs: a.latencyMs,
            status: a.status,
            errorCode: a.errorCode,
            createdAt: a.at,
          },
        ],
        { at: a.at, memoryIds: turn.memoryIds },
      );
    });
  }

  /** A model-written title replaces the provisional one, unless the conversation was renamed in between. */
  async function retitle(tenant: TenantDb, id: string, provisional: string, title: string): Promise<void> {
    await tenant.run((t) => replaceGeneratedTitle(t, id, provisional, title));
  }

  /**
   * GET /api/v1/documents/by-conversation/{id}: the documents the conversation's answers cite, each with its current
   * status (`ready` filters like `indexed`); a document deleted since is listed as missing under the filename it was
   * cited with (no status filter then matches it).
   */
  async function citedDocumentsOf(tenant: TenantDb, principal: Principal, id: string, status?: DocumentStatus | 'ready') {
    await visible(tenant, principal, id);
    const wanted = status === 'ready' ? 'indexed' : status;
    const { cited, documents } = await tenant.run(async (t) => {
      const cited = await citedDocuments(t, id);
      return { cited, documents: await findDocumentsByIds(t, cited.map((c) => c.document_id)) };
    });
    const byId = new Map(documents.map((d) => [d.id, d]));
    const items = cited
      .map((c) => {
        const doc = byId.get(c.document_id);
        return {
          document_id: c.document_id,
          filename: doc?.filename ?? c.filename,
          status: doc?.status ?? ('missing' as const),
          missing: !doc,
          citation_count: c.citation_count,
          first_cited_at: iso(c.first_cited_at)!,
          last_cited_at: iso(c.last_cited_at)!,
          document: doc ? presentDocument(doc) : null,
        };
      })
      .filter((item) => !wanted || item.status === wanted);
    return { items, total: items.length };
  }

  return { list, get, rename, remove, own, visible, history, saveTurn, retitle, citedDocumentsOf };
}
export type ConversationsService = ReturnType<typeof createConversationsService>;
