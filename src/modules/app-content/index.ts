// What installed apps keep (app data, rich documents, assets), as the composition root sees it.
export { createAppContent } from './app-content.module.js';

