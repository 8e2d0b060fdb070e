// What installed apps keep (app data, rich documents, assets), as the composition root sees it.
export { createAppContent, type AppContent, type AppContentDeps } from './app-content.module.js';
export type { InstallationStatus, InstallationStatusLookup } from './scope.js';
