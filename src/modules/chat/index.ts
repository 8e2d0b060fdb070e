/** The public surface of the chat module: the composition root imports only this file. */
export { chatModule } from './chat.module.js';
