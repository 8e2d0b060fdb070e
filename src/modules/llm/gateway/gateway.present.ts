import type { Static } from 'typebox';
import type { ChatInput, ChatResult, ChatStream } from '../calls/chat.types.js';
import type { RelayStream } from '../calls/passthrough.js';
import type { EmbeddingResult } from '../calls/media.service.js';
import type { ChatCompletionRequest } from './gateway.api.js';
import { toOpenAIError } from './openai-errors.http.js';

type CompletionRequest = Static<typeof ChatCompletionRequest>;

/** An OpenAI chat request as our chat service takes it (developer messages are system messages; parts are joined). */
export function chatInput(body: CompletionRequest): ChatInput {
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

/** OpenAI's chat.completion object. */
export function presentCompletion(result: ChatResult) {
  return {
    id: result.id,
    object: 'chat.completion' as const,
    created: result.created,
    model: result.model,
    choices: [{ index: 0, message: { role: 'assistant' as const, content: result.content, refusal: null }, logprobs: null, finish_reason: result.finishReason }],
    usage: { prompt_tokens: result.usage.promptTokens, completion_tokens: result.usage.completionTokens, total_tokens: result.usage.totalTokens },
    system_fingerprint: null,
  };
}

/** OpenAI's chunk stream: a role chunk, content chunks, a finish chunk, a usage chunk when asked, then [DONE]. */
export async function* completionChunks(stream: ChatStream, includeUsage: boolean): AsyncGenerator<string> {
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

const USAGE_NULL = ',"usage":null}';

/**
 * A relayed stream (pass-through): the provider's chunks as they came, then [DONE]. Usage was asked for upstream
 * whatever the client said; a client that did not ask gets neither the usage chunk nor the `usage: null` of the
 * others, as from OpenAI itself. A failure after the first chunk is an error event in OpenAI's shape.
 */
export async function* relayedChunks(stream: RelayStream, includeUsage: boolean): AsyncGenerator<string> {
  for await (const event of stream.events) {
    if (event.type === 'chunk') {
      if (includeUsage || !('usage' in event.chunk)) yield event.data;
      else if (event.chunk.choices?.length) {
        // OpenAI's own spelling ends every chunk with it: cut, not parsed and written again.
        if (event.data.endsWith(USAGE_NULL)) yield `${event.data.slice(0, -USAGE_NULL.length)}}`;
        else {
          const { usage: _usage, ...chunk } = event.chunk;
          yield JSON.stringify(chunk);
        }
      }
    } else if (event.type === 'error') yield JSON.stringify(toOpenAIError(event.error).body);
  }
  yield '[DONE]';
}

function encodeEmbedding(vector: number[], format: 'float' | 'base64' | undefined): number[] | string {
  return format === 'base64' ? Buffer.from(new Float32Array(vector).buffer).toString('base64') : vector;
}

/** OpenAI's embedding list, float or base64 (little-endian float32, as OpenAI sends it). */
export function presentEmbeddings(result: EmbeddingResult, format: 'float' | 'base64' | undefined) {
  return {
    object: 'list' as const,
    data: result.embeddings.map((vector, index) => ({ object: 'embedding' as const, index, embedding: encodeEmbedding(vector, format) })),
    model: result.model,
    usage: { prompt_tokens: result.promptTokens, total_tokens: result.promptTokens },
  };
}
