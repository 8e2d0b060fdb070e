import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../harness.js';
import { importApp, installApp, openApp, sampleManifest } from '../support/apps.js';

let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Acme');
});

/**
 * A tenant's app manifest brings its own regular expressions (record schema `pattern`, `patternProperties`).
 * On a backtracking engine these patterns take exponential (or high polynomial) time on a short string and
 * would block the process for every tenant; they must be accepted and answer at once, correctly. Without a
 * linear-time engine this test does not fail by an assertion: it never ends.
 */
describe('regular expressions from app manifests', () => {
  const n = 10_000;
  const as = 'a'.repeat(n);
  const keyLike = `${'a'.repeat(40)}!`;
  const schema = {
    type: 'object',
    additionalProperties: false,
    properties: {
      same: { type: 'string', pattern: '^(a|a)*$' },
      prefix: { type: 'string', pattern: '^(a|ab)*$' },
      double: { type: 'string', pattern: '^(a|aa)*$' },
      nested: { type: 'string', pattern: '^(a+)+$' },
      digits: { type: 'string', pattern: '^\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*\\d*$' },
      // A declared property beside a pattern that it almost matches: compiling must not test it by backtracking.
      keys: { type: 'object', additionalProperties: false, properties: { [keyLike]: { type: 'string' } }, patternProperties: { '^(a|a)*$': { type: 'integer' } } },
    },
  };
  let token: string;

  beforeAll(async () => {
    const manifest = sampleManifest({ id: 'com.example.patterns', entry_url: 'https://patterns.example.com/', collections: [{ name: 'c', schema }] });
    const app = await importApp(t, a, manifest);
    await installApp(t, a, app.app_id);
    token = (await openApp(t, app.app_id, a.token)).access_token;
  });

  const write = (data: object) =>
    t.app.inject({ method: 'POST', url: '/api/v1/app-data/c/', headers: { authorization: `Bearer ${token}` }, payload: { data } });
  const pointers = (res: { json(): { detail: { pointer: string }[] } }) => res.json().detail.map((d) => d.pointer).sort();

  it('a hostile value of 10,000 characters is refused at once, with every failing pointer', async () => {
    const res = await write({ same: `${as}!`, prefix: `${as}!`, double: `${as}!`, nested: `${as}!`, digits: `${'1'.repeat(n)}x` });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('app_record_invalid');
    expect(pointers(res)).toEqual(['/digits', '/double', '/nested', '/prefix', '/same']);
  });

  it('a matching value of 10,000 characters is stored', async () => {
    const res = await write({ same: as, prefix: 'ab'.repeat(n / 2), double: as, nested: as, digits: '1'.repeat(n) });
    expect(res.statusCode, res.body).toBe(201);
  });

  it('patternProperties run on the same engine, for keys and their values', async () => {
    const hostileKey = await write({ keys: { [`${as}!`]: 1 } });
    expect(hostileKey.statusCode).toBe(422);
    expect(pointers(hostileKey)).toEqual([`/keys/${as}!`]);
    const wrongValue = await write({ keys: { [as]: 'x' } });
    expect(wrongValue.statusCode).toBe(422);
    expect(pointers(wrongValue)).toEqual([`/keys/${as}`]);
    expect((await write({ keys: { [as]: 1, [keyLike]: 'declared' } })).statusCode).toBe(201);
  });
});
