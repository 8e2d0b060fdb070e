import { validate } from '@readme/openapi-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestService, type TestService } from '../harness.js';
import { callable, isBrowserPage, label, openapiPath } from '../security/inventory.js';

/**
 * The served document is valid OpenAPI 3.1.0, and it describes exactly the routes the app
 * registers: nothing undocumented, nothing documented that does not exist, and each operation's
 * security matches the route's declared requirement.
 */

/** Registered but deliberately absent from the document. */
const UNDOCUMENTED: Record<string, string> = {
  'GET /openapi.json': 'the document itself',
};
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

let t: TestService;
let doc: Record<string, any>;

beforeAll(async () => {
  t = await sharedTestService();
  const res = await t.app.inject({ method: 'GET', url: '/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  doc = res.json();
});

/** "METHOD /path" of every operation in the document. */
const documented = () =>
  Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  );
const operation = (entry: string) => {
  const [method, path] = entry.split(' ');
  return doc.paths[path][method.toLowerCase()] as Record<string, any>;
};

describe('the document', () => {
  it('is valid OpenAPI', async () => {
    const result = await validate(structuredClone(doc) as Parameters<typeof validate>[0]);
    expect(result.valid, JSON.stringify(result.valid ? null : result.errors, null, 1)).toBe(true);
  });

  it('is version 3.1.0 of the format and 1.1.0 of the API, with the bearer scheme', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe('1.1.0');
    expect(doc.info.title).toEqual(expect.any(String));
    expect(doc.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.servers).toEqual([{ url: t.config.publicBaseUrl }]);
  });

  it('is the one /docs serves', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(doc);
  });
});

describe('the route inventory', () => {
  it('every registered route is documented', () => {
    const ops = new Set(documented());
    expect(ops.size).toBeGreaterThanOrEqual(15);
    const missing = callable(t.app.routeInventory)
      .filter((r) => !isBrowserPage(r.url))
      .map(label)
      .filter((l) => !(l in UNDOCUMENTED) && !ops.has(l));
    expect(missing, 'registered routes missing from /openapi.json').toEqual([]);
  });

  it('every documented operation is a registered route', () => {
    const registered = new Set(t.app.routeInventory.map(label));
    expect(documented().filter((op) => !registered.has(op)), 'documented operations no route serves').toEqual([]);
    for (const hidden of Object.keys(UNDOCUMENTED)) expect(registered.has(hidden), `${hidden} is still registered`).toBe(true);
  });

  it("each operation's security is its route's requirement: bearer exactly where a principal is required", () => {
    const wrong: string[] = [];
    for (const route of callable(t.app.routeInventory)) {
      const entry = label(route);
      if (isBrowserPage(route.url) || entry in UNDOCUMENTED) continue;
      const op = operation(entry);
      if (!op) continue; // reported by the test above
      const bearer = JSON.stringify(op.security ?? null) === JSON.stringify([{ bearerAuth: [] }]);
      const needs = route.auth?.kind === 'principal';
      if (bearer !== needs) wrong.push(`${entry}: security ${JSON.stringify(op.security ?? null)}, requirement ${route.auth?.kind}`);
    }
    expect(wrong).toEqual([]);
  });

  it('path parameters are declared as the path names them', () => {
    const wrong: string[] = [];
    for (const entry of documented()) {
      const [, path] = entry.split(' ');
      const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const declared = ((operation(entry).parameters ?? []) as { in: string; name: string }[])
        .filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort();
      if (JSON.stringify(inPath) !== JSON.stringify(declared)) wrong.push(`${entry}: path ${inPath} declared ${declared}`);
    }
    expect(wrong).toEqual([]);
  });

  it('spells Fastify patterns the way the document does', () => {
    expect(openapiPath('/api/v1/users/:id')).toBe('/api/v1/users/{id}');
    expect(openapiPath('/v1/models/*')).toBe('/v1/models/{model}');
  });
});
