import { Type } from 'typebox';
import { MAX_MESSAGES } from '../calls/chat.types.js';
import { MAX_EMBEDDING_INPUTS } from '../calls/media.service.js';

/** The subset of OpenAI's request and response bodies the gateway speaks (unknown fields are dropped, not refused). */

const TextPart = Type.Object({ type: Type.Literal('text'), text: Type.String() });

export const ChatCompletionRequest = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 300 }),
  messages: Type.Array(
    Type.Object({
      role: Type.Union([Type.Literal('system'), Type.Literal('developer'), Type.Literal('user'), Type.Literal('assistant')]),
      content: Type.Union([Type.Array(TextPart, { maxItems: 100 }), Type.String(), Type.Null()]),
      name: Type.Optional(Type.String({ maxLength: 100 })),
    }),
    { minItems: 1, maxItems: MAX_MESSAGES },
  ),
  temperature: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 2 }), Type.Null()])),
  top_p: Type.Optional(Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()])),
  max_tokens: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()])),
  max_completion_tokens: Type.Optional(Type.Union([Type.Integer({ minimum: 1, maximum: 1_000_000 }), Type.Null()])),
  stream: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
  stream_options: Type.Optional(Type.Union([Type.Object({ include_usage: Type.Optional(Type.Boolean()) }), Type.Null()])),
  stop: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String(), { maxItems: 4 }), Type.Null()])),
  seed: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  presence_penalty: Type.Optional(Type.Union([Type.Number({ minimum: -2, maximum: 2 }), Type.Null()])),
  frequency_penalty: Type.Optional(Type.Union([Type.Number({ minimum: -2, maximum: 2 }), Type.Null()])),
  n: Type.Optional(Type.Union([Type.Literal(1), Type.Null()])),
  user: Type.Optional(Type.String({ maxLength: 256 })),
});

const Usage = Type.Object({ prompt_tokens: Type.Integer(), completion_tokens: Type.Integer(), total_tokens: Type.Integer() });

export const ChatCompletion = Type.Object({
  id: Type.String(),
  object: Type.Literal('chat.completion'),
  created: Type.Integer(),
  model: Type.String(),
  choices: Type.Array(
    Type.Object({
      index: Type.Integer(),
      message: Type.Object({ role: Type.Literal('assistant'), content: Type.Union([Type.String(), Type.Null()]), refusal: Type.Union([Type.String(), Type.Null()]) }),
      logprobs: Type.Null(),
      finish_reason: Type.String(),
    }),
  ),
  usage: Usage,
  system_fingerprint: Type.Union([Type.String(), Type.Null()]),
}, { description: "Relayed from providers that speak OpenAI's protocol as they sent it (their id, model and any further fields); rebuilt in this shape for the others" });

export const EmbeddingRequest = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 300 }),
  input: Type.Union([Type.String({ minLength: 1 }), Type.Array(Type.String({ minLength: 1 }), { minItems: 1, maxItems: MAX_EMBEDDING_INPUTS })], {
    description: 'Text or a list of texts (token arrays are not supported)',
  }),
  encoding_format: Type.Optional(Type.Union([Type.Literal('float'), Type.Literal('base64')])),
  dimensions: Type.Optional(Type.Integer({ minimum: 1, maximum: 65_536 })),
  user: Type.Optional(Type.String({ maxLength: 256 })),
});

export const EmbeddingList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(
    Type.Object({
      object: Type.Literal('embedding'),
      index: Type.Integer(),
      embedding: Type.Union([Type.Array(Type.Number()), Type.String({ description: 'base64 of little-endian float32' })]),
    }),
  ),
  model: Type.String(),
  usage: Type.Object({ prompt_tokens: Type.Integer(), total_tokens: Type.Integer() }),
});

export const Model = Type.Object({
  id: Type.String(),
  object: Type.Literal('model'),
  created: Type.Integer(),
  owned_by: Type.String(),
});

export const ModelList = Type.Object({ object: Type.Literal('list'), data: Type.Array(Model) });

export const OpenAIErrorBody = Type.Object({
  error: Type.Object({
    message: Type.String(),
    type: Type.String(),
    param: Type.Union([Type.String(), Type.Null()]),
    code: Type.Union([Type.String(), Type.Null()]),
  }),
});
