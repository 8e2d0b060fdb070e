/** The public surface of the chat module: the composition root imports only this file. */
export { createChat } from './chat.module.js';
