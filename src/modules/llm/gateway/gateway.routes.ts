import { Type, type Static } from 'typebox';
import { auth, type App } from '../../../platform/http/types.js';
import { principalOf } from '../../../platform/auth/plugin.js';
import type { ChatInput, ChatService, ChatStream } from '../calls/chat.service.js';
import { CHAT_BODY_LIMIT } from '../calls/calls.routes.js';
import { disconnectSignal, sendEventStream } from '../calls/calls.http.js';
import type { MediaService } from '../calls/media.service.js';
import { contextOf } from '../calls/recorder.js';
import { ChatCompletion, ChatCompletionRequest, EmbeddingList, EmbeddingRequest, Model, ModelList, OpenAIErrorBody } from './gateway.api.js';
import type { GatewayModels } from './models.service.js';
import { openAIErrorHandler, toOpenAIError } from './openai-errors.http.js';

const errors = { 400: OpenAIErrorBody, 401: OpenAIErrorBody, 403: OpenAIErrorBody, 404: OpenAIErrorBody, 413: OpenAIErrorBody, 429: OpenAIErrorBody, 502: OpenAIErrorBody, 504: OpenAIErrorBody };

type CompletionRequest = Static<typeof ChatCompletionRequest>;

function chatInput(body: CompletionRequest): ChatInput {
  const messages = body.messages.map((m) => ({
    role: m.role === 'developer' ? ('system' as const) : m.role,
    content: typeof m.content === 'string' ? m.content : (m.content ?? []).map((p) => p.text).join(''),
  }));
  const stop = typeof body.stop === 'string' ? [body.stop] : (body.stop ?? undefined);
  return {
    model: body.model,
    messages,
    temperature: body.temperature ?? undefined,
    topP: body.top_p ?? undefined,
    maxTokens: body.max_completion_tokens ?? body.max_tokens ?? undefined,
    stop,
    seed: body.seed ?? undefined,
    presencePenalty: body.presence_penalty ?? undefined,
    frequencyPenalty: body.frequency_penalty ?? undefined,
  };
}

/** OpenAI's chunk stream: a role chunk, content chunks, a finish chunk, a usage chunk when asked, then [DONE]. */
async function* completionChunks(stream: ChatStream, includeUsage: boolean): AsyncGenerator<string> {
  const head = { id: stream.id, object: 'chat.completion.chunk', created: stream.created, model: stream.model, system_fingerprint: null };
  // With include_usage, every chunk but the last carries `usage: null`, as OpenAI does.
  const usageNull = includeUsage ? { usage: null } : {};
  const chunk = (delta: object, finishReason: string | null) =>
    JSON.stringify({ ...head, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }], ...usageNull });
  yield chunk({ role: 'assistant', content: '' }, null);
  for await (const event of stream.events) {
    if (event.type === 'delta') yield chunk({ content: event.text }, null);
    else if (event.type === 'done') {
      yield chunk({}, event.result.finishReason);
      if (includeUsage) {
        const u = event.result.usage;
        yield JSON.stringify({ ...head, choices: [], usage: { prompt_tokens: u.promptTokens, completion_tokens: u.completionTokens, total_tokens: u.totalTokens } });
      }
    } else {
      yield JSON.stringify(toOpenAIError(event.error).body);
    }
  }
  yield '[DONE]';
}

function encodeEmbedding(vector: number[], format: 'float' | 'base64' | undefined): number[] | string {
  return format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
}

/**
 * OpenAI-compatible surface under /v1 for existing OpenAI clients: a tenant API key or access token as the bearer,
 * the tenant's enabled models by name. Errors in this scope, auth and validation included, use OpenAI's shape.
 */
const ModelId = Type.String({ minLength: 1, maxLength: 300, description: 'Model id as /v1/models lists it; may hold slashes (openai/gpt-oss-120b)' });

export function gatewayRoutes(chat: ChatService, media: MediaService, models: GatewayModels) {
  return async (app: App) => {
    await app.register(
      async (scope: App) => {
        scope.setErrorHandler(openAIErrorHandler);
        scope.setNotFoundHandler((request, reply) =>
          reply.code(404).send({ error: { message: `Unknown request URL: ${request.method} ${request.url.split('?')[0]}`, type: 'invalid_request_error', param: null, code: 'unknown_url' } }),
        );

        scope.post(
          '/chat/completions',
          {
            bodyLimit: CHAT_BODY_LIMIT,
            schema: {
              tags: ['openai'],
              summary: 'Chat completion (OpenAI-compatible; stream: true gives chat.completion.chunk events and [DONE])',
              body: ChatCompletionRequest,
              response: { 200: ChatCompletion, ...errors },
            },
            config: { auth: auth.scopes('chat:query') },
          },
          async (request, reply) => {
            const principal = principalOf(request);
            const ctx = contextOf(principal, request.id, disconnectSignal(reply));
            const input = chatInput(request.body);
            if (request.body.stream) {
              const stream = await chat.stream(principal, ctx, input);
              return sendEventStream(reply, completionChunks(stream, request.body.stream_options?.include_usage === true));
            }
            const result = await chat.complete(principal, ctx, input);
            return {
              id: result.id,
              object: 'chat.completion' as const,
              created: result.created,
              model: result.model,
              choices: [{ index: 0, message: { role: 'assistant' as const, content: result.content, refusal: null }, logprobs: null, finish_reason: result.finishReason }],
              usage: { prompt_tokens: result.usage.promptTokens, completion_tokens: result.usage.completionTokens, total_tokens: result.usage.totalTokens },
              system_fingerprint: null,
            };
          },
        );

        scope.post(
          '/embeddings',
          {
            bodyLimit: CHAT_BODY_LIMIT,
            schema: { tags: ['openai'], summary: 'Embeddings (OpenAI-compatible; float or base64)', body: EmbeddingRequest, response: { 200: EmbeddingList, ...errors } },
            config: { auth: auth.scopes('chat:query') },
          },
          async (request, reply) => {
            const principal = principalOf(request);
            const { model, input, dimensions, encoding_format: format } = request.body;
            const ctx = contextOf(principal, request.id, disconnectSignal(reply));
            const result = await media.embed(principal, ctx, { model, values: typeof input === 'string' ? [input] : input, dimensions });
            return {
              object: 'list' as const,
              data: result.embeddings.map((vector, index) => ({ object: 'embedding' as const, index, embedding: encodeEmbedding(vector, format) })),
              model: result.model,
              usage: { prompt_tokens: result.promptTokens, total_tokens: result.promptTokens },
            };
          },
        );

        scope.get(
          '/models',
          {
            schema: { tags: ['openai'], summary: "The caller's usable models (enabled for the tenant, allowed by access rules)", response: { 200: ModelList, ...errors } },
            config: { auth: auth.scopes('llm:read') },
          },
          async (request) => models.list(principalOf(request)),
        );

        // A wildcard: model ids may hold slashes ("openai/gpt-oss-120b" on Groq), which a named parameter cannot
        // match. The document names the tail `model` (GET /v1/models/{model}), as OpenAI's own reference does.
        scope.get(
          '/models/*',
          {
            schema: {
              tags: ['openai'],
              summary: 'One usable model',
              params: Type.Object({ '*': ModelId }),
              response: { 200: Model, ...errors },
            },
            config: {
              auth: auth.scopes('llm:read'),
              swaggerTransform: ({ schema, url }) => ({
                url: url.replace(/\*$/, ':model'),
                schema: { ...schema, params: Type.Object({ model: ModelId }) },
              }),
            },
          },
          async (request) => models.get(principalOf(request), request.params['*']),
        );
      },
      { prefix: '/v1' },
    );
  };
}
