import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import type { DocumentRemover } from '../documents/index.js';
import { createFoldersService } from './folders.service.js';
import { foldersRoutes } from './folders.routes.js';

export function foldersModule(documents: DocumentRemover): Module {
  const service = createFoldersService({ documents });
  return { name: 'folders', routes: (app) => mountRoutes(app, foldersRoutes(service)) };
}
