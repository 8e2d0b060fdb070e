import { randomUUID } from 'node:crypto';
import type { Logger } from 'pino';
import type { Principal } from '../../../platform/auth/principal.js';
import type { Clock } from '../../../platform/clock.js';
import type { TenantDb } from '../../../platform/db/tenant-db.js';
import { AppError, unprocessable } from '../../../platform/http/errors.js';
import type { ErrorCode } from '../../../platform/http/error-codes.js';
import type { AnswerModels, CallContext, ChatMessage, ChatModelChoice } from '../../llm/index.js';
import type { SearchService } from '../../search/index.js';
import type { ConversationsService } from '../conversations/conversations.service.js';
import type { ConversationRow, MessageStatus } from '../conversations/conversations.table.js';
import { CitationTracker, withoutMarkers } from './citations.js';
import { answerRoom, planContext } from './packing.js';
import { ANSWER_INSTRUCTIONS, NO_SOURCES_INSTRUCTIONS, cleanCondensed, condenseMessages, provisionalTitle, questionMessage, sourceBlock } from './prompt.js';
import { DEFAULT_TOP_K, type AnswerResponseBody, type QueryBodyInput, type RetrieveResponseBody } from './query.api.js';
import { retrieve, type Retrieval, type RetrievedChunk } from './retrieval.js';
import type { ScopeCheck } from './scope-check.js';
import type { TitleWriter } from './titles.js';

/** Earlier messages a follow-up is condensed and answered with (three questions and their answers). */
const HISTORY_MESSAGES = 6;
/** Each earlier message is cut to this length in the history: the recent gist, not whole essays. */
const HISTORY_MESSAGE_CHARS = 4000;
const SNIPPET_CHARS = 500;
/** A standalone question is short: the condensing call may write this much (less when the model writes less). */
const CONDENSED_TOKENS = 256;

export interface QueryDeps {
  search: Pick<SearchService, 'search'>;
  models: AnswerModels;
  conversations: Pick<ConversationsService, 'own' | 'history' | 'saveTurn'>;
  scope: ScopeCheck;
  titles: TitleWriter;
  clock: Clock;
  log: Logger;
}

/** A question checked and ready: every refusal (bad input, foreign ids, no usable model) has happened already. */
export interface PreparedQuery {
  tenant: TenantDb;
  principal: Principal;
  requestId: string | null;
  body: QueryBodyInput;
  question: string;
  topK: number;
  conversation: ConversationRow | null;
  /** null in mode retrieve. */
  model: ChatModelChoice | null;
  started: number;
}

/** A source as the response shows it: numbered as the model saw it (null: it did not fit), with a snippet. */
export interface SourceView {
  n: number | null;
  chunk_id: string;
  document_id: string;
  filename: string;
  page: number | null;
  section: string | null;
  snippet: string;
  score: number;
  source: { connector_id: string; external_id: string; url: string | null } | null;
}

export type QueryEvent =
  | { type: 'retrieval'; data: { conversation_id: string; message_id: string; sources: SourceView[]; condensed_query?: string } }
  | { type: 'delta'; data: { text: string } }
  | { type: 'citation'; data: SourceView & { n: number } }
  | { type: 'done'; data: AnswerResponseBody }
  | { type: 'error'; data: { detail: string; code: ErrorCode } };

function snippetOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= SNIPPET_CHARS ? flat : `${flat.slice(0, SNIPPET_CHARS - 1)}…`;
}

function view(chunk: RetrievedChunk, n: number | null): SourceView {
  return { n, chunk_id: chunk.chunk_id, document_id: chunk.document_id, filename: chunk.filename, page: chunk.page, section: chunk.section, snippet: snippetOf(chunk.text), score: chunk.score, source: chunk.source ?? null };
}

const ms = (x: number) => Math.max(0, Math.round(x));

const contextOf = (model: ChatModelChoice, body: QueryBodyInput, question: string) => ({
  contextTokens: model.maxInputTokens,
  answerTokens: answerRoom(body.max_tokens, model.maxOutputTokens),
  instructions: ANSWER_INSTRUCTIONS,
  question,
});

const tooLong = (model: ChatModelChoice) =>
  unprocessable(['body', 'query'], `The question does not fit the context window of model ${model.name} (${model.maxInputTokens ?? 'default'} tokens)`);

/**
 * POST /api/v1/chat/query: retrieval (hybrid search under the caller's tenant and filters, reranked when the tenant
 * has a rerank model), the context packed into the chat model's window, the answer through the routed call, its
 * citation markers renumbered, and the question and answer stored in the caller's conversation.
 */
export function createQueryService(deps: QueryDeps) {
  const { models, conversations, clock } = deps;

  /** Every check that can refuse the question, before anything is stored or any provider is called. */
  async function prepare(tenant: TenantDb, principal: Principal, body: QueryBodyInput, requestId: string | null): Promise<PreparedQuery> {
    const started = performance.now();
    const question = body.query.trim();
    if (!question) throw unprocessable(['body', 'query'], 'query must not be blank', 'string_too_short');
    const conversation = body.conversation_id ? await conversations.own(tenant, principal, body.conversation_id) : null;
    await deps.scope.check(tenant, { memoryIds: body.memory_ids, documentIds: body.filters?.document_ids, folderId: body.filters?.folder_id });
    let model: ChatModelChoice | null = null;
    if ((body.mode ?? 'answer') === 'answer') {
      model = await models.chatModel(principal, body.model ?? null);
      if (body.max_tokens !== undefined && model.maxOutputTokens !== null && body.max_tokens > model.maxOutputTokens) {
        throw unprocessable(['body', 'max_tokens'], `max_tokens is ${body.max_tokens}; model ${model.name} writes at most ${model.maxOutputTokens} tokens`, 'less_than_equal');
      }
      // The instructions, the question and the answer room alone must fit: else no source ever could.
      if (!planContext({ ...contextOf(model, body, question), history: [], sources: [], block: () => '' })) throw tooLong(model);
    }
    return { tenant, principal, requestId, body, question, topK: body.top_k ?? DEFAULT_TOP_K, conversation, model, started };
  }

  function retrieval(p: PreparedQuery, ctx: CallContext, query: string): Promise<Retrieval> {
    const { body } = p;
    const filters = { memory_ids: body.memory_ids, document_ids: body.filters?.document_ids, folder_id: body.filters?.folder_id, tags: body.filters?.tags };
    return retrieve({ search: deps.search, models }, p.tenant, p.principal, ctx, { query, topK: p.topK, filters, rerank: body.rerank ?? true });
  }

  /** mode "retrieve": the sources, numbered in rank order; no chat model, nothing stored. */
  async function retrieveOnly(p: PreparedQuery, signal?: AbortSignal): Promise<RetrieveResponseBody> {
    const ctx = models.callContext(p.principal, p.requestId, signal);
    const found = await retrieval(p, ctx, p.question);
    return {
      ...(p.conversation ? { conversation_id: p.conversation.id } : {}),
      sources: found.chunks.map((c, i) => view(c, i + 1)),
      reranked_by: found.rerankedBy,
      latency_ms: ms(performance.now() - p.started),
      timings: { condense_ms: 0, retrieval_ms: ms(found.searchMs), rerank_ms: ms(found.rerankMs), packing_ms: 0, generation_ms: 0 },
    };
  }

  /** mode "retrieve" as a stream: the sources, then the same object as the JSON response. */
  async function* retrieveEvents(p: PreparedQuery, signal?: AbortSignal): AsyncGenerator<{ type: string; data: unknown }, void, undefined> {
    const result = await retrieveOnly(p, signal);
    yield { type: 'retrieval', data: { ...(result.conversation_id ? { conversation_id: result.conversation_id } : {}), sources: result.sources } };
    yield { type: 'done', data: result };
  }

  /** Earlier turns as chat messages: answers without their markers (their numbers meant other sources). */
  async function historyOf(p: PreparedQuery): Promise<ChatMessage[]> {
    if (!p.conversation) return [];
    const rows = await conversations.history(p.tenant, p.conversation.id, HISTORY_MESSAGES);
    return rows
      .map((m): ChatMessage => ({ role: m.role, content: (m.role === 'assistant' ? withoutMarkers(m.content) : m.content).slice(0, HISTORY_MESSAGE_CHARS).trim() }))
      .filter((m) => m.content.length > 0);
  }

  /**
   * The answer as events: retrieval, deltas and citations as they come, done. Throws (before any event) what fails
   * before the answer starts; afterwards a provider failure is an `error` event, and the partial answer is stored with
   * status `error`. A client that leaves (`signal`) after retrieval has its question stored with what was generated,
   * status `incomplete`.
   */
  async function* answer(p: PreparedQuery, signal: AbortSignal | undefined, streaming: boolean): AsyncGenerator<QueryEvent, void, undefined> {
    const model = p.model!;
    const ctx = models.callContext(p.principal, p.requestId, signal);
    const history = await historyOf(p);

    // A follow-up is rewritten into a standalone question for retrieval; the model still answers the question asked.
    let condensed: string | null = null;
    let condenseUsage = { promptTokens: 0, completionTokens: 0, costUsd: null as number | null };
    const condenseStarted = performance.now();
    if (history.length) {
      const maxTokens = Math.min(CONDENSED_TOKENS, model.maxOutputTokens ?? CONDENSED_TOKENS);
      const reply = await models.complete(p.principal, ctx, { model: model.name, messages: condenseMessages(history, p.question), temperature: 0, maxTokens });
      condensed = cleanCondensed(reply.content);
      condenseUsage = { promptTokens: reply.usage.promptTokens, completionTokens: reply.usage.completionTokens, costUsd: reply.costUsd };
    }
    const condenseMs = performance.now() - condenseStarted;

    const found = await retrieval(p, ctx, condensed ?? p.question);
    const packingStarted = performance.now();
    // Counted with the longer instructions, so that the plan holds whichever set is sent.
    const plan = planContext({ ...contextOf(model, p.body, p.question), history, sources: found.chunks, block: (chunk, n) => sourceBlock(n, chunk) });
    if (!plan) throw tooLong(model); // checked in prepare(): unreachable unless the instructions grew
    const numberOf = new Map(plan.packed.map((x) => [x.source, x.n]));
    const sources = found.chunks.map((c) => view(c, numberOf.get(c) ?? null));
    const packingMs = performance.now() - packingStarted;

    const conversationId = p.conversation?.id ?? randomUUID();
    const questionId = randomUUID();
    const answerId = randomUUID();
    const askedAt = clock.now();
    yield { type: 'retrieval', data: { conversation_id: conversationId, message_id: answerId, sources, ...(condensed ? { condensed_query: condensed } : {}) } };

    const messages: ChatMessage[] = [
      { role: 'system', content: plan.packed.length ? ANSWER_INSTRUCTIONS : NO_SOURCES_INSTRUCTIONS },
      ...plan.history,
      { role: 'user', content: questionMessage(p.question, plan.packed.map((x) => x.block)) },
    ];
    const tracker = new CitationTracker(plan.packed.map((x) => view(x.source, x.n) as SourceView & { n: number }));
    let text = '';
    let status: MessageStatus = 'complete';
    let failure: AppError | null = null;
    let usage = { promptTokens: 0, completionTokens: 0, costUsd: null as number | null };
    const generationStarted = performance.now();
    const input = { model: model.name, messages, temperature: p.body.temperature, maxTokens: p.body.max_tokens };

    function* emit(piece: { text: string; cited: (SourceView & { n: number })[] }): Generator<QueryEvent> {
      if (piece.text) {
        text += piece.text;
        yield { type: 'delta', data: { text: piece.text } };
      }
      for (const citation of piece.cited) yield { type: 'citation', data: citation };
    }

    try {
      if (streaming) {
        const stream = await models.stream(p.principal, ctx, input);
        let ended = false;
        for await (const event of stream.events) {
          if (event.type === 'delta') yield* emit(tracker.push(event.text));
          else if (event.type === 'done') {
            ended = true;
            usage = { promptTokens: event.result.usage.promptTokens, completionTokens: event.result.usage.completionTokens, costUsd: event.result.costUsd };
          } else {
            ended = true;
            status = 'error';
            failure = event.error;
          }
        }
        // The events end without done or error when the client left: the upstream call was aborted.
        if (!ended) status = 'incomplete';
      } else {
        const result = await models.complete(p.principal, ctx, input);
        yield* emit(tracker.push(result.content));
        usage = { promptTokens: result.usage.promptTokens, completionTokens: result.usage.completionTokens, costUsd: result.costUsd };
      }
    } catch (error) {
      const left = signal?.aborted || (error instanceof AppError && error.code === 'client_closed_request');
      // Refused or failed before the first token, the client still there: nothing to keep (the error log has it).
      if (!left && !(streaming && text)) throw error;
      status = left ? 'incomplete' : 'error';
      failure = left ? null : error instanceof AppError ? error : new AppError('internal_error');
      if (!(error instanceof AppError)) deps.log.error({ err: error }, 'chat answer failed');
    }
    yield* emit(tracker.end());
    const generationMs = performance.now() - generationStarted;

    const cost = usage.costUsd === null && condenseUsage.costUsd === null ? null : (usage.costUsd ?? 0) + (condenseUsage.costUsd ?? 0);
    const totalUsage = {
      prompt_tokens: usage.promptTokens + condenseUsage.promptTokens,
      completion_tokens: usage.completionTokens + condenseUsage.completionTokens,
      cost: cost === null ? null : Math.round(cost * 1e10) / 1e10,
    };
    const citations = [...tracker.citations];
    const latencyMs = ms(performance.now() - p.started);
    const isNew = !p.conversation;
    const title = provisionalTitle(p.question);
    await conversations.saveTurn(p.tenant, p.principal, {
      conversationId,
      isNew,
      title,
      memoryIds: p.body.memory_ids ?? [],
      question: { id: questionId, content: p.question, condensedQuery: condensed, at: askedAt },
      answer: {
        id: answerId,
        content: text,
        citations,
        model: model.name,
        promptTokens: totalUsage.prompt_tokens,
        completionTokens: totalUsage.completion_tokens,
        costUsd: totalUsage.cost,
        latencyMs,
        status,
        errorCode: failure?.code ?? null,
        at: clock.now(),
      },
    });
    if (isNew && status === 'complete') deps.titles.write(p.tenant, p.principal, { conversationId, provisional: title, question: p.question, model: model.name });

    if (failure) {
      yield { type: 'error', data: { detail: typeof failure.detail === 'string' ? failure.detail : failure.message, code: failure.code } };
      return;
    }
    if (status === 'incomplete') return; // nobody is listening
    yield {
      type: 'done',
      data: {
        conversation_id: conversationId,
        message_id: answerId,
        answer: text,
        citations,
        sources,
        model: model.name,
        usage: totalUsage,
        latency_ms: latencyMs,
        ...(condensed ? { condensed_query: condensed } : {}),
        status,
        reranked_by: found.rerankedBy,
        timings: {
          condense_ms: ms(condenseMs),
          retrieval_ms: ms(found.searchMs),
          rerank_ms: ms(found.rerankMs),
          packing_ms: ms(packingMs),
          generation_ms: ms(generationMs),
        },
      },
    };
  }

  /** The blocking answer: the events' `done`, or their error as the HTTP error. */
  async function answerOnce(p: PreparedQuery, signal?: AbortSignal): Promise<AnswerResponseBody> {
    for await (const event of answer(p, signal, false)) {
      if (event.type === 'done') return event.data;
      if (event.type === 'error') throw new AppError(event.data.code, event.data.detail);
    }
    throw new AppError('client_closed_request');
  }

  return { prepare, retrieveOnly, retrieveEvents, answer, answerOnce };
}
export type QueryService = ReturnType<typeof createQueryService>;
