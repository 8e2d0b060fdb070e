import type { CoreContext } from '../../platform/context.js';
import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import type { DocumentRemover } from '../documents/index.js';
import { createMemoriesService } from './memories.service.js';
import { memoriesRoutes } from './memories.routes.js';

export function memoriesModule(_ctx: Pick<CoreContext, 'db'>, documents: DocumentRemover): Module {
  const service = createMemoriesService({ documents });
  return { name: 'memories', routes: (app) => mountRoutes(app, memoriesRoutes(service)) };
}
