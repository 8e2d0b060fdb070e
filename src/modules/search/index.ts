/**
 * The public surface of `search/`: the composition root builds the search service once and hands it to the search
 * routes and to the chat module (which retrieves through it); other modules import search only through this file.
 */
export { searchModule } from './search.module.js';
export { createSearchService, type SearchService } from './search.service.js';
export { ownGraphsTask } from './tenant-graphs.js';
