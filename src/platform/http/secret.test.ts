import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { holdsSecrets, REDACTED, redactSecrets, responseSchemaFor, Secret, SECRET_KEYWORD } from './secret.js';

/** The redaction the idempotency store applies before it keeps a response, on the schema shapes routes use. */
describe('Secret', () => {
  it('marks a schema and keeps it optional-able and typed', () => {
    const Body = Type.Object({ id: Type.String(), key: Secret(Type.String({ description: 'shown once' })), hint: Type.Optional(Secret(Type.String())) });
    expect(Body.properties.key).toMatchObject({ type: 'string', description: 'shown once', [SECRET_KEYWORD]: true });
    expect(Body.required).toEqual(['id', 'key']); // Optional still works on a marked schema
    expect(holdsSecrets(Body)).toBe(true);
    expect(holdsSecrets(Type.Object({ id: Type.String() }))).toBe(false);
    expect(holdsSecrets({ $ref: 'Other' })).toBe('unknown');
  });
});

describe('redactSecrets', () => {
  it('replaces marked fields at any depth, in arrays and in union branches, and names them', () => {
    const Body = Type.Object({
      id: Type.String(),
      pair: Type.Object({ access_token: Secret(Type.String()), expires_in: Type.Integer() }),
      items: Type.Array(Type.Object({ client_secret: Secret(Type.Union([Type.String(), Type.Null()])) })),
      answer: Type.Union([Type.Object({ status: Type.Literal('ok'), code: Secret(Type.String()) }), Type.Object({ status: Type.Literal('error') })]),
    });
    const body = {
      id: 'x',
      pair: { access_token: 'eyJ.secret', expires_in: 1800 },
      items: [{ client_secret: 'cs-1' }, { client_secret: null }],
      answer: { status: 'ok', code: 'abc' },
    };
    const { value, redacted } = redactSecrets(structuredClone(body), Body);
    expect(value).toEqual({
      id: 'x',
      pair: { access_token: REDACTED, expires_in: 1800 },
      items: [{ client_secret: REDACTED }, { client_secret: null }],
      answer: { status: 'ok', code: REDACTED },
    });
    expect(redacted).toEqual(['pair.access_token', 'items.0.client_secret', 'answer.code']);
  });

  it('leaves a body without marked fields as it is', () => {
    const body = { id: 'x', key: 'not marked' };
    expect(redactSecrets(body, Type.Object({ id: Type.String(), key: Type.String() }))).toEqual({ value: body, redacted: [] });
  });
});

describe('responseSchemaFor', () => {
  it('finds the exact status, then the class, then the default, also in the content form', () => {
    const a = Type.Object({ a: Type.String() });
    const b = Type.Object({ b: Type.String() });
    expect(responseSchemaFor({ 201: a, default: b }, 201)).toBe(a);
    expect(responseSchemaFor({ '2xx': a }, 204)).toBe(a);
    expect(responseSchemaFor({ default: b }, 200)).toBe(b);
    expect(responseSchemaFor({ 200: { content: { 'application/json': { schema: a } } } }, 200)).toBe(a);
    expect(responseSchemaFor({ 200: a }, 202)).toBeUndefined();
  });
});
