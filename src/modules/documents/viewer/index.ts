/** The public surface of the document viewer (a sub-module of documents, with its own owner). */
export { createViewer } from './viewer.module.js';
