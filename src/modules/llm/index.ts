/** The public surface of the language-model module: other modules and the composition root import only this file. */
export { createLlm, createLlmCalls } from './llm.module.js';
export type { AnswerModels, ChatModelChoice } from './answer-models.js';
export type { CallContext } from './calls/recorder.js';
export type { ChatMessage } from './calls/chat.types.js';
