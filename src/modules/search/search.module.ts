import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import type { SearchService } from './search.service.js';
import { searchRoutes } from './search.routes.js';

/** The search routes over a search service the composition root built (chat retrieves through the same one). */
export function searchModule(service: SearchService): Module {
  return { name: 'search', routes: (app) => mountRoutes(app, searchRoutes(service)) };
}
