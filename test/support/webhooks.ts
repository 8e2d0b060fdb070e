import { randomUUID } from 'node:crypto';
import http, { type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { tenantDb, type TenantTx } from '../../src/platform/db/tenant-db.js';
import { insertEndpoint } from '../../src/modules/webhooks/endpoints.repo.js';
import { emitEvent, type EventType } from '../../src/modules/webhooks/events.js';
import { newSigningSecret, sealSigningSecret } from '../../src/modules/webhooks/signing-secret.js';
import type { TestService } from '../harness.js';

/**
 * Webhook tests' own means: endpoints written straight into the table (so these tests do not depend on the
 * endpoints' HTTP routes), events emitted in a tenant transaction as modules emit them, and a receiver on loopback
 * that verifies every request it gets as a Standard Webhooks receiver does.
 */

export interface TestEndpoint {
  id: string;
  secret: string;
  url: string;
}

/** An endpoint row with a sealed secret the test knows (its own, or a new one); `previous` keeps an old secret signing until `previousUntil`. */
export async function createTestEndpoint(
  t: TestService,
  tenantId: string,
  options: { url: string; secret?: string; eventTypes?: string[]; enabled?: boolean; previous?: { secret: string; until: Date } },
): Promise<TestEndpoint> {
  const ring = t.service.ctx.secrets;
  const id = randomUUID();
  const secret = options.secret ?? newSigningSecret();
  await tenantDb(t.service.ctx.db, tenantId).run((tt) =>
    insertEndpoint(tt, {
      id,
      url: options.url,
      eventTypes: options.eventTypes ?? ['*'],
      enabled: options.enabled ?? true,
      secretSealed: sealSigningSecret(ring, tenantId, id, secret),
      ...(options.previous
        ? { previousSecretSealed: sealSigningSecret(ring, tenantId, id, options.previous.secret), previousSecretUntil: options.previous.until }
        : {}),
    }),
  );
  return { id, secret, url: options.url };
}

/** Emits an event in its own committed tenant transaction (or, with `then`, runs more in that transaction). */
export async function emit(
  t: TestService,
  tenantId: string,
  type: EventType,
  data: Record<string, unknown>,
  options: { onlyEndpoint?: string; then?: (tt: TenantTx) => Promise<void> } = {},
): Promise<{ id: string; endpointIds: string[] }> {
  return tenantDb(t.service.ctx.db, tenantId).run(async (tt) => {
    const emitted = await emitEvent(tt, type, data, options.onlyEndpoint ? { onlyEndpoint: options.onlyEndpoint } : {});
    await options.then?.(tt);
    return emitted;
  });
}

export interface DeliveryRow {
  id: string;
  event_id: string;
  status: string;
  attempts: number;
  response_status: number | null;
  response_body: string | null;
  error: string | null;
  next_attempt_at: Date;
  last_attempt_at: Date | null;
  delivered_at: Date | null;
}

/** The endpoint's deliveries as stored, in event order. */
export function deliveriesOf(t: TestService, tenantId: string, endpointId: string): Promise<DeliveryRow[]> {
  return tenantDb(t.service.ctx.db, tenantId).run(async (tt) => {
    const result = await tt.tx.execute(sql`
      SELECT id::text, event_id, status, attempts, response_status, response_body, error, next_attempt_at, last_attempt_at, delivered_at
      FROM webhook_deliveries WHERE endpoint_id = ${endpointId} ORDER BY event_seq, created_at`);
    return (result as unknown as { rows: DeliveryRow[] }).rows.map((r) => ({
      ...r,
      next_attempt_at: new Date(r.next_attempt_at),
      last_attempt_at: r.last_attempt_at && new Date(r.last_attempt_at),
      delivered_at: r.delivered_at && new Date(r.delivered_at),
    }));
  });
}

/** What a receiver got: the raw request, and whether it verified with the secret(s) its route was given. */
interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  verified: boolean;
  /** The event as the receiver's library parsed it ({type, timestamp, data}), when it verified. */
  payload: { type: string; timestamp: string; data: Record<string, unknown> } | null;
}

/** How a route of the receiver answers: a status and body, or `hang` (never answers until released). */
type Answer = { status: number; body?: string; headers?: Record<string, string> } | 'hang';

interface Route {
  secrets: string[];
  answer: (n: number) => Answer;
}

export interface Receiver {
  /** `http://127.0.0.1:port` */
  base: string;
  received: Received[];
  /** A fresh path answering `answer(n)` to its n-th request (1-based); requests verify against `secrets`. */
  route(secrets: string[], answer?: (n: number) => Answer): string;
  /** Requests that arrived on a path. */
  on(path: string): Received[];
  /** Answers every request held by `hang` with 200. */
  releaseHanging(): void;
  close(): Promise<void>;
}

/** A webhook receiver on 127.0.0.1: verifies each request with `new Webhook(secret).verify(body, headers)`. */
export async function startReceiver(): Promise<Receiver> {
  const routes = new Map<string, Route>();
  const counts = new Map<string, number>();
  const received: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const body = Buffer.concat(chunks).toString('utf8');
      const route = routes.get(path);
      let payload: Received['payload'] = null;
      for (const secret of route?.secrets ?? []) {
        try {
          payload = new Webhook(secret).verify(body, req.headers as Record<string, string>) as Received['payload'];
          break;
        } catch {
          // another secret may verify it
        }
      }
      received.push({ path, headers: req.headers, body, verified: payload !== null, payload });
      const n = (counts.get(path) ?? 0) + 1;
      counts.set(path, n);
      const answer = route?.answer(n) ?? { status: 404 };
      if (answer === 'hang') {
        hanging.push(res);
        return;
      }
      res.writeHead(answer.status, { 'content-type': 'text/plain', ...answer.headers });
      res.end(answer.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    base,
    received,
    route(secrets, answer = () => ({ status: 200, body: 'ok' })) {
      const path = `/hook/${randomUUID()}`;
      routes.set(path, { secrets, answer });
      return path;
    },
    on: (path) => received.filter((r) => r.path === path),
    releaseHanging() {
      for (const res of hanging.splice(0)) if (!res.writableEnded && !res.destroyed) res.writeHead(200).end('released');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A URL where nothing listens on 127.0.0.1 (a server started, its port noted, then closed): connection refused. */
export async function refusingUrl(): Promise<string> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/hook`;
}

/** The periodic tasks of the webhooks module (their timers run every 30 s and hourly; tests call them directly). */
export function webhookTask(t: TestService, name: 'webhook-sweep' | 'events-purge') {
  const task = t.service.modules.find((m) => m.name === 'webhooks')?.tasks?.find((k) => k.name === name);
  if (!task) throw new Error(`no task ${name}`);
  return task;
}
