import { Type } from 'typebox';
import { auth, type App } from '../../../platform/http/types.js';
import { principalOf } from '../../../platform/auth/plugin.js';
import { ErrorBody, authErrors } from '../../../platform/http/pagination.js';
import { decodeAudio } from './audio.js';
import {
  ChatRequest,
  ChatResponse,
  ImageRequest,
  ImageResponse,
  MAX_AUDIO_BYTES,
  ModelTestResponse,
  TRANSCRIPTION_BODY_LIMIT,
  TranscriptionRequest,
  TranscriptionResponse,
} from './calls.api.js';
import type { ChatResult, ChatService, ChatStream } from './chat.service.js';
import { disconnectSignal, sendEventStream } from './calls.http.js';
import type { MediaService } from './media.service.js';
import type { ModelTestService } from './model-test.service.js';
import { contextOf } from './recorder.js';

/** Room for 1,000,000 characters of any script, JSON-escaped. */
export const CHAT_BODY_LIMIT = 8 * 1024 * 1024;

const providerErrors = { 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 502: ErrorBody, 504: ErrorBody, ...authErrors };

export function presentChat(result: ChatResult) {
  return {
    id: result.id,
    model: result.model,
    provider: result.provider,
    content: result.content,
    finish_reason: result.finishReason,
    usage: { prompt_tokens: result.usage.promptTokens, completion_tokens: result.usage.completionTokens, total_tokens: result.usage.totalTokens },
    cost_usd: result.costUsd,
    latency_ms: result.latencyMs,
  };
}

/** Our event shape: {"delta"} pieces, one {"done": true, ...usage and cost} event, or {"error"}; then [DONE]. */
async function* chatEvents(stream: ChatStream): AsyncGenerator<string> {
  for await (const event of stream.events) {
    if (event.type === 'delta') yield JSON.stringify({ delta: event.text });
    else if (event.type === 'done') yield JSON.stringify({ done: true, ...presentChat(event.result) });
    else yield JSON.stringify({ error: { detail: event.error.detail, code: event.error.code, status_code: event.error.statusCode } });
  }
  yield '[DONE]';
}

export function callsRoutes(chat: ChatService, media: MediaService, tests: ModelTestService) {
  return (app: App) => {
    app.post(
      '/api/v1/llm/chat',
      {
        bodyLimit: CHAT_BODY_LIMIT,
        schema: {
          tags: ['llm'],
          summary: "Chat completion with the tenant's provider key",
          description: 'With stream: true the answer is text/event-stream (data: {"delta": "..."} events, a final event with usage and cost, then data: [DONE]).',
          deprecated: true,
          body: ChatRequest,
          response: { 200: ChatResponse, ...providerErrors },
        },
        config: { auth: auth.scopes('chat:query') },
      },
      async (request, reply) => {
        const { model, messages, temperature, max_tokens: maxTokens, stream } = request.body;
        const ctx = contextOf(principalOf(request), request.id, disconnectSignal(reply));
        const input = { model, messages, temperature, maxTokens };
        if (!stream) return presentChat(await chat.complete(principalOf(request), ctx, input));
        return sendEventStream(reply, chatEvents(await chat.stream(principalOf(request), ctx, input)));
      },
    );

    app.post(
      '/api/v1/llm/images/generate',
      {
        schema: { tags: ['llm'], summary: 'Generate images', deprecated: true, body: ImageRequest, response: { 200: ImageResponse, ...providerErrors } },
        config: { auth: auth.scopes('chat:query') },
      },
      async (request, reply) => media.images(principalOf(request), contextOf(principalOf(request), request.id, disconnectSignal(reply)), request.body),
    );

    app.post(
      '/api/v1/llm/audio/transcriptions',
      {
        bodyLimit: TRANSCRIPTION_BODY_LIMIT,
        schema: {
          tags: ['llm'],
          summary: 'Transcribe audio (base64 in JSON, at most 25 MB of audio)',
          deprecated: true,
          body: TranscriptionRequest,
          response: { 200: TranscriptionResponse, ...providerErrors },
        },
        config: { auth: auth.scopes('chat:query') },
      },
      async (request, reply) => {
        const audio = decodeAudio(request.body.audio_base64, MAX_AUDIO_BYTES);
        const ctx = contextOf(principalOf(request), request.id, disconnectSignal(reply));
        return media.transcription(principalOf(request), ctx, { model: request.body.model, audio, language: request.body.language });
      },
    );

    app.post(
      '/api/v1/llm/models/:model_id/test',
      {
        schema: {
          tags: ['llm'],
          summary: "Test a model with one small call using the tenant's key",
          description: 'A provider failure is reported as success: false with the reason; an unknown, disabled or unconfigured model is an error.',
          deprecated: true,
          params: Type.Object({ model_id: Type.String({ minLength: 1, maxLength: 300 }) }),
          response: { 200: ModelTestResponse, ...providerErrors },
        },
        config: { auth: auth.scopes('chat:query') },
      },
      async (request, reply) => tests.test(principalOf(request), contextOf(principalOf(request), request.id, disconnectSignal(reply)), request.params.model_id),
    );
  };
}
