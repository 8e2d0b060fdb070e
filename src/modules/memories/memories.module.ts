import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import type { DocumentRemover } from '../documents/index.js';
import { createMemoriesService } from './memories.service.js';
import { memoriesRoutes } from './memories.routes.js';

export function memoriesModule(documents: DocumentRemover): Module {
  const service = createMemoriesService({ documents });
  return { name: 'memories', routes: (app) => mountRoutes(app, memoriesRoutes(service)) };
}
