import { randomUUID } from 'node:crypto';
import net from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../harness.js';

/**
 * Bad input: malformed JSON, wrong types, unknown fields, oversized bodies, invalid UUIDs
 * in paths, unknown tenants, huge or binary headers, bad Idempotency-Keys. Each gets a clear 4xx with
 * the documented body (`{"detail", "code"}`; 422s with FastAPI's `detail` list), nothing is written,
 * and the process keeps serving. Header abuse needs a real socket: Node answers it before Fastify.
 */
const BODY_LIMIT = 16 * 1024;

let t: TestService;
let a: TestTenant;
let b: TestTenant;
let port: number;

beforeAll(async () => {
  t = await startTestService({ listen: true, env: { BODY_LIMIT_BYTES: String(BODY_LIMIT) } });
  port = Number(new URL(t.url).port);
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
});
afterAll(async () => t?.close());

const counts = async () => {
  const [users, keys] = await Promise.all([
    t.app.inject({ method: 'GET', url: '/api/v1/users/?limit=1', headers: a.auth() }),
    t.app.inject({ method: 'GET', url: '/api/v1/api-keys/?limit=1', headers: a.auth() }),
  ]);
  return { users: users.json().total as number, keys: keys.json().total as number };
};
let before: { users: number; keys: number } | null = null;
const nothingWritten = async () => {
  before = await counts();
};
afterEach(async () => {
  if (before) expect(await counts(), 'something was written').toEqual(before);
  before = null;
});

const send = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { ...a.auth(), ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload !== undefined ? { payload } : {}),
  });

function expectError(res: LightMyRequestResponse, status: number, code?: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json();
  expect(Object.keys(body).sort()).toEqual(['code', 'detail']);
  if (code) expect(body.code).toBe(code);
  if (status === 422) {
    expect(Array.isArray(body.detail)).toBe(true);
    for (const item of body.detail) expect(item).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
  } else {
    expect(typeof body.detail).toBe('string');
  }
  return body;
}
const locs = (body: { detail: { loc: (string | number)[] }[] }) => body.detail.map((d) => d.loc.join('.'));

const newUser = { email: 'new.user@example.com', password: 'long enough pw', role: 'member' };

describe('bodies', () => {
  it('malformed JSON: 400 malformed_json', async () => {
    await nothingWritten();
    for (const text of ['{"email": "x@example.com",', "{'single': 'quotes'}", '{"a":1}{"b":2}', 'nul\u0000l', '\u0000']) {
      expectError(await send('POST', '/api/v1/users/', text), 400, 'malformed_json');
    }
  });

  it('an empty JSON body: 400; a body of an unsupported type: 415', async () => {
    await nothingWritten();
    expectError(await send('POST', '/api/v1/users/', ''), 400);
    expectError(await send('POST', '/api/v1/users/', '<user/>', { 'content-type': 'application/xml' }), 415, 'unsupported_media_type');
  });

  it('JSON that is not an object, or the wrong types: 422 naming the place', async () => {
    await nothingWritten();
    for (const text of ['[]', 'null', '"user"', '42']) {
      expect(locs(expectError(await send('POST', '/api/v1/users/', text), 422, 'validation_error'))).toEqual(['body']);
    }
    const wrong = [
      [{ ...newUser, email: { $ne: null } }, 'body.email'],
      [{ ...newUser, role: 7 }, 'body.role'],
      [{ ...newUser, role: ['admin', 'owner'] }, 'body.role'],
      [{ ...newUser, password: { length: 12 } }, 'body.password'],
    ] as const;
    for (const [payload, loc] of wrong) expect(locs(expectError(await send('POST', '/api/v1/users/', payload), 422))).toContain(loc);
    expect(locs(expectError(await send('POST', '/api/v1/api-keys/', { name: 'k', scopes: [{ scope: 'admin' }] }), 422))).toContain('body.scopes.0');
    // JSON bodies are never coerced: a number for a string, a lone value for a list, null for a string.
    expect(locs(expectError(await send('POST', '/api/v1/api-keys/', { name: 123, scopes: ['admin'] }), 422))).toContain('body.name');
    expect(locs(expectError(await send('POST', '/api/v1/api-keys/', { name: 'k', scopes: 'admin' }), 422))).toContain('body.scopes');
    expect(locs(expectError(await send('POST', '/api/v1/users/', { ...newUser, name: null }), 422))).toContain('body.name');
    expect(locs(expectError(await send('GET', '/api/v1/users/?limit=abc'), 422))).toEqual(['query.limit']);
    expect(locs(expectError(await send('GET', '/api/v1/users/?skip=1.5'), 422))).toEqual(['query.skip']);
  });

  it('absurd numbers in the query: 422 naming the parameter, not a database error', async () => {
    for (const [url, loc] of [
      ['/api/v1/users/?skip=99999999999999999999', 'query.skip'],
      ['/api/v1/api-keys/?skip=1e300', 'query.skip'],
      ['/api/v1/users/?limit=99999999999999999999', 'query.limit'],
      ['/api/v1/users/?skip=1e400', 'query.skip'], // coerced to Infinity, which slips past minimum/maximum
      ['/api/v1/api-keys/?limit=Infinity', 'query.limit'],
      ['/api/v1/api-keys/?skip=-Infinity', 'query.skip'],
    ]) {
      expect(locs(expectError(await send('GET', url), 422, 'validation_error')), url).toEqual([loc]);
    }
  });

  it('prototype-poisoning JSON: 400', async () => {
    await nothingWritten();
    for (const text of [
      `{"__proto__": {"role": "owner"}, "email": "p@example.com", "password": "long enough pw", "role": "viewer"}`,
      `{"constructor": {"prototype": {"role": "owner"}}, "email": "p@example.com", "password": "long enough pw", "role": "viewer"}`,
    ]) {
      expectError(await send('POST', '/api/v1/users/', text), 400);
    }
  });

  it('NUL characters, which the database cannot store: a 4xx, never a 500', async () => {
    await nothingWritten();
    const cases: [string, string, object | undefined][] = [
      ['POST', '/api/v1/users/', { ...newUser, email: 'nul\u0000@example.com' }],
      ['POST', '/api/v1/users/', { ...newUser, name: 'Bob\u0000' }],
      ['POST', '/api/v1/api-keys/', { name: 'key\u0000', scopes: ['llm:read'] }],
      ['PATCH', `/api/v1/users/${a.ownerId}`, { name: '\u0000' }],
      ['POST', '/api/auth/login', { email: 'x@example.com', password: 'pw\u0000', tenant_id: `${a.slug}\u0000` }],
    ];
    for (const [method, url, payload] of cases) {
      const res = await send(method as 'POST', url, payload);
      const body = expectError(res, 422, 'validation_error');
      expect(body.detail[0].msg, url).toMatch(/NUL/);
    }
    const form = await send('POST', '/api/v1/api-keys/', 'name=a%00b&scopes=llm:read', { 'content-type': 'application/x-www-form-urlencoded' });
    expectError(form, 422);
  });

  it('lone UTF-16 surrogates, which UTF-8 and the jsonb columns cannot hold: 422 naming the field, never a 500', async () => {
    await nothingWritten();
    // JSON can spell a surrogate half without its pair ("\ud800"); JSON.stringify writes these escapes.
    const cases: [string, string, object, string][] = [
      ['POST', '/api/auth/login', { email: 'x\ud800@example.com', password: 'pw', tenant_id: a.slug }, 'body.email'],
      ['POST', '/api/auth/login', { email: 'x@example.com', password: 'pw', tenant_id: `${a.slug}\udc00` }, 'body.tenant_id'],
      ['POST', '/api/auth/otp/request', { email: 'x\udfff@example.com', tenant_id: a.slug }, 'body.email'],
      ['POST', '/api/auth/otp/verify', { email: 'x\ud83d@example.com', tenant_id: a.slug, code: '123456' }, 'body.email'],
      ['POST', '/api/auth/electron/request-otp', { email: '\udbff@example.com', tenant_id: a.slug }, 'body.email'],
      ['POST', '/api/auth/electron/verify-otp', { email: 'x@example.com', tenant_id: a.slug, code: '123456', device_name: 'laptop \ud800' }, 'body.device_name'],
      ['POST', '/api/auth/password-reset/request', { email: 'x\ud800@example.com', tenant_id: a.slug }, 'body.email'],
      ['PATCH', '/api/auth/me', { name: 'Bob \ude00' }, 'body.name'],
      ['PATCH', `/api/v1/users/${a.ownerId}`, { name: '\ud800' }, 'body.name'],
      ['POST', '/api/v1/users/', { ...newUser, name: 'Bob\ud800' }, 'body.name'],
      ['POST', '/api/v1/users/invitations', { email: 'invitee@example.com', role: 'member', name: 'Ivy \udc00' }, 'body.name'],
      ['POST', '/api/v1/api-keys/', { name: 'key \udbff', scopes: ['llm:read'] }, 'body.name'],
    ];
    for (const [method, url, payload, loc] of cases) {
      const body = expectError(await send(method as 'POST', url, payload), 422, 'validation_error');
      expect(locs(body), url).toEqual([loc]);
      expect(body.detail[0].msg, url).toMatch(/surrogate/);
    }
    // A surrogate pair (one character beyond U+FFFF) is text like any other.
    const renamed = await send('PATCH', '/api/auth/me', { name: 'Owner \ud83d\ude00' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('Owner 😀');
    // In a URL a half can only be percent-encoded bytes, which are no UTF-8: a path refuses them, a query keeps them
    // as the literal text sent; neither reaches the database as a surrogate.
    for (const url of ['/api/auth/invitation/info?token=inv_%ED%A0%80', '/api/auth/sso/providers/%ED%A0%80', '/api/v1/users/%ED%A0%80']) {
      const res = await send('GET', url);
      expect([url, res.statusCode >= 400 && res.statusCode < 500]).toEqual([url, true]);
    }
    const search = await send('GET', '/api/v1/users/?search=%ED%A0%80');
    expect(search.statusCode).toBe(200);
    expect(search.json().items).toEqual([]);
  });

  it('oversized bodies: 413, the limit being configurable', async () => {
    await nothingWritten();
    const big = { ...newUser, name: 'x'.repeat(BODY_LIMIT) };
    expectError(await send('POST', '/api/v1/users/', big), 413, 'payload_too_large');
    // Without a Content-Length (chunked), over a real socket.
    const body = JSON.stringify(big);
    const head = [
      'POST /api/v1/users/ HTTP/1.1',
      'Host: localhost',
      `Authorization: Bearer ${a.token}`,
      'Content-Type: application/json',
      'Transfer-Encoding: chunked',
      'Connection: close',
    ].join('\r\n');
    const res = await raw(`${head}\r\n\r\n${body.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ detail: 'Request body is too large', code: 'payload_too_large' });
  });

  it('unknown fields are ignored and never applied: a tenant_id in a body never changes the tenant', async () => {
    const patched = await send('PATCH', `/api/v1/users/${a.ownerId}`, {
      name: 'Owner',
      tenant_id: b.tenantId,
      id: randomUUID(),
      email: 'taken.over@example.com',
      created_at: '2000-01-01T00:00:00Z',
      password_hash: 'x',
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: a.ownerId, email: a.ownerEmail, name: 'Owner', role: 'owner' });
    expect(patched.json().created_at).not.toMatch(/^2000/);

    const created = await send('POST', '/api/v1/api-keys/', { name: 'mine', scopes: ['admin'], tenant_id: b.tenantId, tenantId: b.tenantId });
    expect(created.statusCode).toBe(201);
    const verify = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { authorization: `Bearer ${created.json().key}` } });
    expect(verify.json().tenant_id).toBe(a.tenantId);
    const inB = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys/?limit=100', headers: b.auth() });
    expect(inB.json().items.map((k: { id: string }) => k.id)).not.toContain(created.json().id);
  });
});

describe('paths', () => {
  it('invalid UUIDs in paths: 422 naming the parameter', async () => {
    await nothingWritten();
    for (const [method, url] of [
      ['GET', '/api/v1/users/42'],
      ['PATCH', '/api/v1/users/not-a-uuid'],
      ['GET', '/api/v1/api-keys/sk-abc'],
      ['DELETE', '/api/v1/api-keys/00000000-0000-0000-0000-00000000000g'],
      ['GET', '/api/v1/users/%00'],
      ['GET', `/api/v1/users/${'f'.repeat(99)}`],
      ['GET', `/api/v1/users/${encodeURIComponent("' OR 1=1 --")}`],
    ] as const) {
      const body = expectError(await send(method, url, method === 'PATCH' ? { name: 'x' } : undefined), 422, 'validation_error');
      expect(body.detail[0].loc, url).toEqual(['path', 'id']);
    }
  });

  it('a malformed percent-encoding (400) or an over-long path segment (414): the documented body', async () => {
    expectError(await send('GET', '/api/v1/users/%zz'), 400, 'bad_url');
    expectError(await t.app.inject({ method: 'GET', url: '/api/auth/%E0%A4%A' }), 400, 'bad_url');
    const long = await send('GET', `/api/v1/users/${'f'.repeat(5000)}`);
    expect(expectError(long, 414, 'uri_too_long').detail).not.toContain('ffff');
    expect(long.headers['x-request-id']).toBeDefined();
  });

  it('an unknown route: 404 with the documented body', async () => {
    expectError(await send('GET', '/api/v1/nothing-here'), 404, 'not_found');
    expectError(await send('POST', '/api/auth/me', {}), 404, 'not_found');
  });
});

describe('tenants', () => {
  it('a token naming a tenant that does not exist: 401', async () => {
    const { token } = await t.service.ctx.tokens.sign('access', { sub: a.ownerId, tid: randomUUID(), role: 'owner' }, 600);
    expectError(await send('GET', '/api/auth/me', undefined, { authorization: `Bearer ${token}` }), 401);
  });

  it('a login naming a tenant that does not exist: the usual 401', async () => {
    for (const tenant_id of ['no-such-tenant', randomUUID(), 'x'.repeat(100), "'; DROP TABLE tenants; --"]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.ownerEmail, password: a.password, tenant_id } });
      expectError(res, 401, 'invalid_credentials');
    }
  });
});

/** Writes raw bytes to the server and reads the answer until the server closes the connection. */
function raw(request: string | Buffer): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const [head, ...rest] = text.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: rest.join('\r\n\r\n') });
    });
    // Written, not ended: Node aborts a request whose client half-closes. Every request here says
    // `Connection: close` (or is refused by the parser), so the server ends the exchange.
    socket.write(request);
  });
}
const rawGet = (url: string, headers: string[] = []) =>
  raw(Buffer.from([`GET ${url} HTTP/1.1`, 'Host: localhost', 'Connection: close', ...headers, '', ''].join('\r\n'), 'latin1'));

describe('headers, on a real socket', () => {
  afterEach(async () => {
    // The process keeps serving after every kind of abuse.
    const res = await fetch(`${t.url}/api/auth/me`, { headers: a.auth() });
    expect(res.status).toBe(200);
  });

  it('huge headers: 431', async () => {
    expect((await rawGet('/api/auth/me', [`X-Filler: ${'a'.repeat(20_000)}`])).status).toBe(431);
    expect((await rawGet('/api/auth/me', Array.from({ length: 3000 }, (_, i) => `X-H${i}: v`))).status).toBe(431);
    expect((await rawGet(`/api/auth/me?q=${'a'.repeat(20_000)}`)).status).toBe(431);
  });

  it('control characters in a header: 400 from the HTTP parser', async () => {
    for (const bad of ['X-Bad: a\u0000b', 'X-Bad: a\u0001b', 'Authorization: Bearer a\u0000b', 'Bad Name: v']) {
      expect((await rawGet('/api/auth/me', [bad])).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('binary bytes in Authorization: 401 with the documented body', async () => {
    for (const value of ['Bearer \xff\xfe\xfd', `Bearer sk-${'\xe9'.repeat(40)}`, `Bearer ${'\x80'.repeat(8000)}`]) {
      const res = await rawGet('/api/auth/me', [`Authorization: ${value}`]);
      expect(res.status).toBe(401);
      expect(JSON.parse(res.body)).toEqual({ detail: 'Invalid or expired credentials', code: 'unauthorized' });
    }
  });

  it('an Idempotency-Key with control or non-ASCII characters: 400 with the documented body, nothing written', async () => {
    await nothingWritten();
    const body = JSON.stringify({ name: 'k', scopes: ['llm:read'] });
    for (const key of ['tab\there', 'caf\xe9', ' ']) {
      const res = await raw(
        Buffer.from(
          [
            'POST /api/v1/api-keys/ HTTP/1.1',
            'Host: localhost',
            `Authorization: Bearer ${a.token}`,
            'Content-Type: application/json',
            `Content-Length: ${body.length}`,
            `Idempotency-Key: ${key}`,
            'Connection: close',
            '',
            body,
          ].join('\r\n'),
          'latin1',
        ),
      );
      expect(res.status, JSON.stringify(key)).toBe(400);
      expect(JSON.parse(res.body)).toEqual({ detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters', code: 'invalid_idempotency_key' });
    }
    expect((await rawGet('/api/auth/me', [`Idempotency-Key: bell\u0007`])).status).toBe(400);
  });

  it('a request the parser cannot frame (conflicting lengths, garbage): 400', async () => {
    const conflicting = ['POST /api/auth/login HTTP/1.1', 'Host: localhost', 'Content-Length: 5', 'Transfer-Encoding: chunked', 'Connection: close', '', '0', '', ''];
    expect((await raw(conflicting.join('\r\n'))).status).toBe(400);
    expect((await raw('\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03 not http at all\r\n\r\n')).status).toBe(400);
  });
});
