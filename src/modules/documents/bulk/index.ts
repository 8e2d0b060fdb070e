/** The public surface of bulk upload (a sub-module of documents, with its own owner). */
export { bulkModule } from './bulk.module.js';
