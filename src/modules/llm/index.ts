/** The public surface of the language-model module: other modules and the composition root import only this file. */
export { createLlm, createLlmCalls, type LlmCalls } from './llm.module.js';
export type { AnswerModels, ChatModelChoice, RerankOutcome } from './answer-models.js';
export type { CallContext } from './calls/recorder.js';
export type { ChatEvent, ChatInput, ChatMessage, ChatResult, ChatStream } from './calls/chat.types.js';
