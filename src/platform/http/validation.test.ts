import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { SCOPES } from '../auth/scopes.js';
import { validatorCompiler } from './validation.js';

/** A value outside an enum gets one message naming it and the values allowed. */
const compile = (schema: object, httpPart = 'body') =>
  validatorCompiler({ schema, httpPart, method: 'POST', url: '/x' }) as unknown as ((data: unknown) => boolean) & { errors: unknown[] | null };

describe('enum-valued fields', () => {
  it('a union of literals answers one issue naming the bad value and every valid one', () => {
    const validate = compile({ type: 'object', properties: { mode: { anyOf: [{ type: 'string', const: 'hybrid' }, { type: 'string', const: 'vector' }] } } });
    expect(validate({ mode: 'fuzzy' })).toBe(false);
    expect(validate.errors).toEqual([
      expect.objectContaining({ instancePath: '/mode', keyword: 'enum', message: 'must be one of "hybrid", "vector"; got "fuzzy"' }),
    ]);
    expect(validate({ mode: 7 })).toBe(false);
    expect(validate.errors).toEqual([expect.objectContaining({ keyword: 'enum', message: 'must be one of "hybrid", "vector"; got 7' })]);
    expect(validate({ mode: 'vector' })).toBe(true);
    expect(validate.errors).toBeNull();
  });

  it('a nullable union and a plain enum say the same', () => {
    const nullable = compile({ type: 'object', properties: { role: { anyOf: [{ const: 'admin' }, { const: 'viewer' }, { type: 'null' }] } } });
    expect(nullable({ role: 'root' })).toBe(false);
    expect(nullable.errors).toEqual([expect.objectContaining({ keyword: 'enum', message: 'must be one of "admin", "viewer", null; got "root"' })]);
    const nested = compile({ type: 'object', properties: { role: { anyOf: [{ anyOf: [{ const: 'admin' }, { const: 'viewer' }] }, { type: 'null' }] } } });
    expect(nested({ role: 'root' })).toBe(false);
    expect(nested.errors).toEqual([expect.objectContaining({ keyword: 'enum', message: 'must be one of "admin", "viewer", null; got "root"' })]);
    const plain = compile({ type: 'object', properties: { order: { enum: ['asc', 'desc'] } } }, 'querystring');
    expect(plain({ order: 'up' })).toBe(false);
    expect(plain.errors).toEqual([expect.objectContaining({ keyword: 'enum', message: 'must be one of "asc", "desc"; got "up"' })]);
  });

  it('a union that is not of literals keeps its own messages', () => {
    const validate = compile({ type: 'object', properties: { at: { anyOf: [{ type: 'string', format: 'date-time' }, { type: 'null' }] } } });
    expect(validate({ at: 3 })).toBe(false);
    expect((validate.errors as { keyword: string }[]).map((e) => e.keyword)).toEqual(['type', 'type', 'anyOf']);
  });
});

describe('over HTTP: an unknown scope in API-key creation', () => {
  let t: TestService;
  let a: TestTenant;
  beforeAll(async () => {
    t = await sharedTestService();
    a = await createTenant(t, 'Acme');
  });

  it('is one 422 issue that names the scope sent and the valid scopes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/api-keys/',
      headers: { authorization: `Bearer ${a.token}` },
      payload: { name: 'k', scopes: ['llm:read', 'documents:delete'] },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({
      code: 'validation_error',
      detail: [{ loc: ['body', 'scopes', 1], type: 'enum', msg: `must be one of ${SCOPES.map((s) => `"${s}"`).join(', ')}; got "documents:delete"` }],
    });
  });
});
