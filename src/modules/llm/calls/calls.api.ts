import { Type, type TSchema } from 'typebox';
import { MAX_MESSAGES, MAX_PROMPT_CHARS } from './chat.types.js';

/** Request and response schemas of the /api/v1/llm call endpoints (validation, types and OpenAPI in one place). */

/** Room for 1,000,000 characters of any script, JSON-escaped (chat and the gateway's chat and embeddings). */
export const CHAT_BODY_LIMIT = 8 * 1024 * 1024;

const Nullable = <T extends TSchema>(t: T) => Type.Union([t, Type.Null()]);
const ModelRef = Type.String({ minLength: 1, maxLength: 300, description: 'model_name of the catalog, or the model UUID' });

export const ChatRequest = Type.Object({
  model: ModelRef,
  messages: Type.Array(
    Type.Object({
      role: Type.Union([Type.Literal('system'), Type.Literal('user'), Type.Literal('assistant')]),
      content: Type.String(),
    }),
    { minItems: 1, maxItems: MAX_MESSAGES, description: `1 to ${MAX_MESSAGES} messages; ${MAX_PROMPT_CHARS.toLocaleString('en')} characters in all` },
  ),
  temperature: Type.Optional(Type.Number({ minimum: 0, maximum: 2 })),
  max_tokens: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, description: "Also at most the model's max_output_tokens" })),
  stream: Type.Optional(Type.Boolean({ default: false, description: 'Answer as text/event-stream: data: {"delta"} events, a final event with usage and cost, then data: [DONE]' })),
});

const Usage = Type.Object({
  prompt_tokens: Type.Integer(),
  completion_tokens: Type.Integer(),
  total_tokens: Type.Integer(),
});

export const ChatResponse = Type.Object({
  id: Type.String(),
  model: Type.String(),
  provider: Type.String(),
  content: Type.String(),
  finish_reason: Type.String(),
  usage: Usage,
  cost_usd: Nullable(Type.Number({ description: 'From the catalog prices; null when the catalog has none' })),
  latency_ms: Type.Integer(),
});

export const ImageRequest = Type.Object({
  model: ModelRef,
  prompt: Type.String({ minLength: 1, maxLength: 32_000 }),
  n: Type.Optional(Type.Integer({ minimum: 1, maximum: 10, default: 1 })),
  size: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{1,4}x[1-9][0-9]{1,4}$', description: 'WIDTHxHEIGHT, e.g. 1024x1024' })),
});

export const ImageResponse = Type.Object({
  created: Type.Integer(),
  model: Type.String(),
  provider: Type.String(),
  images: Type.Array(Type.Object({ b64_json: Type.String(), media_type: Type.String() })),
  cost_usd: Nullable(Type.Number()),
  latency_ms: Type.Integer(),
});

/** Base64 of at most 25 MB of audio (the common provider limit); the route's body limit leaves room for it. */
export const MAX_AUDIO_BYTES = 25 * 1024 * 1024;
export const TRANSCRIPTION_BODY_LIMIT = 35 * 1024 * 1024;

export const TranscriptionRequest = Type.Object({
  model: ModelRef,
  audio_base64: Type.String({ minLength: 4, description: 'The audio file, base64 (a data: URL prefix is accepted); at most 25 MB decoded' }),
  filename: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  language: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$', description: 'ISO-639-1 hint, e.g. en, fr' })),
});

export const TranscriptionResponse = Type.Object({
  text: Type.String(),
  language: Nullable(Type.String()),
  duration: Nullable(Type.Number({ description: 'Seconds' })),
  model: Type.String(),
  provider: Type.String(),
  cost_usd: Nullable(Type.Number()),
  latency_ms: Type.Integer(),
});

export const ModelTestResponse = Type.Object({
  success: Type.Boolean(),
  model: Type.String(),
  provider: Type.String(),
  response: Nullable(Type.String()),
  latency_ms: Type.Integer(),
  usage: Nullable(Usage),
  estimated_cost: Nullable(Type.Number()),
  error: Nullable(Type.Object({ code: Type.String(), detail: Type.String(), status_code: Nullable(Type.Integer()) })),
});
