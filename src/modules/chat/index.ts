/** The public surface of the chat module: the composition root imports only this file. */
export { chatModule, type ChatDeps } from './chat.module.js';
