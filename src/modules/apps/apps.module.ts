import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import { appCommands } from './apps.commands.js';
import { createAppCredentialStore } from './apps.credentials.js';
import { createCatalogService } from './catalog.service.js';
import { catalogRoutes } from './catalog.routes.js';
import { createInstallationsService, type AppDataPurger } from './installations.service.js';
import { installationsRoutes } from './installations.routes.js';
import { createManifestValidator } from './manifest/validate-manifest.js';
import { createRuntimeService } from './runtime.service.js';
import { runtimeRoutes } from './runtime.routes.js';

export interface AppsOptions {
  /** What other areas keep per installation, deleted when an uninstalled app's data is purged. */
  purgers: readonly AppDataPurger[];
}

/**
 * The app platform: manifests and apps, installations, launch and exchange. Connects the installation
 * store to the Authenticator (app tokens resolve to `app` principals) and schedules the purge job.
 */
export function createApps(ctx: CoreContext, options: AppsOptions) {
  ctx.authenticator.connectApps(createAppCredentialStore(ctx.db));
  const validator = createManifestValidator({ publicBaseUrl: ctx.config.publicBaseUrl, allowHttpLoopback: ctx.config.apps.allowHttpLoopback });
  const catalog = createCatalogService({ db: ctx.db, validator });
  const installations = createInstallationsService({ ...ctx, purgers: options.purgers });
  const runtime = createRuntimeService(ctx);

  const module: Module = {
    name: 'apps',
    routes: (app) => mountRoutes(app, [...catalogRoutes(catalog), ...installationsRoutes(installations), ...runtimeRoutes(runtime)]),
    tasks: [{ name: 'apps-purge', everyMs: ctx.config.apps.purgeIntervalMs, run: async () => void (await installations.purgeDue()) }],
    commands: appCommands(catalog),
  };
  return { module };
}
