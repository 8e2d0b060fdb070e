/**
 * The public surface of `search/`: the composition root builds the search module once; its search service serves the
 * search routes and the chat module (which retrieves through it); other modules import search only through this file.
 */
export { createSearch } from './search.module.js';
export type { SearchService } from './search.service.js';

