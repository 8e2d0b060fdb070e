import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../harness.js';

/**
 * Every documented operation, called by a tenant owner (who passes every scope check) with hostile
 * values in its path, query and JSON body: each must be refused or handled with a 4xx (or succeed),
 * never fail with a 5xx. Generic over /openapi.json, so operations added later are covered too.
 */
type Operation = { method: string; path: string; op: Record<string, any> };

let t: TestService;
let a: TestTenant;
let operations: Operation[];

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Acme');
  const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
  operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );
});

const params = (o: Operation, where: 'path' | 'query') => ((o.op.parameters ?? []) as { in: string; name: string; schema?: any }[]).filter((p) => p.in === where);
/** A plausible value for each path parameter: a fresh UUID for ids, a word otherwise. */
const fill = (o: Operation, override: Record<string, string> = {}) =>
  o.path.replace(/\{([^}]+)\}/g, (_, name: string) => override[name] ?? (/(^|_)id$/.test(name) ? randomUUID() : 'x'));
const jsonBody = (o: Operation) => o.op.requestBody?.content?.['application/json']?.schema as { properties?: Record<string, any> } | undefined;

async function failures(requests: { label: string; options: InjectOptions }[]): Promise<string[]> {
  const bad: string[] = [];
  for (const { label, options } of requests) {
    const res = await t.app.inject({ ...options, headers: { ...a.auth(), ...options.headers } });
    if (res.statusCode >= 500) bad.push(`${label} → ${res.statusCode} ${res.body.slice(0, 160)}`);
  }
  return bad;
}

const typeOf = (schema: any): string | undefined =>
  schema?.type ?? (schema?.anyOf ?? schema?.oneOf)?.map((s: any) => s.type).find((x: string | undefined) => x && x !== 'null');

describe('hostile input never causes a 5xx', () => {
  it('finds the operations', () => {
    expect(operations.length).toBeGreaterThanOrEqual(15);
  });

  it('in path parameters', async () => {
    const requests = operations.flatMap((o) =>
      params(o, 'path').flatMap((p) =>
        ['not-a-uuid', '%00', '%E2%80%AE', '%ED%A0%80', '%EF%BF%BD', 'x'.repeat(90), '..%2F..%2Fetc%2Fpasswd', "'%20OR%201=1--", '-1', '0'].map((value) => ({
          label: `${o.method} ${o.path} ${p.name}=${value.slice(0, 20)}`,
          options: { method: o.method as InjectOptions['method'], url: fill(o, { [p.name]: value }), ...(jsonBody(o) ? { payload: {} } : {}) },
        })),
      ),
    );
    expect(await failures(requests)).toEqual([]);
  });

  it('in query parameters', async () => {
    const hostile: Record<string, string[]> = {
      integer: ['99999999999999999999', '-99999999999999999999', '1e400', 'abc', '1.5', '-1'],
      number: ['1e400', '-1e400', 'NaN', 'abc'],
      boolean: ['maybe', '2'],
      string: ['%00', 'x'.repeat(5000), '%E2%80%AE', '%ED%A0%80', "'%20OR%201=1--"],
    };
    const requests = operations
      .filter((o) => o.method === 'GET')
      .flatMap((o) =>
        params(o, 'query').flatMap((p) =>
          (hostile[typeOf(p.schema) ?? 'string'] ?? hostile.string).map((value) => ({
            label: `${o.method} ${o.path}?${p.name}=${value.slice(0, 20)}`,
            options: { method: 'GET' as const, url: `${fill(o)}?${p.name}=${value}` },
          })),
        ),
      );
    expect(await failures(requests)).toEqual([]);
  });

  it('in JSON bodies', async () => {
    const requests = operations.flatMap((o) => {
      const schema = jsonBody(o);
      if (!schema) return [];
      const url = fill(o);
      const method = o.method as InjectOptions['method'];
      const bodies: [string, unknown][] = [
        ['{}', {}],
        ['[]', []],
      ];
      for (const [name, prop] of Object.entries(schema.properties ?? {})) {
        const type = typeOf(prop);
        if (type === 'string') {
          bodies.push([`${name}=NUL`, { [name]: 'a\u0000b' }], [`${name}=long`, { [name]: 'x'.repeat(100_000) }]);
          bodies.push([`${name}=lone high surrogate`, { [name]: 'a\ud800b' }], [`${name}=lone low surrogate`, { [name]: '\udfff' }]);
        }
        if (type === 'integer' || type === 'number') bodies.push([`${name}=huge`, { [name]: 1e308 }], [`${name}=-huge`, { [name]: -1e308 }]);
        if (type === 'array') bodies.push([`${name}=[NUL]`, { [name]: ['\u0000'] }], [`${name}=[surrogate]`, { [name]: ['\ud800'] }], [`${name}=[{}]`, { [name]: [{}] }]);
        bodies.push([`${name}=object`, { [name]: { $gt: '' } }]);
      }
      return bodies.map(([label, payload]) => ({ label: `${o.method} ${o.path} ${label}`, options: { method, url, payload: payload as object } }));
    });
    expect(await failures(requests)).toEqual([]);
  });
});
