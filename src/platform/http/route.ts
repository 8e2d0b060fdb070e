import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyReply, FastifyRequest, HTTPMethods, RouteOptions } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { Database } from '../db/database.js';
import { tenantDb, type TenantDb } from '../db/tenant-db.js';
import type { Principal } from '../auth/principal.js';
import { callerBucket, rateLimitHeaders, type Caller, type Policy, type RateLimits } from '../rate-limit/limiter.js';
import { notAuthenticated } from './errors.js';
import { authErrors } from './schemas.js';
import { addAppPreflight } from './app-cors.js';
import type { App, AuthRequirement } from './types.js';

/** Response headers; a list sends the header once per value (two `Set-Cookie`s). */
export type OutcomeHeaders = Record<string, string | string[]>;

/** A non-default status, with headers when the response needs some (`created(body)`, `noContent()`). */
export class Outcome<T = unknown> {
  constructor(
    readonly status: number,
    readonly body: T,
    readonly headers: OutcomeHeaders = {},
  ) {}
}
export const respond = <T>(status: number, body: T, headers: OutcomeHeaders = {}) => new Outcome(status, body, headers);
export const created = <T>(body: T, headers: Record<string, string> = {}) => new Outcome(201, body, headers);
export const noContent = () => new Outcome(204, null);

/**
 * The request and reply themselves, for HTTP adapters (`*.http.ts`) that stream (SSE, files), read
 * multipart bodies or answer in another API's shape. A route handler passes it on and never reads it.
 */
export interface HttpExchange {
  readonly request: FastifyRequest;
  readonly reply: FastifyReply;
}
/** Returned by a handler whose adapter has already sent the response on `ctx.http`. */
export const SENT: unique symbol = Symbol('response sent by an HTTP adapter');

type Responses = Partial<Record<number, TSchema>>;
type SuccessBody<R extends Responses> = {
  [K in keyof R]: K extends 200 | 201 | 202 | 204 ? (R[K] extends TSchema ? Static<R[K]> : never) : never;
}[keyof R];
type Part<S> = S extends TSchema ? Static<S> : undefined;

/** What a handler gets: the validated input, the caller, and the database bound to the caller's tenant. */
interface RouteContext<P, Q, B> {
  params: Part<P>;
  query: Part<Q>;
  body: Part<B>;
  /** The resolved caller; reading it on a public route is a 401 (there is none). */
  readonly principal: Principal;
  /** The caller's tenant: `tenant.run(t => repo(t, …))`. */
  readonly tenant: TenantDb;
  headers: IncomingHttpHeaders;
  ip: string;
  /** For HTTP adapters only (see `HttpExchange`). */
  readonly http: HttpExchange;
}

/** A route-specific budget on top of the default one: `key` names the bucket (e.g. the tenant). */
interface RouteRateLimit<P, Q, B> {
  policy: Policy;
  key(ctx: RouteContext<P, Q, B>): string;
}

export interface RouteSpec<P extends TSchema | undefined, Q extends TSchema | undefined, B extends TSchema | undefined, R extends Responses> {
  method: HTTPMethods;
  url: string;
  summary: string;
  tags: string[];
  description?: string;
  auth: AuthRequirement;
  params?: P;
  query?: Q;
  body?: B;
  /** Response schemas by status; routes that require a principal also get 401/403/422/429 in OpenAPI. */
  responses: R;
  rateLimit?: RouteRateLimit<P, Q, B>;
  /**
   * For a public route whose credential is in the body (a refresh token): whose call it is, for the default budget,
   * read from the body before validation (null: the client address's, as for any anonymous call). A refresh is then
   * its user's call like any other, and people behind one address do not share a budget for it.
   */
  caller?(body: unknown): Promise<Exclude<Caller, { ip: string }> | null>;
  /** Extra OpenAPI fields of the operation (e.g. a multipart `consumes`/body description, `hide`). */
  openapi?: Record<string, unknown>;
  /** `app`: answer CORS for installed apps' origins although no app token is taken (the exchange; see app-cors.ts). */
  cors?: 'app';
  /** An error handler of this route's own (e.g. errors in another API's shape); the platform's otherwise. */
  errorHandler?: RouteOptions['errorHandler'];
  handler(ctx: RouteContext<P, Q, B>): Promise<SuccessBody<R> | Outcome<SuccessBody<R>> | typeof SENT>;
}

/** A declared route, not yet registered (see `mountRoutes`). */
export interface Route {
  readonly method: HTTPMethods;
  readonly url: string;
  toFastify(deps: RouteDeps): RouteOptions;
}

export interface RouteDeps {
  db: Pick<Database, 'tenant'>;
  limits: Pick<RateLimits, 'enforce'>;
}

/**
 * Declares a route: method, path, schemas (which also write its OpenAPI operation), auth requirement,
 * optional extra rate limit, and a handler that returns a body (200) or an `Outcome`. Fastify stays in
 * here; the handler sees only its context.
 */
export function route<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  R extends Responses = Responses,
>(spec: RouteSpec<P, Q, B, R>): Route {
  return {
    method: spec.method,
    url: spec.url,
    toFastify: (deps) => {
      const response = spec.auth.kind === 'principal' ? { ...spec.responses, ...authErrorsNotDeclared(spec.responses) } : spec.responses;
      const contextOf = (request: FastifyRequest, reply: FastifyReply) => makeContext<P, Q, B>(request, reply, deps);
      const limit = spec.rateLimit;
      return {
        method: spec.method,
        url: spec.url,
        schema: {
          tags: spec.tags,
          summary: spec.summary,
          ...(describe(spec) ? { description: describe(spec) } : {}),
          ...(spec.params ? { params: spec.params } : {}),
          ...(spec.query ? { querystring: spec.query } : {}),
          ...(spec.body ? { body: spec.body } : {}),
          response,
          ...spec.openapi,
        },
        config: { auth: spec.auth, ...(spec.cors ? { cors: spec.cors } : {}), ...(spec.caller ? { callerInBody: true } : {}) },
        ...(spec.errorHandler ? { errorHandler: spec.errorHandler } : {}),
        ...(spec.caller ? { preValidation: callerBudget(spec.caller, deps) } : {}),
        ...(limit
          ? {
              preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
                await deps.limits.enforce(limit.policy, limit.key(contextOf(request, reply)));
              },
            }
          : {}),
        handler: async (request: FastifyRequest, reply: FastifyReply) => {
          const result = await spec.handler(contextOf(request, reply));
          if (result === SENT) return reply;
          if (!(result instanceof Outcome)) return result;
          reply.code(result.status).headers(result.headers);
          return reply.send(result.status === 204 ? null : result.body);
        },
      };
    },
  };
}

/** The default budget in the caller's name (see `RouteSpec.caller`); the auth hook left it to this route. */
function callerBudget(caller: NonNullable<RouteSpec<undefined, undefined, undefined, Responses>['caller']>, deps: RouteDeps) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    const bucket = callerBucket((await caller(request.body)) ?? { ip: request.ip });
    reply.headers(rateLimitHeaders(await deps.limits.enforce('default', bucket)));
  };
}

/** The operation's description, saying when installed apps may call it too (and with what grant). */
function describe(spec: { description?: string; auth: AuthRequirement }): string | undefined {
  const req = spec.auth;
  if (req.kind !== 'principal' || !req.principals.includes('app')) return spec.description;
  const grant = (req.appPermissions ?? req.scopes).map((p) => `\`${p}\``).join(', ');
  const note = `App access tokens are accepted when the installation was granted ${grant} (CORS for the app's origin).`;
  return spec.description ? `${spec.description}\n\n${note}` : note;
}

function authErrorsNotDeclared(declared: Responses): Responses {
  return Object.fromEntries(Object.entries(authErrors).filter(([status]) => !(Number(status) in declared)));
}

function makeContext<P, Q, B>(request: FastifyRequest, reply: FastifyReply, deps: RouteDeps): RouteContext<P, Q, B> {
  let tenant: TenantDb | null = null;
  const principal = () => {
    if (!request.principal) throw notAuthenticated();
    return request.principal;
  };
  return {
    params: request.params as Part<P>,
    query: request.query as Part<Q>,
    body: request.body as Part<B>,
    get principal() {
      return principal();
    },
    get tenant() {
      tenant ??= tenantDb(deps.db, principal().tenantId);
      return tenant;
    },
    headers: request.headers,
    ip: request.ip,
    http: { request, reply },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** What declared routes need at registration (set once by `provideRouteDeps`). */
    routeDeps: RouteDeps;
  }
}

/** Called once while building the app, before any module registers routes. */
export function provideRouteDeps(app: App, deps: RouteDeps): void {
  app.decorate('routeDeps', deps);
}

/**
 * Registers declared routes. Every module route is declared through the builder; the only plain Fastify
 * routes are the platform's own (health, metrics, the console's pages, the OpenAPI document).
 */
export function mountRoutes(app: App, routes: readonly Route[]): void {
  for (const declared of routes) {
    const options = declared.toFastify(app.routeDeps);
    app.route(options);
    addAppPreflight(app, options);
  }
}
