import type { Logger } from 'pino';
import type { Principal } from '../../../platform/auth/principal.js';
import type { TenantDb } from '../../../platform/db/tenant-db.js';
import type { AnswerModels } from '../../llm/index.js';
import type { ConversationsService } from '../conversations/conversations.service.js';
import type { InFlight } from './in-flight.js';
import { cleanTitle, titleMessages } from './prompt.js';

export interface TitleRequest {
  conversationId: string;
  /** The title the conversation was created with (its first question, cut short). */
  provisional: string;
  question: string;
  model: string;
}

export interface TitleWriterDeps {
  /** 'truncate': the provisional title stays; 'model': the chat model writes one after the answer. */
  mode: 'truncate' | 'model';
  models: Pick<AnswerModels, 'complete' | 'callContext'>;
  conversations: Pick<ConversationsService, 'retitle'>;
  log: Logger;
  /** Shutdown waits for the titles being written. */
  inFlight: InFlight;
}

/**
 * Titles of new conversations written by the chat model (CHAT_TITLES=model), off the response path: the answer never
 * waits for its title. A failed call keeps the provisional title; a rename made meanwhile is never overwritten.
 */
export function createTitleWriter(deps: TitleWriterDeps) {
  function write(tenant: TenantDb, principal: Principal, request: TitleRequest): void {
    if (deps.mode !== 'model') return;
    const job = (async () => {
      const ctx = deps.models.callContext(principal, null);
      const reply = await deps.models.complete(principal, ctx, { model: request.model, messages: titleMessages(request.question), temperature: 0, maxTokens: 32 });
      const title = cleanTitle(reply.content);
      if (title) await deps.conversations.retitle(tenant, request.conversationId, request.provisional, title);
    })()
      .catch((error) => deps.log.warn({ err: error, conversationId: request.conversationId }, 'conversation title not written; the first question stays the title'));
    deps.inFlight.add(job);
  }

  return { write };
}
export type TitleWriter = ReturnType<typeof createTitleWriter>;
