import { embedMany, generateImage, transcribe } from 'ai';
import type { Principal } from '../../../platform/auth/principal.js';
import { AppError } from '../../../platform/http/errors.js';
import { withRetries } from './attempts.js';
import { rethrowAsAppError } from './failures.js';
import type { ResolvedCall } from '../gate.js';
import type { GateCache } from './gate-cache.js';
import type { ProviderClients } from './providers.js';
import { retryOptionsFor, type CallContext, type CallRecorder } from './recorder.js';
import { MAX_PROMPT_CHARS } from './chat.types.js';

export const MAX_EMBEDDING_INPUTS = 2048;

export interface MediaDeps {
  gate: Pick<GateCache, 'resolveForCall'>;
  recorder: CallRecorder;
  provider: { timeoutMs: number; maxRetries: number };
  clients: ProviderClients;
}

export interface EmbeddingResult {
  model: string;
  provider: string;
  embeddings: number[][];
  promptTokens: number;
  costUsd: number | null;
  latencyMs: number;
}

/** Image generation, transcription and embeddings: one provider call each, with the same retries and bookkeeping as chat. */
export function createMediaService(deps: MediaDeps) {
  const { recorder } = deps;

  const retryOptions = (ctx: CallContext, resolved: ResolvedCall) => retryOptionsFor(recorder, deps.provider, ctx, resolved);

  async function images(principal: Principal, ctx: CallContext, input: { model: string; prompt: string; n?: number; size?: string }) {
    const resolved = await deps.gate.resolveForCall(principal, input.model, 'image_generation');
    const model = deps.clients(resolved.credentials).image(resolved.model.modelName);
    const started = performance.now();
    const result = await withRetries(
      (attempt) =>
        generateImage({
          model,
          prompt: input.prompt,
          n: input.n ?? 1,
          size: input.size as `${number}x${number}` | undefined,
          maxRetries: 0,
          abortSignal: attempt.signal,
        }),
      retryOptions(ctx, resolved),
    ).catch(rethrowAsAppError);
    const latencyMs = Math.round(performance.now() - started);
    const images = result.images.map((image) => ({ b64_json: image.base64, media_type: image.mediaType }));
    const costUsd = await recorder.success(
      ctx,
      resolved.model,
      'image_generation',
      { images: images.length, promptTokens: result.usage?.inputTokens, completionTokens: result.usage?.outputTokens },
      latencyMs,
    );
    return {
      created: Math.floor(Date.now() / 1000),
      model: resolved.model.modelName,
      provider: resolved.model.provider,
      images,
      cost_usd: costUsd,
      latency_ms: latencyMs,
    };
  }

  async function transcription(principal: Principal, ctx: CallContext, input: { model: string; audio: Buffer; language?: string }) {
    const resolved = await deps.gate.resolveForCall(principal, input.model, 'audio_transcription');
    const model = deps.clients(resolved.credentials).transcription(resolved.model.modelName);
    const started = performance.now();
    const language = input.language;
    const result = await withRetries(
      (attempt) =>
        transcribe({
          model,
          audio: input.audio,
          // 'json' is the one response format every OpenAI-style transcription server answers alike.
          providerOptions: { openai: { responseFormat: 'json', ...(language ? { language } : {}) }, ...(language ? { mistral: { language } } : {}) },
          maxRetries: 0,
          abortSignal: attempt.signal,
        }),
      retryOptions(ctx, resolved),
    ).catch(rethrowAsAppError);
    const latencyMs = Math.round(performance.now() - started);
    const duration = result.durationInSeconds ?? null;
    const costUsd = await recorder.success(ctx, resolved.model, 'audio_transcription', { audioSeconds: duration ?? undefined }, latencyMs);
    return {
      text: result.text,
      language: result.language ?? language ?? null,
      duration,
      model: resolved.model.modelName,
      provider: resolved.model.provider,
      cost_usd: costUsd,
      latency_ms: latencyMs,
    };
  }

  async function embedResolved(ctx: CallContext, resolved: ResolvedCall, values: string[], options: { dimensions?: number } = {}): Promise<EmbeddingResult> {
    let chars = 0;
    for (const value of values) chars += value.length;
    if (chars > MAX_PROMPT_CHARS) {
      throw new AppError('payload_too_large', `The input holds ${chars.toLocaleString('en')} characters; the limit is ${MAX_PROMPT_CHARS.toLocaleString('en')}`);
    }
    const model = deps.clients(resolved.credentials).embedding(resolved.model.modelName);
    const provider = resolved.credentials.provider;
    // Each adapter reads its own key (openai-compatible ones their provider name; Google calls it outputDimensionality).
    const dims = options.dimensions ? { dimensions: options.dimensions, outputDimensionality: options.dimensions } : null;
    const providerOptions = dims ? { openai: dims, [provider]: dims } : undefined;
    const started = performance.now();
    const result = await withRetries(
      (attempt) => embedMany({ model, values, maxRetries: 0, abortSignal: attempt.signal, providerOptions }),
      retryOptions(ctx, resolved),
    );
    const latencyMs = Math.round(performance.now() - started);
    const promptTokens = result.usage?.tokens ?? 0;
    const costUsd = await recorder.success(ctx, resolved.model, 'embedding', { promptTokens }, latencyMs);
    return { model: resolved.model.modelName, provider: resolved.model.provider, embeddings: result.embeddings, promptTokens, costUsd, latencyMs };
  }

  async function embed(principal: Principal, ctx: CallContext, input: { model: string; values: string[]; dimensions?: number }) {
    const resolved = await deps.gate.resolveForCall(principal, input.model, 'embedding');
    return embedResolved(ctx, resolved, input.values, { dimensions: input.dimensions }).catch(rethrowAsAppError);
  }

  return { images, transcription, embed, embedResolved };
}
export type MediaService = ReturnType<typeof createMediaService>;
