import { Type } from 'typebox';
import type { Database } from '../db/database.js';
import type { Metrics } from '../metrics/metrics.js';
import { auth, type App } from './types.js';

export interface Lifecycle {
  state: 'starting' | 'ready' | 'draining';
}

/** A service this process depends on besides the database (Redis, the object store): `check` throws when it is down. */
export interface DependencyCheck {
  name: string;
  check(): Promise<void>;
  /** Without it nothing can be served (like the database): the instance is not ready, rather than degraded. */
  critical?: boolean;
}

/** A probe that hangs is a probe that failed: the orchestrator must get an answer in time. */
const CHECK_TIMEOUT_MS = 2000;

async function probe(check: () => Promise<void>): Promise<'ok' | 'unreachable'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch {
    return 'unreachable';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: the process is up. /readyz: whether to send it traffic, with what each dependency answered.
 * - starting, draining, the database unreachable, or a critical dependency (the data directory) failing: 503;
 * - Redis or the object store unreachable: 200 `degraded` (sign-in, search and reads still work; uploads, downloads
 *   or shared rate limits fail), so that an outage of a service every instance shares does not empty the load
 *   balancer; alerting reads `kb_dependency_up` or the `checks` of this body.
 */
export function registerHealth(app: App, db: Database, lifecycle: Lifecycle, dependencies: DependencyCheck[] = [], metrics?: Metrics): void {
  const up = metrics?.gauge('kb_dependency_up', 'Whether a dependency answered the last readiness probe (1) or not (0)', ['dependency']);
  const Status = Type.Object({
    status: Type.String({ description: '`ready`, `degraded`, `starting`, `draining`, `database unreachable` or `data_dir unreachable`' }),
    checks: Type.Optional(Type.Record(Type.String(), Type.String(), { description: '`ok` or `unreachable` per dependency' })),
  });
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
      schema: {
        tags: ['system'],
        summary: 'Ready to serve: database reachable, data directory writable, not starting or draining; Redis and the object store reported (degraded when down)',
        response: { 200: Status, 503: Status },
      },
      config: { auth: auth.public('readiness probe') },
    },
    async (_request, reply) => {
      if (lifecycle.state !== 'ready') return reply.code(503).send({ status: lifecycle.state });
      const named = [{ name: 'database', check: () => db.ping() }, ...dependencies];
      const results = await Promise.all(named.map(async (d) => [d.name, await probe(d.check)] as const));
      const checks = Object.fromEntries(results);
      for (const [name, result] of results) up?.set({ dependency: name }, result === 'ok' ? 1 : 0);
      if (checks.database !== 'ok') return reply.code(503).send({ status: 'database unreachable', checks });
      const down = dependencies.find((d) => d.critical && checks[d.name] !== 'ok');
      if (down) return reply.code(503).send({ status: `${down.name} unreachable`, checks });
      return { status: results.every(([, r]) => r === 'ok') ? 'ready' : 'degraded', checks };
    },
  );
}
