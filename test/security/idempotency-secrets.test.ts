import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../harness.js';
import { rows } from '../../src/platform/db/database.js';
import { REDACTED } from '../../src/platform/http/secret.js';

/**
 * A write sent with an Idempotency-Key keeps its response for 24 hours so that a retry replays it. A response that
 * carries a credential (a new API key, a token pair) must not be kept as it was: the row holds the response with every
 * secret field redacted, belongs to the caller's tenant under row-level security, and a replay answers the same
 * status with the secret fields redacted and `Idempotent-Redacted` naming them.
 */
let t: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Acme');
  b = await createTenant(t, 'Other');
});

interface StoredRow {
  tenant_id?: string | null;
  status_code: number;
  headers: unknown;
  body: Uint8Array;
}
const select = (key: string) => sql`SELECT * FROM idempotency_keys WHERE key = ${key}`;
/** The records of `key` as a tenant's transaction sees them, or (null) as a connection with no tenant does. */
const stored = (key: string, tenantId: string | null) =>
  tenantId ? t.service.ctx.db.tenant(tenantId, (tx) => rows<StoredRow>(tx, select(key))) : t.service.ctx.db.query<StoredRow>(select(key));
/** Everything a record holds, as text: what must not contain the credential. */
const asText = (row: StoredRow) => `${JSON.stringify(row.headers)}\n${Buffer.from(row.body).toString('utf8')}`;

const post = (url: string, key: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, headers: { 'idempotency-key': key, ...(token ? { authorization: `Bearer ${token}` } : {}) }, payload });

describe('a new API key', () => {
  it('is never kept: the record holds it redacted, in the tenant, and the replay says what it redacted', async () => {
    const key = randomUUID();
    const body = { name: 'kept?', scopes: ['llm:read'] };
    const first = await post('/api/v1/api-keys/', key, body, a.token);
    expect(first.statusCode).toBe(201);
    const secret = first.json().key as string;
    expect(secret).toMatch(/^sk-/);
    expect(first.headers['idempotent-redacted']).toBeUndefined();

    const [row, ...more] = await stored(key, a.tenantId);
    expect(more).toEqual([]);
    expect(row.status_code).toBe(201);
    expect(asText(row)).not.toContain(secret);
    expect(asText(row)).not.toContain(secret.slice(3));
    expect(row.tenant_id).toBe(a.tenantId);
    // Row-level security: another tenant, and a connection with no tenant, see nothing of it.
    expect(await stored(key, b.tenantId)).toEqual([]);
    expect(await stored(key, null)).toEqual([]);

    const replay = await post('/api/v1/api-keys/', key, body, a.token);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['idempotent-redacted']).toBe('key');
    expect(replay.body).not.toContain(secret);
    expect(replay.json()).toEqual({ ...first.json(), key: REDACTED });
    // The key itself works and was made once.
    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/api-keys/?limit=100', headers: a.auth() });
    expect(listed.json().items.filter((k: { name: string }) => k.name === 'kept?')).toHaveLength(1);
  });
});

describe('a token pair', () => {
  it('of an anonymous login is never kept: the record has no tenant, holds no token, and the replay redacts both', async () => {
    const key = randomUUID();
    const body = { email: a.ownerEmail, password: a.password, tenant_id: a.slug };
    const first = await post('/api/auth/login', key, body);
    expect(first.statusCode).toBe(200);
    const { access_token, refresh_token } = first.json() as { access_token: string; refresh_token: string };

    const [row, ...more] = await stored(key, null);
    expect(more).toEqual([]);
    for (const token of [access_token, refresh_token]) {
      expect(asText(row)).not.toContain(token);
      expect(asText(row)).not.toContain(token.split('.')[2]); // not even the signature
    }
    expect(row.tenant_id).toBeNull();
    expect(await stored(key, a.tenantId)).toEqual([]); // a tenant's transaction never sees anonymous records

    const replay = await post('/api/auth/login', key, body);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.headers['idempotent-redacted']).toBe('access_token, refresh_token');
    expect(replay.json()).toEqual({ ...first.json(), access_token: REDACTED, refresh_token: REDACTED });
  });

  it('of a password change is never kept, and the record is the tenant\u2019s', async () => {
    const user = await a.userToken('member');
    const key = randomUUID();
    const body = { current_password: a.password, new_password: `${a.password} and more` };
    const first = await post('/api/auth/me/password', key, body, user.token);
    expect(first.statusCode, first.body).toBe(200);
    const { access_token, refresh_token } = first.json() as { access_token: string; refresh_token: string };

    const [row] = await stored(key, a.tenantId);
    expect(asText(row)).not.toContain(access_token);
    expect(asText(row)).not.toContain(refresh_token);
    expect(row.tenant_id).toBe(a.tenantId);

    const replay = await post('/api/auth/me/password', key, body, user.token);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-redacted']).toBe('access_token, refresh_token');
    expect(replay.json().access_token).toBe(REDACTED);
  });
});
