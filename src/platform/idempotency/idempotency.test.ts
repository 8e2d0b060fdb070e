import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startFakeOpenAI, type FakeOpenAI } from '../../../test/peers/fake-openai.js';
import { activate, configureProvider } from '../../../test/support/llm.js';
import { rows } from '../db/database.js';
import { REDACTED } from '../http/secret.js';
import { IdempotencyStore } from './idempotency.repo.js';

/** SPEC "Idempotency-Key rules", one by one, over real HTTP on a real database. */
let t: TestService;
let a: TestTenant;
let fake: FakeOpenAI;

beforeAll(async () => {
  fake = await startFakeOpenAI();
  // A body limit above the 5 MB idempotency threshold, so that rule 8 can be exercised on a JSON route;
  // private provider URLs, so that the streaming gateway can reach the fake provider on loopback (rule 7).
  t = await startTestService({ env: { BODY_LIMIT_BYTES: String(8 * 1024 * 1024), PROVIDER_ALLOW_PRIVATE_URLS: 'true', PROVIDER_MAX_RETRIES: '0' } });
  a = await createTenant(t, 'Acme');
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

type Method = 'POST' | 'PATCH' | 'DELETE' | 'GET';
const send = (method: Method, url: string, options: { token?: string; key?: string; payload?: unknown; headers?: Record<string, string> } = {}) =>
  t.app.inject({
    method,
    url,
    headers: {
      authorization: `Bearer ${options.token ?? a.token}`,
      ...(options.key !== undefined ? { 'idempotency-key': options.key } : {}),
      ...options.headers,
    },
    ...(options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
const createKey = (key: string | undefined, payload: object = { name: 'idem', scopes: ['llm:read'] }, token?: string) =>
  send('POST', '/api/v1/api-keys/', { key, payload, token });
const keyCount = async () => (await send('GET', '/api/v1/api-keys/?limit=1')).json().total as number;
/** Statements on the records as tenant A's transaction (row-level security: the records are the caller's tenant's). */
const asTenant = <T = Record<string, unknown>>(statement: SQL) => t.service.ctx.db.tenant(a.tenantId, (tx) => rows<T>(tx, statement));
const storedRows = async (key: string) => (await asTenant<{ n: number }>(sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${key}`))[0].n;
/** A new API key's response as a replay answers it: the secret key is never kept, so it comes back redacted. */
const replayOf = (first: { json(): Record<string, unknown> }) => ({ ...first.json(), key: REDACTED });

describe('replay', () => {
  it('a repeat with the same key and body returns the stored status, headers and body without executing again', async () => {
    const key = randomUUID();
    const before = await keyCount();
    const first = await createKey(key);
    expect(first.statusCode).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const second = await createKey(key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(replayOf(first));
    expect(second.headers['idempotent-redacted']).toBe('key');
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['x-ratelimit-limit']).toBeDefined(); // this delivery's own limit headers
    expect(second.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(await keyCount()).toBe(before + 1);
  });

  it('replays a 204 delete instead of answering 404 the second time', async () => {
    const made = await a.apiKey(['llm:read']);
    const key = randomUUID();
    const first = await send('DELETE', `/api/v1/api-keys/${made.id}`, { key });
    expect(first.statusCode).toBe(204);
    const again = await send('DELETE', `/api/v1/api-keys/${made.id}`, { key });
    expect(again.statusCode).toBe(204);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe('');
    expect((await send('DELETE', `/api/v1/api-keys/${made.id}`, { key: randomUUID() })).statusCode).toBe(404);
  });

  it('the same key with a different body, or on another route, is 409 and executes nothing', async () => {
    const key = randomUUID();
    expect((await createKey(key, { name: 'one', scopes: ['llm:read'] })).statusCode).toBe(201);
    const before = await keyCount();
    for (const res of [
      await createKey(key, { name: 'two', scopes: ['llm:read'] }),
      await send('POST', '/api/v1/users/', { key, payload: { name: 'one', scopes: ['llm:read'] } }),
    ]) {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ detail: 'This Idempotency-Key was already used with a different request body', code: 'idempotency_key_reused' });
    }
    expect(await keyCount()).toBe(before);
  });
});

describe('concurrency', () => {
  it('20 parallel identical requests execute exactly once', async () => {
    const key = randomUUID();
    const before = await keyCount();
    const responses = await Promise.all(Array.from({ length: 20 }, () => createKey(key, { name: 'parallel', scopes: ['llm:read'] })));
    const executed = responses.filter((r) => r.statusCode === 201 && r.headers['idempotent-replayed'] === undefined);
    expect(executed).toHaveLength(1);
    for (const res of responses) {
      if (res === executed[0]) continue;
      if (res.statusCode === 201) {
        expect(res.headers['idempotent-replayed']).toBe('true');
        expect(res.json()).toEqual(replayOf(executed[0]));
      } else {
        expect(res.statusCode).toBe(409);
        expect(res.json().code).toBe('idempotency_in_flight');
        expect(res.headers['retry-after']).toBe('1');
      }
    }
    expect(await keyCount()).toBe(before + 1);
    // Once settled, every retry is a replay.
    const late = await createKey(key, { name: 'parallel', scopes: ['llm:read'] });
    expect(late.headers['idempotent-replayed']).toBe('true');
    expect(late.json()).toEqual(replayOf(executed[0]));
  });
});

describe('failures are not stored', () => {
  it('a refused call (403) may be retried with the same key and body once the cause is fixed', async () => {
    const user = await a.userToken('member');
    const key = randomUUID();
    const body = { name: 'after promotion', scopes: ['llm:read'] };
    const refused = await createKey(key, body, user.token);
    expect(refused.statusCode).toBe(403);
    expect(await storedRows(key)).toBe(0);
    const promoted = await send('PATCH', `/api/v1/users/${user.userId}`, { payload: { role: 'admin' } });
    expect(promoted.statusCode).toBe(200);
    const retried = await createKey(key, body, user.token);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect((await createKey(key, body, user.token)).headers['idempotent-replayed']).toBe('true');
  });

  it('a 422 or a malformed body does not take the key: the corrected body then executes', async () => {
    const key = randomUUID();
    const bad = await createKey(key, { name: 'typo', scopes: ['llm:raed'] });
    expect(bad.statusCode).toBe(422);
    const malformed = await send('POST', '/api/v1/api-keys/', { key, payload: '{"name": "typo", ', headers: { 'content-type': 'application/json' } });
    expect(malformed.statusCode).toBe(400);
    expect(await storedRows(key)).toBe(0);
    const fixed = await createKey(key, { name: 'typo', scopes: ['llm:read'] });
    expect(fixed.statusCode).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('isolation', () => {
  it('another token or API key with the same key executes fresh and never sees the stored response', async () => {
    const key = randomUUID();
    const body = { name: 'isolated', scopes: ['llm:read'] };
    const mine = await createKey(key, body);
    expect(mine.statusCode).toBe(201);
    const adminKey = await a.apiKey(['admin']);
    const relogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.ownerEmail, password: a.password, tenant_id: a.slug },
    });
    const other = createTenant(t, 'Other');
    for (const token of [adminKey.key, relogin.json().access_token as string, (await other).token]) {
      const res = await createKey(key, body, token);
      expect(res.statusCode).toBe(201);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      expect(res.json().id).not.toBe(mine.json().id);
      expect(res.json().key).not.toBe(mine.json().key);
    }
  });
});

describe('what is not kept', () => {
  it('a body over 5 MB executes but is never stored (no claim row, a repeat executes again)', async () => {
    const key = randomUUID();
    const payload = { name: 'big', scopes: ['llm:read'], padding: 'x'.repeat(5 * 1024 * 1024 + 10) };
    const before = await keyCount();
    const first = await createKey(key, payload);
    expect(first.statusCode).toBe(201);
    expect(await storedRows(key)).toBe(0);
    const second = await createKey(key, payload);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBeUndefined();
    expect(await keyCount()).toBe(before + 2);
  });

  it('a body just under 5 MB is still protected', async () => {
    const key = randomUUID();
    const payload = { name: 'almost big', scopes: ['llm:read'], padding: 'x'.repeat(5 * 1024 * 1024 - 100) };
    expect((await createKey(key, payload)).statusCode).toBe(201);
    expect(await storedRows(key)).toBe(1);
    expect((await createKey(key, payload)).headers['idempotent-replayed']).toBe('true');
  });

  it('a text/event-stream response is never stored: the same key and body stream again', async () => {
    await configureProvider(t, a, fake.url);
    await activate(t, a, 'gpt-4o-mini');
    fake.reset();
    const key = randomUUID();
    const payload = { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'one two three' }], stream: true };
    for (const round of [1, 2]) {
      const res = await send('POST', '/v1/chat/completions', { key, payload });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/event-stream/);
      expect(res.headers['idempotent-replayed']).toBeUndefined();
      expect(res.body).toContain('data: [DONE]');
      expect(fake.requests, `round ${round}`).toHaveLength(round);
    }
    expect(await storedRows(key)).toBe(0);
  });
});

describe('the key itself', () => {
  it('is 1 to 255 visible ASCII characters, otherwise 400 and nothing runs', async () => {
    const before = await keyCount();
    for (const key of ['', 'x'.repeat(256), 'has space', 'tab\there', 'bell\x07', 'del\x7f', 'ключ']) {
      const res = await createKey(key);
      expect(res.statusCode, JSON.stringify(key)).toBe(400);
      expect(res.json(), JSON.stringify(key)).toEqual({
        detail: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
        code: 'invalid_idempotency_key',
      });
    }
    expect(await keyCount()).toBe(before);
    for (const key of ['k', 'x'.repeat(255), '~!#$%^&*()_+{}|:"<>?`-=[]\\;\',./']) {
      expect((await createKey(key)).statusCode, key.slice(0, 20)).toBe(201);
    }
  });

  it('is ignored on reads', async () => {
    expect((await send('GET', '/api/v1/api-keys/', { key: 'has space' })).statusCode).toBe(200);
  });
});

describe('retention', () => {
  const expire = (key: string) =>
    asTenant(sql`UPDATE idempotency_keys SET expires_at = now() - interval '1 second' WHERE key = ${key}`);

  it('purgeExpired deletes expired records and keeps live ones', async () => {
    const [old, live] = [randomUUID(), randomUUID()];
    expect((await createKey(old)).statusCode).toBe(201);
    expect((await createKey(live)).statusCode).toBe(201);
    await expire(old);
    expect(await t.service.ctx.idempotency.purgeExpired()).toBeGreaterThanOrEqual(1);
    expect(await storedRows(old)).toBe(0);
    expect(await storedRows(live)).toBe(1);
  });

  it('an expired record is never replayed, even before the purge ran: the key is taken afresh', async () => {
    const key = randomUUID();
    expect((await createKey(key)).statusCode).toBe(201);
    await expire(key);
    const [{ auth_hash }] = await asTenant<{ auth_hash: string }>(sql`SELECT auth_hash FROM idempotency_keys WHERE key = ${key}`);
    const caller = { tenantId: a.tenantId, authHash: auth_hash };
    // A store that has not served this key (another instance; this one keeps completed responses in
    // memory until their expiry, which the SQL above cannot move): it must read the expired row as absent.
    const elsewhere = new IdempotencyStore(t.service.ctx.db, t.config.idempotencyTtlSec);
    expect(await elsewhere.claim(caller, key, 'another fingerprint')).toEqual({ kind: 'claimed' });
    await elsewhere.release(caller, key);
  });

  it('records are kept for 24 hours', async () => {
    const key = randomUUID();
    await createKey(key);
    const [row] = await asTenant<{ hours: number }>(
      sql`SELECT round(extract(epoch FROM expires_at - created_at) / 3600)::int AS hours FROM idempotency_keys WHERE key = ${key}`,
    );
    expect(row.hours).toBe(24);
  });
});
