import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { AppDataPurger, InstalledManifests } from '../apps/index.js';
import type { Module } from '../module.js';
import { assetsRoutes } from './assets/assets.routes.js';
import { createAssetsService } from './assets/assets.service.js';
import { recordsRoutes } from './records/records.routes.js';
import { createRecordsService } from './records/records.service.js';
import { createPurgers } from './purge.js';
import { richDocumentsRoutes } from './rich-documents/rich-documents.routes.js';
import { createRichDocumentsService } from './rich-documents/rich-documents.service.js';
import { createSearchCopies, type SearchIndexPort } from './rich-documents/search-copy.js';
import { createSearchSettings } from './rich-documents/search-settings.service.js';
import { createScopes, type InstallationStatusLookup } from './scope.js';

export interface AppContentDeps {
  /** The manifest an installation runs (the apps module's). */
  manifests: InstalledManifests;
  /** An installation's state (the apps module answers it). */
  installationStatus: InstallationStatusLookup;
  /** Where rich documents' text goes to be searchable (the documents module's ingest and remover). */
  searchIndex: SearchIndexPort;
}

export interface AppContent {
  module: Module;
  /** Registered with the apps module: they delete an uninstalled installation's content. */
  purgers: AppDataPurger[];
}

/** What installed apps keep: app data (records), rich documents, assets. */
export function createAppContent(ctx: CoreContext, deps: AppContentDeps): AppContent {
  const scopes = createScopes(deps);
  const records = createRecordsService({ clock: ctx.clock, config: ctx.config, scopes });
  const copies = createSearchCopies({ port: deps.searchIndex, log: ctx.log });
  const richDocuments = createRichDocumentsService({ clock: ctx.clock, scopes, copies });
  const searchSettings = createSearchSettings({ scopes, copies });
  const assets = createAssetsService({ clock: ctx.clock, blobs: ctx.blobs, scopes, log: ctx.log });
  return {
    module: {
      name: 'app-content',
      routes: (app) => mountRoutes(app, [...recordsRoutes(records), ...richDocumentsRoutes(richDocuments, searchSettings), ...assetsRoutes(assets)]),
    },
    purgers: createPurgers({ copies, assets }),
  };
}
