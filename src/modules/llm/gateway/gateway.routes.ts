import { Type } from 'typebox';
import { auth, type App } from '../../../platform/http/types.js';
import { mountRoutes, route } from '../../../platform/http/route.js';
import { CHAT_BODY_LIMIT } from '../calls/calls.api.js';
import { callContext, sendEventStream, sendJson, withBodyLimit, withRouteOptions } from '../calls/calls.http.js';
import type { ChatService } from '../calls/chat.service.js';
import type { MediaService } from '../calls/media.service.js';
import { ChatCompletion, ChatCompletionRequest, EmbeddingList, EmbeddingRequest, Model, ModelList, OpenAIErrorBody } from './gateway.api.js';
import { chatInput, completionChunks, presentCompletion, presentEmbeddings, relayedChunks } from './gateway.present.js';
import type { GatewayModels } from './models.service.js';
import { openAIErrorHandler } from './openai-errors.http.js';

// Every status the builder would otherwise document in our own shape (401, 403, 422, 429) is declared here, so that
// OpenAI-shaped bodies are serialized by an OpenAI-shaped schema (422: the input guard, e.g. a NUL byte).
const errors = {
  400: OpenAIErrorBody,
  401: OpenAIErrorBody,
  403: OpenAIErrorBody,
  404: OpenAIErrorBody,
  413: OpenAIErrorBody,
  422: OpenAIErrorBody,
  429: OpenAIErrorBody,
  502: OpenAIErrorBody,
  504: OpenAIErrorBody,
};
const tags = ['openai'];
/** Every error of these routes, auth and validation included, in OpenAI's shape. */
const openAI = { tags, errorHandler: openAIErrorHandler };

const ModelId = Type.String({ minLength: 1, maxLength: 300, description: 'Model id as /v1/models lists it; may hold slashes (openai/gpt-oss-120b)' });

/** Routes of the OpenAI-compatible surface, relative to its /v1 prefix. */
function gatewayRouteList(chat: ChatService, media: MediaService, models: GatewayModels) {
  return [
    withBodyLimit(
      route({
        ...openAI,
        method: 'POST',
        url: '/chat/completions',
        summary: 'Chat completion (OpenAI-compatible; stream: true gives chat.completion.chunk events and [DONE])',
        auth: auth.scopes('chat:query'),
        body: ChatCompletionRequest,
        responses: { 200: ChatCompletion, ...errors },
        handler: async ({ http, principal, body }) => {
          const ctx = callContext(http, principal);
          const toInput = () => chatInput(body);
          if (!body.stream) {
            const answer = await chat.completeOpenAI(principal, ctx, body, toInput);
            return answer.relayed ? sendJson(http, answer.relayed.raw) : presentCompletion(answer.result);
          }
          const includeUsage = body.stream_options?.include_usage === true;
          const answer = await chat.streamOpenAI(principal, ctx, body, toInput);
          return sendEventStream(http, answer.relayed ? relayedChunks(answer.relayed, includeUsage) : completionChunks(answer.stream, includeUsage));
        },
      }),
      CHAT_BODY_LIMIT,
    ),
    withBodyLimit(
      route({
        ...openAI,
        method: 'POST',
        url: '/embeddings',
        summary: 'Embeddings (OpenAI-compatible; float or base64)',
        auth: auth.scopes('chat:query'),
        body: EmbeddingRequest,
        responses: { 200: EmbeddingList, ...errors },
        handler: async ({ http, principal, body: { model, input, dimensions, encoding_format: format } }) => {
          const values = typeof input === 'string' ? [input] : input;
          return presentEmbeddings(await media.embed(principal, callContext(http, principal), { model, values, dimensions }), format);
        },
      }),
      CHAT_BODY_LIMIT,
    ),
    route({
      ...openAI,
      method: 'GET',
      url: '/models',
      summary: "The caller's usable models (enabled for the tenant, allowed by access rules)",
      auth: auth.scopes('llm:read'),
      responses: { 200: ModelList, ...errors },
      handler: ({ tenant, principal }) => models.list(tenant, principal),
    }),
    // A wildcard: model ids may hold slashes ("openai/gpt-oss-120b" on Groq), which a named parameter cannot
    // match. The document names the tail `model` (GET /v1/models/{model}), as OpenAI's own reference does.
    withRouteOptions(
      route({
        ...openAI,
        method: 'GET',
        url: '/models/*',
        summary: 'One usable model',
        auth: auth.scopes('llm:read'),
        params: Type.Object({ '*': ModelId }),
        responses: { 200: Model, ...errors },
        handler: ({ tenant, principal, params }) => models.get(tenant, principal, params['*']),
      }),
      (options) => ({
        config: {
          ...options.config,
          swaggerTransform: ({ schema, url }) => ({
            url: url.replace(/\*$/, ':model'),
            schema: { ...schema, params: Type.Object({ model: ModelId }) },
          }),
        },
      }),
    ),
  ];
}

/**
 * OpenAI-compatible surface under /v1 for existing OpenAI clients: a tenant API key or access token as the bearer,
 * the tenant's enabled models by name. Errors in this scope, unknown URLs included, use OpenAI's shape.
 */
export function gatewayRoutes(chat: ChatService, media: MediaService, models: GatewayModels) {
  return async (app: App) => {
    await app.register(
      async (scope: App) => {
        scope.setNotFoundHandler((request, reply) =>
          reply.code(404).send({ error: { message: `Unknown request URL: ${request.method} ${request.url.split('?')[0]}`, type: 'invalid_request_error', param: null, code: 'unknown_url' } }),
        );
        mountRoutes(scope, gatewayRouteList(chat, media, models));
      },
      { prefix: '/v1' },
    );
  };
}
