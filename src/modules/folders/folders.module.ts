import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import type { DocumentRemover } from '../documents/index.js';
import { createFoldersService } from './folders.service.js';
import { foldersRoutes } from './folders.routes.js';

export interface FoldersModuleDeps {
  /** Deleting a folder deletes its documents (the documents module's cascade). */
  remover: DocumentRemover;
}

export function createFolders(deps: FoldersModuleDeps): { module: Module } {
  const service = createFoldersService({ documents: deps.remover });
  return { module: { name: 'folders', routes: (app) => mountRoutes(app, foldersRoutes(service)) } };
}
