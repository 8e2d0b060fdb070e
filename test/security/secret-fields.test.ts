import { beforeAll, describe, expect, it } from 'vitest';
import { sharedTestService, type TestService } from '../harness.js';
import type { InventoryRoute } from '../../src/app.js';
import { SECRET_KEYWORD, successSchemas } from '../../src/platform/http/secret.js';
import { callable, label } from './inventory.js';

/**
 * Walks the success response schema of every registered route, so that a route added later by any module is
 * covered without anyone remembering to: a field whose name looks like a credential must be marked `Secret(…)`,
 * because the idempotency store redacts exactly the marked fields before it keeps a response for replay (a
 * credential it kept would sit in the database for 24 hours). Only success bodies are kept, so only they are walked.
 */

/** Names that look like a credential: the field itself, or its last word (a price `…_per_token` is none). */
const CREDENTIAL = /^(key|token|secret|password|passphrase|code|credentials?)$|(?<!_per)_(key|token|secret|password|passphrase)$/i;

/** Fields named like a credential that are none, by path (`[]` an array's items), with the reason. */
const NOT_SECRET: Record<string, string> = {
  masked_key: "an API key's prefix and last characters, which every listing shows: not usable as the key",
  'items[].masked_key': "an API key's prefix and last characters, which every listing shows: not usable as the key",
  'error.code': "the provider's error code of a model test call, not an authorization code",
  has_previous_secret: 'whether a rotated-out webhook signing secret still signs: a flag, never the secret',
  'items[].has_previous_secret': 'whether a rotated-out webhook signing secret still signs: a flag, never the secret',
};

/** Fields whose name does not say so but whose value holds a credential: they must be marked too. */
const SECRET_BY_CONTENT: Record<string, string> = {
  'POST /api/v1/app-platform/apps/{app_id}/launch-token launch_url': 'the entry URL carries the launch token in its query',
  'POST /api/auth/authorize/consent redirect_to': 'the redirect URI carries the authorization code in its query',
};

interface Field {
  path: string;
  name: string;
  schema: Record<string, unknown>;
}

const isSchema = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function* fields(schema: unknown, path = ''): Generator<Field> {
  if (!isSchema(schema)) return;
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    if (Array.isArray(schema[key])) for (const branch of schema[key]) yield* fields(branch, path);
  }
  if (isSchema(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (!isSchema(child)) continue;
      const at = path ? `${path}.${name}` : name;
      yield { path: at, name, schema: child };
      yield* fields(child, at);
    }
  }
  if (isSchema(schema.items)) yield* fields(schema.items, `${path}[]`);
  if (isSchema(schema.additionalProperties)) yield* fields(schema.additionalProperties, `${path}.*`);
  if (isSchema(schema.patternProperties)) for (const child of Object.values(schema.patternProperties)) yield* fields(child, `${path}.*`);
}

const acceptsString = (schema: Record<string, unknown>): boolean =>
  schema.type === 'string' || (['anyOf', 'oneOf'] as const).some((k) => Array.isArray(schema[k]) && schema[k].some((b) => isSchema(b) && acceptsString(b)));

let t: TestService;
let routes: InventoryRoute[];
beforeAll(async () => {
  t = await sharedTestService();
  routes = callable(t.app.routeInventory);
});

const successFields = (route: InventoryRoute) => successSchemas(route.responses).flatMap((schema) => [...fields(schema)]);

describe('credentials in response schemas', () => {
  it('every field named like a credential is marked secret, or listed as none with the reason', () => {
    const unmarked: string[] = [];
    let checked = 0;
    for (const route of routes) {
      for (const field of successFields(route)) {
        if (!CREDENTIAL.test(field.name) || NOT_SECRET[field.path]) continue;
        checked++;
        if (field.schema[SECRET_KEYWORD] !== true) unmarked.push(`${label(route)} ${field.path}`);
      }
    }
    expect(checked).toBeGreaterThan(10); // the walk reaches the token pairs, the API key, the client secret…
    expect([...new Set(unmarked)], 'mark these Secret(…) in their response schema (platform/http/secret.ts)').toEqual([]);
  });

  it('the fields that hold a credential under another name are marked secret (in the union branch that carries it)', () => {
    const found = new Map<string, boolean>();
    for (const route of routes) {
      for (const field of successFields(route)) {
        const name = `${label(route)} ${field.path}`;
        if (SECRET_BY_CONTENT[name]) found.set(name, found.get(name) === true || field.schema[SECRET_KEYWORD] === true);
      }
    }
    expect(Object.fromEntries(found)).toEqual(Object.fromEntries(Object.keys(SECRET_BY_CONTENT).map((k) => [k, true])));
  });

  it('every field marked secret accepts a string, so the redacted marker keeps the replay valid', () => {
    const bad: string[] = [];
    for (const route of routes) {
      for (const field of successFields(route)) {
        if (field.schema[SECRET_KEYWORD] === true && !acceptsString(field.schema)) bad.push(`${label(route)} ${field.path}`);
      }
    }
    expect(bad).toEqual([]);
  });

  it('every write route declares its success response schema (an undeclared one could carry a secret unmarked)', () => {
    const writes = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(writes.length).toBeGreaterThan(50);
    expect(writes.filter((r) => successSchemas(r.responses).length === 0).map(label)).toEqual([]);
  });
});
