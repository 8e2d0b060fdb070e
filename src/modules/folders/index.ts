/** The public surface of the folders module: the composition root imports only this file. */
export { createFolders } from './folders.module.js';
