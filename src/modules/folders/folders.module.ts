import type { CoreContext } from '../../platform/context.js';
import type { Module } from '../module.js';
import type { DocumentRemover } from '../documents/index.js';
import { createFoldersService } from './folders.service.js';
import { foldersRoutes } from './folders.routes.js';

export function foldersModule(ctx: Pick<CoreContext, 'db'>, documents: DocumentRemover): Module {
  return { name: 'folders', routes: foldersRoutes(createFoldersService({ db: ctx.db, documents })) };
}
