// The apps module as other modules see it (app data, rich documents and assets build on these).
export { createApps, type Apps, type AppsOptions } from './apps.module.js';
export type { AppDataPurger } from './installations.service.js';
export { installationStatusOf } from './installation-status.js';
export { createInstalledManifests, type AppCollection, type InstalledManifest, type InstalledManifests } from './installation-manifests.js';
export type { Manifest } from './manifest/validate-manifest.js';
export { MANIFEST_LIMITS } from './manifest/limits.js';
// The app principal and the route requirements that admit it live in platform/ (every module may use them):
export type { AppPrincipal } from '../../platform/auth/principal.js';
export { auth } from '../../platform/http/types.js';
export { appPrincipalOf } from './app-principal.js';
