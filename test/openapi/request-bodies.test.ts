import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestService, type TestService } from '../harness.js';

/**
 * What clients generate code from: every operation that takes a body declares it, no property a
 * client must send has a default (it would then not be required), and path parameters have names a
 * generator can use. The service index at `/` points newcomers to the document.
 */

/** Writes that take no body, with the reason. A new write without a requestBody must be added here on purpose. */
const NO_BODY: Record<string, string> = {
  'POST /api/v1/llm/models/{model_id}/test': 'the model and the tenant key are the whole input',
  'POST /api/v1/documents/{document_id}/reindex': 'the document is the path; options are query parameters',
  'POST /api/v1/documents/{id}/viewer-token': 'the document is the path',
  'POST /api/v1/documents/reindex-all': "the tenant's current embedding model is the target; the caller's tenant is the scope",
  'POST /api/v1/documents/reindex-runs/{id}/cancel': 'the run is the path',
  'POST /api/v1/users/invitations/{id}/resend': 'the invitation is the path; its terms do not change',
  'POST /api/v1/users/invitations/{id}/link': 'the invitation is the path; a new link replaces the last',
  'POST /api/auth/sso/providers/{provider_id}/test': 'the provider is the path (and the tenant the query): the test tries what is saved',
  'POST /api/v1/app-platform/apps/{app_id}/launch-token': 'the app is the path; the signed-in user who opens it is the caller',
  'POST /api/auth/session/destroy': 'the service_session cookie is the whole input',
  'POST /api/v1/webhooks/endpoints/{id}/rotate-secret': 'the endpoint is the path; the service makes the new secret',
  'POST /api/v1/webhooks/endpoints/{id}/test': 'the endpoint is the path; the test event is always the same',
  'POST /api/v1/webhooks/endpoints/{id}/deliveries/{delivery_id}/retry': 'the delivery is the path: it is sent again as it was',
  'POST /api/v1/connectors/{id}/sync': 'the connector is the path: a run lists its whole source',
  'POST /api/v1/connectors/{id}/pause': 'the connector is the path',
  'POST /api/v1/connectors/{id}/resume': 'the connector is the path',
  'POST /api/v1/connectors/{id}/runs/{run_id}/cancel': 'the run is the path',
};

// Known gaps being fixed elsewhere, each a line of the test's own wording; empty when there are none.
const KNOWN: string[] = [];

const WRITES = ['post', 'put', 'patch'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let t: TestService;
let doc: { paths: Record<string, Record<string, any>> };

beforeAll(async () => {
  t = await sharedTestService();
  doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
});

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ entry: `${method.toUpperCase()} ${path}`, method, path, op: op as Record<string, any> })),
  );

/** "required X has a default" for every required property with a default, at any depth of a schema. */
function requiredWithDefaults(schema: unknown, at: string): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const s = schema as Record<string, any>;
  const found: string[] = [];
  const required = new Set<string>(Array.isArray(s.required) ? s.required : []);
  for (const [name, property] of Object.entries<any>(s.properties ?? {})) {
    if (required.has(name) && property && typeof property === 'object' && 'default' in property) found.push(`required ${at}.${name} has a default`);
    found.push(...requiredWithDefaults(property, `${at}.${name}`));
  }
  for (const key of ['items', 'anyOf', 'oneOf', 'allOf', 'additionalProperties']) {
    for (const inner of [s[key]].flat()) found.push(...requiredWithDefaults(inner, at));
  }
  return found;
}

/** Problems not on the known list fail; a known problem that is gone fails too, so the list stays true. */
function expectOnlyKnown(problems: string[], scope: (known: string) => boolean) {
  expect(problems.filter((p) => !KNOWN.includes(p)), 'new problems').toEqual([]);
  expect(KNOWN.filter(scope).filter((k) => !problems.includes(k)), 'fixed: remove from KNOWN').toEqual([]);
}

describe('request bodies', () => {
  it('every write declares its requestBody with a schema, unless it is listed as taking none', () => {
    const problems: string[] = [];
    for (const { entry, method, op } of operations()) {
      if (!WRITES.includes(method) || entry in NO_BODY) continue;
      const content = op.requestBody?.content as Record<string, { schema?: object }> | undefined;
      if (!content || Object.keys(content).length === 0) problems.push(`${entry}: no requestBody`);
      else for (const [type, media] of Object.entries(content)) if (!media.schema) problems.push(`${entry}: ${type} without a schema`);
    }
    expectOnlyKnown(problems, (k) => k.endsWith('no requestBody'));
    for (const entry of Object.keys(NO_BODY)) expect(operations().some((o) => o.entry === entry), `${entry} still exists`).toBe(true);
  });

  it('no required property of a request body has a default', () => {
    const problems: string[] = [];
    for (const { entry, op } of operations()) {
      for (const media of Object.values<any>(op.requestBody?.content ?? {})) {
        problems.push(...requiredWithDefaults(media.schema, 'body').map((p) => `${entry}: ${p}`));
      }
    }
    expectOnlyKnown(problems, (k) => k.includes('required body.'));
  });

  it('no required query or path parameter has a default', () => {
    const problems: string[] = [];
    for (const { entry, op } of operations()) {
      for (const parameter of op.parameters ?? []) {
        if (parameter.required && parameter.schema && 'default' in parameter.schema) problems.push(`${entry}: required ${parameter.in}.${parameter.name} has a default`);
      }
    }
    expectOnlyKnown(problems, (k) => /required (query|path)\./.test(k));
  });

  it('path parameters are names', () => {
    const problems: string[] = [];
    for (const { entry, path } of operations()) {
      for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) problems.push(`${entry}: path parameter "${name}" is not a name`);
    }
    expectOnlyKnown(problems, (k) => k.includes('path parameter'));
  });
});

describe('the service index', () => {
  it('GET / answers where the documentation, the probes and the console are, without a credential', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      name: 'Knowledge and assistant platform API',
      version: '1.1.0',
      docs: '/docs',
      openapi: '/openapi.json',
      health: '/healthz',
      ready: '/readyz',
      console: '/admin/',
    });
    for (const link of ['/docs', '/openapi.json', '/healthz', '/readyz']) {
      expect((await t.app.inject({ method: 'GET', url: link })).statusCode, link).toBeLessThan(400);
    }
  });
});
