import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import { closeEventStreams } from '../../platform/http/sse.js';
import type { AnswerModels } from '../llm/index.js';
import type { Module } from '../module.js';
import type { SearchService } from '../search/index.js';
import { conversationsRoutes } from './conversations/conversations.routes.js';
import { createConversationsService } from './conversations/conversations.service.js';
import { feedbackRoutes } from './feedback/feedback.routes.js';
import { createFeedbackService } from './feedback/feedback.service.js';
import { queryRoutes } from './query/query.routes.js';
import { createQueryService } from './query/query.service.js';
import { createInFlight } from './query/in-flight.js';
import { createScopeCheck } from './query/scope-check.js';
import { createTitleWriter } from './query/titles.js';

export interface ChatDeps {
  /** The hybrid search (search/index.ts) the answers retrieve through. */
  search: Pick<SearchService, 'search'>;
  /** Chat models, completions and reranking (llm/index.ts). */
  models: AnswerModels;
}

/**
 * The chat area: answers over memories (`/api/v1/chat/query`), conversations (with the documents they cited, under
 * the documents prefix) and feedback. The one place that builds its parts.
 */
export function createChat(ctx: CoreContext, deps: ChatDeps): { module: Module } {
  const conversations = createConversationsService({ clock: ctx.clock });
  const inFlight = createInFlight();
  const titles = createTitleWriter({ mode: ctx.config.chat.titles, models: deps.models, conversations, log: ctx.log, inFlight });
  const query = createQueryService({
    search: deps.search,
    models: deps.models,
    conversations,
    scope: createScopeCheck(),
    titles,
    clock: ctx.clock,
    log: ctx.log,
  });
  const feedback = createFeedbackService({ clock: ctx.clock, conversations });
  const module: Module = {
    name: 'chat',
    routes: (app) => {
      const stream = { heartbeatMs: ctx.config.sseHeartbeatMs, track: inFlight.add };
      mountRoutes(app, [...queryRoutes(query, stream), ...conversationsRoutes(conversations), ...feedbackRoutes(feedback)]);
      // Open answer streams would hold shutdown: they end (their answers are stored as incomplete, and waited for).
      app.addHook('preClose', async () => closeEventStreams(app));
    },
    // Answers still being stored and titles still being written finish before the database closes.
    stop: () => inFlight.idle(),
  };
  return { module };
}
