import type { CoreContext } from '../../platform/context.js';
import type { Module } from '../module.js';
import type { DocumentRemover } from '../documents/index.js';
import { createMemoriesService } from './memories.service.js';
import { memoriesRoutes } from './memories.routes.js';

export function memoriesModule(ctx: Pick<CoreContext, 'db'>, documents: DocumentRemover): Module {
  return { name: 'memories', routes: memoriesRoutes(createMemoriesService({ db: ctx.db, documents })) };
}
