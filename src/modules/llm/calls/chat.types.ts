import { randomUUID } from 'node:crypto';
import type { AppError } from '../../../platform/http/errors.js';

/**
 * What a chat call takes and gives, whichever path serves it (the AI SDK or the pass-through): the engine core, both
 * adapters, the wire helpers and the routes import it from here, so none of them imports another for a type.
 */

export const MAX_MESSAGES = 500;
/** Sum of the characters of all messages; far above any model's context, low enough to protect the service. */
export const MAX_PROMPT_CHARS = 1_000_000;

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatInput {
  model: string;
  messages: ChatMessage[];
  temperature?: number;
  topP?: number;
  maxTokens?: number;
  stop?: string[];
  seed?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
}

export interface ChatUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

export interface ChatResult {
  id: string;
  created: number;
  model: string;
  provider: string;
  content: string;
  finishReason: string;
  usage: ChatUsage;
  costUsd: number | null;
  latencyMs: number;
}

export type ChatEvent = { type: 'delta'; text: string } | { type: 'done'; result: ChatResult } | { type: 'error'; error: AppError };

/** How every stream ends: our result, or the failure as the client sees it. */
export type ChatEnd = Exclude<ChatEvent, { type: 'delta' }>;

export interface ChatStream {
  id: string;
  created: number;
  model: string;
  provider: string;
  events: AsyncGenerator<ChatEvent, void, undefined>;
}

export const newCompletionId = () => `chatcmpl-${randomUUID().replaceAll('-', '')}`;
