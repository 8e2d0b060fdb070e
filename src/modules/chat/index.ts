/** The public surface of the chat module: the composition root imports only this file. */
export { createChat, type ChatDeps } from './chat.module.js';
