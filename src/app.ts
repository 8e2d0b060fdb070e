import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify from 'fastify';
import { Type } from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import multipart from '@fastify/multipart';
import formbody from '@fastify/formbody';
import type { CoreContext } from './platform/context.js';
import type { App, AuthRequirement } from './platform/http/types.js';
import { auth } from './platform/http/types.js';
import { frameworkError, registerErrorHandling } from './platform/http/error-handler.js';
import { validatorCompiler } from './platform/http/validation.js';
import { registerInputGuard } from './platform/http/input-guard.js';
import { registerAuth } from './platform/auth/plugin.js';
import { registerFirstPartyCors } from './platform/http/cors.js';
import { registerIdempotency } from './platform/idempotency/plugin.js';
import { registerHealth, type DependencyCheck, type Lifecycle } from './platform/http/health.js';
import { dataDirCheck } from './platform/http/data-dir-check.js';
import { registerMetrics } from './platform/http/metrics.js';
import { provideRouteDeps } from './platform/http/route.js';
import { CONSOLE_PREFIX, registerConsole } from './platform/http/console.js';
import { registerAppCors } from './platform/http/app-cors.js';
import type { Module } from './modules/module.js';

const API_VERSION = '1.1.0';

/** One registered route as the cross-cutting tests see it (test/security, test/openapi). */
export interface InventoryRoute {
  method: string;
  url: string;
  auth: AuthRequirement | undefined;
  /** The route's response schemas by status, as declared (what the idempotency store redacts secrets by). */
  responses: Record<string, unknown> | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on this app, in registration order (HEAD routes included). */
    routeInventory: InventoryRoute[];
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

const ServiceIndex = Type.Object({
  name: Type.String(),
  version: Type.String(),
  docs: Type.String({ description: 'Interactive API documentation' }),
  openapi: Type.String({ description: 'The OpenAPI 3.1 document' }),
  health: Type.String({ description: 'Liveness probe' }),
  ready: Type.String({ description: 'Readiness probe' }),
  console: Type.String({ description: 'The administration console (says how to build it when it is not built)' }),
});

const OPENAPI_TAGS = [
  { name: 'auth', description: 'Login, tokens and the current principal' },
  { name: 'sso', description: 'Single sign-on through the tenant\'s OpenID Connect identity providers' },
  { name: 'api-keys', description: 'Scoped API keys for servers' },
  { name: 'oauth', description: 'Sign in with our platform: OAuth 2.0 authorization server with PKCE, OpenID Connect, client registration' },
  { name: 'documents', description: 'Upload, indexing, search and viewing of documents' },
  { name: 'memories', description: 'Memories (knowledge bases)' },
  { name: 'folders', description: 'Folders of documents' },
  { name: 'chat', description: 'Answers over memories with citations, conversations and feedback' },
  { name: 'llm', description: 'Language-model catalog, activation, routing and health' },
  { name: 'openai', description: 'OpenAI-compatible gateway' },
  { name: 'apps', description: 'Third-party apps: manifests, installations, launch and the runtime exchange' },
  { name: 'app-data', description: "Installed apps' JSON records, in the collections their manifests declare" },
  { name: 'rich-documents', description: 'Structured documents with versions, made with installed apps' },
  { name: 'app-assets', description: "Files installed apps upload, within their manifests' limits" },
  { name: 'system', description: 'Health, readiness and metrics' },
];

/** Registers the platform plugins, then each module's routes. Knows no feature. */
export async function buildApp(ctx: CoreContext, modules: Module[], lifecycle: Lifecycle): Promise<App> {
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: ctx.log,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    return503OnClosing: false, // our own 503 below keeps the documented body
    frameworkErrors: frameworkError,
    forceCloseConnections: 'idle',
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
  }).withTypeProvider<TypeBoxTypeProvider>() as unknown as App;

  app.setValidatorCompiler(validatorCompiler);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // While draining, requests still arriving on open connections are turned away; probes keep answering.
    if (lifecycle.state === 'draining' && request.url !== '/readyz' && request.url !== '/healthz') {
      return reply.code(503).header('connection', 'close').header('retry-after', '5').send({ detail: 'The service is shutting down; retry shortly', code: 'unavailable' });
    }
  });
  // Routes added by documentation and static-file plugins are public by nature; everything else must declare.
  app.addHook('onRoute', (route) => {
    if (route.config?.auth) return;
    if (route.url.startsWith('/docs') || route.url === '/openapi.json') {
      route.config = { ...route.config, auth: auth.public('API documentation') } as typeof route.config;
    } else if (route.url.startsWith(CONSOLE_PREFIX)) {
      route.config = { ...route.config, auth: auth.public('administration console (a browser page)') } as typeof route.config;
    }
  });
  const routeInventory: InventoryRoute[] = [];
  app.decorate('routeInventory', routeInventory);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routeInventory.push({
      method,
      url: route.url,
      auth: route.config?.auth,
      responses: route.schema?.response as Record<string, unknown> | undefined,
    });
  });

  registerErrorHandling(app);
  registerInputGuard(app);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Knowledge and assistant platform API',
        version: API_VERSION,
        description: 'Multi-tenant backend: authentication, documents, language models, apps.',
      },
      servers: [{ url: config.publicBaseUrl }],
      tags: OPENAPI_TAGS,
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'JWT access token, an `sk-` API key, or (on the routes that admit installed apps) an app access token' },
        },
      },
    },
    transformObject: (document) =>
      'openapiObject' in document ? markDeprecatedParameters(document.openapiObject) : document.swaggerObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  await app.register(formbody);
  await app.register(multipart, {
    limits: { fileSize: config.uploadMaxBytes, files: 501, fields: 50, fieldSize: 64 * 1024, parts: 600 },
  });
  registerFirstPartyCors(app, config.firstPartyOrigins);
  registerAuth(app, ctx.authenticator, ctx.limits);
  registerAppCors(app, ctx.authenticator);
  provideRouteDeps(app, { db: ctx.db, limits: ctx.limits });
  registerIdempotency(app, ctx.idempotency, config.idempotencyMaxBodyBytes);
  registerMetrics(app, ctx.metrics, { token: config.metrics.token });
  const blobsDir = config.blobs.store === 'filesystem' ? path.join(config.dataDir, 'blobs') : null;
  const dependencies: DependencyCheck[] = [
    { name: 'data_dir', check: dataDirCheck(config.dataDir, blobsDir, ctx.clock), critical: true },
    { name: 'object_store', check: () => ctx.blobs.check() },
  ];
  if (ctx.limits.sharedStore) dependencies.push(ctx.limits.sharedStore);
  registerHealth(app, ctx.db, lifecycle, dependencies, ctx.metrics);
  // A newcomer's first request: where the documentation, the probes and the console are.
  app.get(
    '/',
    {
      schema: { tags: ['system'], summary: 'Where to start: links to the API documentation and the probes', response: { 200: ServiceIndex } },
      config: { auth: auth.public('service index') },
    },
    async () => ({ name: 'Knowledge and assistant platform API', version: API_VERSION, docs: '/docs', openapi: '/openapi.json', health: '/healthz', ready: '/readyz', console: CONSOLE_PREFIX }),
  );

  app.get('/openapi.json', { schema: { hide: true }, config: { auth: auth.public('API description') } }, async () =>
    app.swagger(),
  );

  for (const module of modules) await module.routes?.(app);
  await registerConsole(app);
  await app.ready();
  return app;
}

/** A parameter whose schema says `deprecated: true` is a deprecated parameter (the flag OpenAPI tools show). */
function markDeprecatedParameters<T extends { paths?: object }>(document: T): T {
  for (const item of Object.values<Record<string, any>>((document.paths ?? {}) as Record<string, any>)) {
    for (const operation of Object.values<any>(item)) {
      for (const parameter of operation?.parameters ?? []) {
        if (parameter?.schema?.deprecated === true) parameter.deprecated = true;
      }
    }
  }
  return document;
}
