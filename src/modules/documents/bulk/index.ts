/** The public surface of bulk upload (a sub-module of documents, with its own owner). */
export { createBulk } from './bulk.module.js';
