// The apps module as other modules see it (app data, rich documents and assets build on these).
export { createApps } from './apps.module.js';
export type { AppDataPurger } from './installations.service.js';
export { installationStatusOf } from './installation-status.js';
export { createInstalledManifests, type AppCollection, type InstalledManifest, type InstalledManifests } from './installation-manifests.js';
// The route requirements that admit an app principal live in platform/ (every module may use them):
export { auth } from '../../platform/http/types.js';
