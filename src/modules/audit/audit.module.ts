import { mountRoutes } from '../../platform/http/route.js';
import type { Module } from '../module.js';
import { auditRoutes } from './audit.routes.js';

/** The audit log's routes; other modules write to it through `audit()` in their own transactions. */
export function createAudit(): { module: Module } {
  return { module: { name: 'audit', routes: (app) => mountRoutes(app, auditRoutes()) } };
}
