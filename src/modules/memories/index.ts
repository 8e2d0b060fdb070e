/** The public surface of the memories module: the composition root imports only this file. */
export { createMemories } from './memories.module.js';
