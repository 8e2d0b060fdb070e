import { Type } from 'typebox';
import { auth } from '../../../platform/http/types.js';
import { ErrorBody } from '../../../platform/http/schemas.js';
import { route } from '../../../platform/http/route.js';
import { AnswerResponse, QueryBody, RetrieveResponse, STREAM_DESCRIPTION, type AnswerResponseBody, type RetrieveResponseBody } from './query.api.js';
import { disconnectSignal, sendEventsStream } from './query.http.js';
import type { QueryService } from './query.service.js';

/** JSON (AnswerResponse first: a retrieve response lacks its required fields, so the serializer picks the right one) or an event stream. */
const QueryResponse = Type.Unsafe<AnswerResponseBody | RetrieveResponseBody>({
  description: 'The answer (mode answer) or the sources (mode retrieve); an event stream with stream: true',
  content: {
    'application/json': { schema: Type.Union([AnswerResponse, RetrieveResponse]) },
    'text/event-stream': { schema: Type.String({ description: 'retrieval, delta, citation, done or error events' }) },
  },
});

export function queryRoutes(service: QueryService, options: { heartbeatMs: number; track(work: Promise<unknown>): void }) {
  return [
    route({
      method: 'POST',
      url: '/api/v1/chat/query',
      tags: ['chat'],
      summary: 'Ask the documents: retrieval over the memories, then an answer that cites its sources as [n]',
      description:
        'Retrieval is the hybrid document search under the caller\'s tenant and filters, reranked by the tenant\'s default rerank model ' +
        'when there is one (a rerank failure keeps the fused order). The best sources that fit the chat model\'s context window are given to ' +
        "the model (the given `model`, else the tenant's default chat model), which answers only from them and cites them as [n]. With " +
        '`conversation_id` the question is first condensed with the recent turns into a standalone query for retrieval. The question and ' +
        'the answer are stored in the conversation (a new one without `conversation_id`). ' +
        STREAM_DESCRIPTION,
      auth: auth.platform('chat:query'),
      body: QueryBody,
      responses: { 200: QueryResponse, 400: ErrorBody, 404: ErrorBody, 413: ErrorBody },
      handler: async ({ http, tenant, principal, body }) => {
        const prepared = await service.prepare(tenant, principal, body, http.request.id);
        const retrieveMode = body.mode === 'retrieve';
        if (body.stream) {
          return sendEventsStream(http, (signal) => (retrieveMode ? service.retrieveEvents(prepared, signal) : service.answer(prepared, signal, true)), options);
        }
        const signal = disconnectSignal(http);
        return retrieveMode ? service.retrieveOnly(prepared, signal) : service.answerOnce(prepared, signal);
      },
    }),
  ];
}
