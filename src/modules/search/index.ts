/**
 * The public surface of `search/`: the composition root builds the search module once; its search service serves the
 * search routes and the chat module (which retrieves through it); other modules import search only through this file.
 */
export { createSearch } from './search.module.js';
export { createSearchService, DEFAULT_TOP_K, type SearchInput, type SearchMode, type SearchService } from './search.service.js';
export { ownGraphsTask } from './tenant-graphs.js';
