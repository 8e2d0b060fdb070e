import { createHash } from 'node:crypto';
import { createAnthropic } from '@ai-sdk/anthropic';
import { createGoogleGenerativeAI } from '@ai-sdk/google';
import { createMistral } from '@ai-sdk/mistral';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { EmbeddingModel, ImageModel, LanguageModel, TranscriptionModel } from 'ai';
import { AppError } from '../../../platform/http/errors.js';
import type { ProviderCredentials } from '../gate.js';
import { cohereReranking, type RerankingModelV4 } from './cohere-rerank.js';


/** Public endpoints of the seven catalog providers; a tenant's base_url replaces them (proxies, Ollama hosts). */
const DEFAULT_BASE_URLS: Record<string, string> = {
  openai: 'https://api.openai.com/v1',
  anthropic: 'https://api.anthropic.com/v1',
  mistral: 'https://api.mistral.ai/v1',
  google: 'https://generativelanguage.googleapis.com/v1beta',
  groq: 'https://api.groq.com/openai/v1',
  // Cohere's OpenAI-compatible surface; its native API has no AI SDK adapter in our dependency set.
  cohere: 'https://api.cohere.ai/compatibility/v1',
  ollama: 'http://localhost:11434/v1',
};

export function baseUrlOf(credentials: ProviderCredentials): string {
  const url = credentials.baseUrl ?? DEFAULT_BASE_URLS[credentials.provider];
  if (!url) throw unsupported(credentials.provider, 'calls');
  return url.replace(/\/+$/, '');
}

function unsupported(provider: string, what: string): AppError {
  return new AppError('provider_unsupported', `Provider ${provider} does not support ${what} through this service`);
}

/** The kinds of model a call needs, built from one provider client. */
export interface ProviderClient {
  language(modelName: string): LanguageModel;
  embedding(modelName: string): EmbeddingModel;
  image(modelName: string): ImageModel;
  transcription(modelName: string): TranscriptionModel;
  /** The catalog's `rerank` models are Cohere's; other providers refuse (400 provider_unsupported). */
  reranking(modelName: string): RerankingModelV4;
}

function build(credentials: ProviderCredentials, fetch: typeof globalThis.fetch): ProviderClient {
  const { provider, apiKey } = credentials;
  const baseURL = baseUrlOf(credentials);
  const organization = credentials.organization ?? undefined;
  const none = (what: string) => () => {
    throw unsupported(provider, what);
  };
  const noReranking = none('reranking');
  switch (provider) {
    case 'openai': {
      const p = createOpenAI({ apiKey, baseURL, organization, fetch });
      // .chat(): the Chat Completions API, which every OpenAI-compatible server (and our fake) speaks.
      return {
        language: (m) => p.chat(m),
        embedding: (m) => p.embedding(m),
        image: (m) => p.image(m),
        transcription: (m) => p.transcription(m),
        reranking: noReranking,
      };
    }
    case 'anthropic': {
      const p = createAnthropic({ apiKey, baseURL, fetch });
      return {
        language: (m) => p.chat(m),
        embedding: none('embeddings'),
        image: none('image generation'),
        transcription: none('transcription'),
        reranking: noReranking,
      };
    }
    case 'mistral': {
      const p = createMistral({ apiKey, baseURL, fetch });
      return {
        language: (m) => p.chat(m),
        embedding: (m) => p.embedding(m),
        image: none('image generation'),
        transcription: (m) => p.transcription(m),
        reranking: noReranking,
      };
    }
    case 'google': {
      const p = createGoogleGenerativeAI({ apiKey, baseURL, fetch });
      return {
        language: (m) => p.chat(m),
        embedding: (m) => p.embedding(m),
        image: (m) => p.image(m),
        transcription: (m) => p.transcription(m),
        reranking: noReranking,
      };
    }
    case 'groq':
    case 'cohere':
    case 'ollama': {
      const p = createOpenAICompatible({ name: provider, apiKey, baseURL, includeUsage: true, fetch });
      // Groq serves Whisper on the OpenAI transcription route; the openai adapter speaks it.
      const transcription =
        provider === 'groq' ? (m: string) => createOpenAI({ apiKey, baseURL, fetch }).transcription(m) : none('transcription');
      return {
        language: (m) => p.chatModel(m),
        embedding: (m) => p.embeddingModel(m),
        image: provider === 'ollama' ? none('image generation') : (m) => p.imageModel(m),
        transcription,
        // Cohere's rerank is on its native API (not the compatibility surface): its own adapter.
        reranking: provider === 'cohere' ? (m) => cohereReranking(m, { apiKey, baseUrl: credentials.baseUrl, fetch }) : noReranking,
      };
    }
    default:
      throw unsupported(provider, 'calls');
  }
}

const MAX_CLIENTS = 1_000;

/**
 * Provider clients, reused per (provider, key, base URL, organization): building one is cheap but not free, and a key
 * change yields a new entry, so nothing needs invalidating. Keys are hashed so the map holds no secret as a key.
 */
export function createProviderClients(fetchImpl: typeof globalThis.fetch) {
  const clients = new Map<string, ProviderClient>();
  return function clientFor(credentials: ProviderCredentials): ProviderClient {
    const id = createHash('sha256')
      .update(`${credentials.provider}\0${credentials.apiKey}\0${credentials.baseUrl ?? ''}\0${credentials.organization ?? ''}`)
      .digest('base64url');
    let client = clients.get(id);
    if (!client) {
      client = build(credentials, fetchImpl);
      if (clients.size >= MAX_CLIENTS) clients.delete(clients.keys().next().value as string);
      clients.set(id, client);
    }
    return client;
  };
}
export type ProviderClients = ReturnType<typeof createProviderClients>;
