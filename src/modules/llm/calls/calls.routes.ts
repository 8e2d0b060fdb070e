import { Type } from 'typebox';
import { auth } from '../../../platform/http/types.js';
import { ErrorBody } from '../../../platform/http/schemas.js';
import { route } from '../../../platform/http/route.js';
import { decodeAudio } from './audio.js';
import {
  CHAT_BODY_LIMIT,
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
import type { ChatService } from './chat.service.js';
import { callContext, sendEventStream, withBodyLimit } from './calls.http.js';
import { chatEvents, presentChat } from './calls.present.js';
import type { MediaService } from './media.service.js';
import type { ModelTestService } from './model-test.service.js';

const providerErrors = { 400: ErrorBody, 404: ErrorBody, 413: ErrorBody, 502: ErrorBody, 504: ErrorBody };
const tags = ['llm'];
const deprecated = { openapi: { deprecated: true } };
// Apps granted chat:query may call too, as their user (access rules and usage records name the user).
const CALL = auth.platform('chat:query');

/** Calls with the tenant's provider keys: chat (JSON or SSE), images, transcription, and a model's test call. */
export function callsRoutes(chat: ChatService, media: MediaService, tests: ModelTestService) {
  return [
    withBodyLimit(
      route({
        ...deprecated,
        method: 'POST',
        url: '/api/v1/llm/chat',
        tags,
        summary: "Chat completion with the tenant's provider key",
        description: 'With stream: true the answer is text/event-stream (data: {"delta": "..."} events, a final event with usage and cost, then data: [DONE]).',
        auth: CALL,
        body: ChatRequest,
        responses: { 200: ChatResponse, ...providerErrors },
        handler: async ({ http, principal, body: { model, messages, temperature, max_tokens: maxTokens, stream } }) => {
          const input = { model, messages, temperature, maxTokens };
          if (!stream) return presentChat(await chat.complete(principal, callContext(http, principal), input));
          return sendEventStream(http, chatEvents(await chat.stream(principal, callContext(http, principal), input)));
        },
      }),
      CHAT_BODY_LIMIT,
    ),
    route({
      ...deprecated,
      method: 'POST',
      url: '/api/v1/llm/images/generate',
      tags,
      summary: 'Generate images',
      auth: CALL,
      body: ImageRequest,
      responses: { 200: ImageResponse, ...providerErrors },
      handler: ({ http, principal, body }) => media.images(principal, callContext(http, principal), body),
    }),
    withBodyLimit(
      route({
        ...deprecated,
        method: 'POST',
        url: '/api/v1/llm/audio/transcriptions',
        tags,
        summary: 'Transcribe audio (base64 in JSON, at most 25 MB of audio)',
        auth: CALL,
        body: TranscriptionRequest,
        responses: { 200: TranscriptionResponse, ...providerErrors },
        handler: async ({ http, principal, body: { model, audio_base64: audioBase64, language } }) => {
          const audio = decodeAudio(audioBase64, MAX_AUDIO_BYTES);
          return media.transcription(principal, callContext(http, principal), { model, audio, language });
        },
      }),
      TRANSCRIPTION_BODY_LIMIT,
    ),
    route({
      ...deprecated,
      method: 'POST',
      url: '/api/v1/llm/models/:model_id/test',
      tags,
      summary: "Test a model with one small call using the tenant's key",
      description: 'A provider failure is reported as success: false with the reason; an unknown, disabled or unconfigured model is an error.',
      auth: CALL,
      params: Type.Object({ model_id: Type.String({ minLength: 1, maxLength: 300 }) }),
      responses: { 200: ModelTestResponse, ...providerErrors },
      handler: ({ http, tenant, principal, params }) => tests.test(tenant, principal, callContext(http, principal), params.model_id),
    }),
  ];
}
