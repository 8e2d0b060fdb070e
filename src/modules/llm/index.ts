/** The public surface of the language-model module: other modules and the composition root import only this file. */
export { createLlm, type Llm, type LlmHooks } from './llm.module.js';
