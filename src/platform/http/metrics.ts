import { Type } from 'typebox';
import type { Metrics } from '../metrics/metrics.js';
import { bearerMatches } from '../metrics/token.js';
import { AppError, notAuthenticated } from './errors.js';
import { auth, type App } from './types.js';

/**
 * HTTP series of every request (by route template, never by concrete URL, so ids do not explode the label set), and
 * GET /metrics on the HTTP port when METRICS_TOKEN is set: the token is the credential, as a bearer. Without a token
 * the route answers 404 (metrics are then served on METRICS_PORT, or not at all): nothing about the process is ever
 * exposed on the public port without a credential.
 */
export function registerMetrics(app: App, metrics: Metrics, options: { token: string | null }): void {
  const requests = metrics.counter('kb_http_requests_total', 'HTTP requests answered, by method, route template and status', ['method', 'route', 'status']);
  const latency = metrics.histogram('kb_http_request_duration_seconds', 'Time to answer an HTTP request, by method, route template and status', [
    'method',
    'route',
    'status',
  ]);
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  app.get(
    '/metrics',
    {
      schema: {
        tags: ['system'],
        summary: 'Prometheus metrics of this process (bearer METRICS_TOKEN; 404 when no token is configured)',
        response: {
          200: Type.Unsafe<string>({ description: 'The Prometheus text exposition format', content: { 'text/plain': { schema: Type.String() } } }),
          401: Type.Object({ detail: Type.String(), code: Type.String() }),
          404: Type.Object({ detail: Type.String(), code: Type.String() }),
        },
      },
      config: { auth: auth.custom('METRICS_TOKEN as a bearer') },
    },
    async (request, reply) => {
      if (!options.token) throw new AppError('not_found', 'Metrics are not served on this port: set METRICS_TOKEN, or scrape METRICS_PORT');
      if (!bearerMatches(request.headers.authorization, options.token)) throw notAuthenticated('unauthorized', 'A valid METRICS_TOKEN bearer is required');
      const { contentType, body } = await metrics.render();
      return reply.header('content-type', contentType).header('cache-control', 'no-store').send(body);
    },
  );
}
