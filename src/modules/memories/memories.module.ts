import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import type { DocumentRemover } from '../documents/index.js';
import { createMemoriesService } from './memories.service.js';
import { memoriesRoutes } from './memories.routes.js';

export interface MemoriesModuleDeps {
  /** Deleting a memory deletes its documents (the documents module's cascade). */
  remover: DocumentRemover;
}

export function createMemories(deps: MemoriesModuleDeps): { module: Module } {
  const service = createMemoriesService({ documents: deps.remover });
  return { module: { name: 'memories', routes: (app) => mountRoutes(app, memoriesRoutes(service)) } };
}
