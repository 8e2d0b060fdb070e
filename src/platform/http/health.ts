import { Type } from 'typebox';
import type { Database } from '../db/database.js';
import { auth, type App } from './types.js';

export interface Lifecycle {
  state: 'starting' | 'ready' | 'draining';
}

export function registerHealth(app: App, db: Database, lifecycle: Lifecycle): void {
  const Status = Type.Object({ status: Type.String() });
  app.get(
    '/healthz',
    {
      schema: { tags: ['system'], summary: 'The process is up', response: { 200: Status } },
      config: { auth: auth.public('liveness probe') },
    },
    async () => ({ status: 'ok' }),
  );
  app.get(
    '/readyz',
    {
      schema: { tags: ['system'], summary: 'Ready to serve: database reachable, not starting or draining', response: { 200: Status, 503: Status } },
      config: { auth: auth.public('readiness probe') },
    },
    async (_request, reply) => {
      if (lifecycle.state !== 'ready') return reply.code(503).send({ status: lifecycle.state });
      try {
        await db.ping();
      } catch {
        return reply.code(503).send({ status: 'database unreachable' });
      }
      return { status: 'ready' };
    },
  );
}
