import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, runCommand, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { importApp, installApp, sampleManifest } from '../../../test/support/apps.js';

/** The manifest format, validation and import: every error with its pointer, versions, publishing. */
let t: TestService;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  t = await startTestService();
  [a, b] = await Promise.all([createTenant(t, 'Acme'), createTenant(t, 'Globex')]);
});
afterAll(async () => t?.close());

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const validate = (manifest: unknown, token = a.token) =>
  t.app.inject({ method: 'POST', url: '/api/v1/app-platform/manifests/validate', headers: bearer(token), payload: { manifest } });
const importRaw = (payload: string | object, token = a.token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/app-platform/manifests/import',
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const appCount = async (tenant: TestTenant) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/app-platform/apps/?limit=100', headers: bearer(tenant.token) })).json().total as number;
const paths = (res: { json(): { errors: { path: string }[] } }) => res.json().errors.map((e) => e.path);

describe('the manifest schema', () => {
  it('is published without a credential, is draft 2020-12, and accepts the sample manifest', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/app-platform/manifest-schema' });
    expect(res.statusCode).toBe(200);
    const schema = res.json();
    expect(schema).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { manifest_version: { const: 1 } } });
    expect(schema.$id).toBe(`${t.config.publicBaseUrl}/api/v1/app-platform/manifest-schema?manifest_version=1`);
    // A third party's validator (here a fresh Ajv) can use it as it is.
    const ajv = new Ajv2020({ allErrors: true });
    addFormats.default(ajv);
    const check = ajv.compile(schema);
    expect(check(sampleManifest()), JSON.stringify(check.errors)).toBe(true);
    expect(check(sampleManifest({ permissions: ['admin'] }))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/app-platform/manifest-schema?manifest_version=2' })).statusCode).toBe(422);
  });
});

describe('validating', () => {
  it('reports every problem with its JSON pointer', async () => {
    const res = await validate({
      ...sampleManifest({
        manifest_version: 2,
        id: 'Not DNS',
        version: 'v1',
        publisher: { url: 'http://example.com' },
        icon_url: 'data:image/png;base64,AAAA',
        entry_url: 'javascript:alert(document.cookie)',
        permissions: ['app_data:read', 'root'],
        documents: { enabled: 'yes', max_versions: 0 },
        assets: { max_file_bytes: 2000, max_total_bytes: 1000, allowed_mime_types: ['image png'] },
        collections: [
          { name: 'Notes', schema: { type: 'array' } },
          { name: 'tasks', schema: { type: 'object', properties: { due: { type: 'string', formt: 'date' } } }, indexes: ['due', 'nope'] },
          { name: 'tasks', schema: { type: 'object', properties: { s: { type: 'string', pattern: '^(a)\\1$' } } } },
        ],
      }),
      unknown_field: true,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().valid).toBe(false);
    expect(new Set(paths(res))).toEqual(
      new Set([
        '/unknown_field',
        '/manifest_version',
        '/id',
        '/version',
        '/publisher/name',
        '/publisher/url',
        '/icon_url',
        '/entry_url',
        '/permissions/1',
        '/documents/enabled',
        '/documents/max_versions',
        '/assets/max_total_bytes',
        '/assets/allowed_mime_types/0',
        '/collections/0/name',
        '/collections/0/schema/type',
        '/collections/1/schema/properties/due/formt',
        '/collections/1/indexes/1',
        '/collections/2/name',
        '/collections/2/schema/properties/s/pattern',
      ]),
    );
    const byPath = Object.fromEntries(res.json().errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(byPath['/entry_url']).toMatch(/https/);
    expect(byPath['/publisher/url']).toMatch(/https/);
    expect(byPath['/collections/2/name']).toMatch(/duplicate collection name "tasks"/);
    expect(byPath['/id']).toMatch(/reverse-DNS/);
    expect(byPath['/collections/1/indexes/1']).toMatch(/"nope"/);
  });

  it('is for admins of the tenant, with a user token', async () => {
    const member = await a.userToken('member');
    expect((await validate(sampleManifest(), member.token)).statusCode).toBe(403);
    const key = await a.apiKey(['admin']);
    expect((await validate(sampleManifest(), key.key)).statusCode).toBe(403);
    const admin = await a.userToken('admin');
    expect((await validate(sampleManifest(), admin.token)).json()).toEqual({ valid: true, errors: [] });
  });

  it('allows http entry URLs on loopback only when the operator says so; checks are budgeted per tenant', async () => {
    const local = sampleManifest({ entry_url: 'http://127.0.0.1:5173/' });
    expect(paths(await validate(local))).toEqual(['/entry_url']);
    const dev = await startTestService({ env: { APPS_ALLOW_HTTP_LOOPBACK: 'true', RATE_LIMIT_MANIFEST_CHECKS_PER_TENANT_PER_MINUTE: '8' } });
    try {
      const c = await createTenant(dev, 'Dev');
      const res = await dev.app.inject({ method: 'POST', url: '/api/v1/app-platform/manifests/validate', headers: bearer(c.token), payload: { manifest: local } });
      expect(res.json()).toEqual({ valid: true, errors: [] });
      for (const url of ['http://localhost:3000/', 'http://app.localhost/', 'http://[::1]:8000/']) {
        const ok = await dev.app.inject({ method: 'POST', url: '/api/v1/app-platform/manifests/validate', headers: bearer(c.token), payload: { manifest: sampleManifest({ entry_url: url }) } });
        expect(ok.json().valid, url).toBe(true);
      }
      const remote = await dev.app.inject({
        method: 'POST',
        url: '/api/v1/app-platform/manifests/validate',
        headers: bearer(c.token),
        payload: { manifest: sampleManifest({ entry_url: 'http://notes.example.com/' }) },
      });
      expect(remote.json().errors).toEqual([{ path: '/entry_url', message: 'must be an https URL (the http scheme is not allowed)' }]);

      // Five checks spent above; validate and import share the budget of 8, then 429 with Retry-After.
      const check = (url: string) => dev.app.inject({ method: 'POST', url, headers: bearer(c.token), payload: { manifest: local } });
      for (const url of ['/api/v1/app-platform/manifests/validate', '/api/v1/app-platform/manifests/import', '/api/v1/app-platform/manifests/validate']) {
        expect((await check(url)).statusCode, url).toBeLessThan(300);
      }
      const spent = await check('/api/v1/app-platform/manifests/import');
      expect(spent.statusCode).toBe(429);
      expect(spent.headers['retry-after']).toEqual(expect.any(String));
      expect(spent.json().detail).toMatchObject({ limit: 8, remaining: 0 });
      // Another tenant has its own budget.
      const other = await createTenant(dev, 'Other');
      expect((await dev.app.inject({ method: 'POST', url: '/api/v1/app-platform/manifests/validate', headers: bearer(other.token), payload: { manifest: local } })).statusCode).toBe(200);
    } finally {
      await dev.close();
    }
  });
});

describe('bad manifests', () => {
  const deep = (levels: number) => {
    const root: Record<string, unknown> = {};
    let node = root;
    for (let i = 0; i < levels; i++) node = (node.a = {}) as Record<string, unknown>;
    return root;
  };
  /** `schema` as the property `a` of `levels` object schemas, one inside the other. */
  const nest = (schema: object, levels: number): object => (levels === 0 ? schema : nest({ type: 'object', properties: { a: schema } }, levels - 1));
  const withSchema = (schema: unknown) => sampleManifest({ collections: [{ name: 'notes', schema }] });

  const cases: [string, string, number, string][] = [
    ['huge (over the body limit)', JSON.stringify({ manifest: sampleManifest({ description: 'x'.repeat(2 * 1024 * 1024) }) }), 413, 'payload_too_large'],
    ['large (over the manifest cap)', JSON.stringify({ manifest: sampleManifest({ x_pad: Array.from({ length: 400 }, () => 'y'.repeat(1000)) }) }), 422, 'invalid_manifest'],
    ['100 000 levels deep', `{"manifest": ${'{"a":'.repeat(100_000)}{}${'}'.repeat(100_000)}}`, 422, 'invalid_manifest'],
    ['100 000 levels of arrays', `{"manifest": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`, 422, 'invalid_manifest'],
    ['a record schema nested too deep', JSON.stringify({ manifest: withSchema({ type: 'object', properties: { a: deep(40) } }) }), 422, 'invalid_manifest'],
    [
      'cyclic through $ref',
      JSON.stringify({ manifest: withSchema({ type: 'object', $defs: { a: { $ref: '#/$defs/b' }, b: { allOf: [{ $ref: '#/$defs/a' }] } }, properties: { x: { $ref: '#/$defs/a' } } }) }),
      422,
      'invalid_manifest',
    ],
    ['a $ref to the whole schema', JSON.stringify({ manifest: withSchema({ type: 'object', properties: { self: { $ref: '#' } } }) }), 422, 'invalid_manifest'],
    ['a remote $ref', JSON.stringify({ manifest: withSchema({ type: 'object', properties: { x: { $ref: 'http://169.254.169.254/latest/meta-data' } } }) }), 422, 'invalid_manifest'],
    ['an $id that would rebase references', JSON.stringify({ manifest: withSchema({ type: 'object', $id: 'https://evil.example/', properties: { x: { $ref: 'x.json' } } }) }), 422, 'invalid_manifest'],
    ['a javascript: entry URL', JSON.stringify({ manifest: sampleManifest({ entry_url: 'javascript:fetch("//evil")' }) }), 422, 'invalid_manifest'],
    ['a data: icon URL', JSON.stringify({ manifest: sampleManifest({ icon_url: 'data:text/html,<script>alert(1)</script>' }) }), 422, 'invalid_manifest'],
    ['duplicate collection names', JSON.stringify({ manifest: sampleManifest({ collections: [sampleManifest().collections[0], sampleManifest().collections[0]] }) }), 422, 'invalid_manifest'],
    ['a record schema that is not an object schema', JSON.stringify({ manifest: withSchema({ type: 'string' }) }), 422, 'invalid_manifest'],
    ['a backreference in a pattern', JSON.stringify({ manifest: withSchema({ type: 'object', properties: { s: { type: 'string', pattern: '^(a)\\1$' } } }) }), 422, 'invalid_manifest'],
    ['a lookahead in patternProperties', JSON.stringify({ manifest: withSchema({ type: 'object', patternProperties: { '^(?=a)': { type: 'string' } } }) }), 422, 'invalid_manifest'],
    [
      'a NUL character deep inside a record schema',
      JSON.stringify({ manifest: withSchema(nest({ type: 'object', description: 'a\u0000b' }, 15)) }),
      422,
      'invalid_manifest',
    ],
    // Refused by the input guard every route shares, before the manifest is read.
    ['an unpaired surrogate', JSON.stringify({ manifest: sampleManifest({ description: 'a\ud800b' }) }), 422, 'validation_error'],
    ['__proto__ in the JSON', `{"manifest": {"__proto__": {"polluted": true}, "id": "com.example.x"}}`, 400, 'malformed_json'],
    ['constructor.prototype in the JSON', `{"manifest": {"constructor": {"prototype": {"polluted": true}}}}`, 400, 'malformed_json'],
    ['no manifest at all', '{}', 422, 'validation_error'],
    ['a manifest that is an array', '{"manifest": [1, 2]}', 422, 'invalid_manifest'],
    ['not JSON', '{"manifest": ', 400, 'malformed_json'],
  ];

  it.each(cases)('%s: a clear 4xx, nothing stored, and the service keeps serving', async (_name, payload, status, code) => {
    const before = await appCount(a);
    const res = await importRaw(payload);
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
    if (code === 'invalid_manifest') {
      for (const d of res.json().detail) {
        expect(d).toEqual({ loc: expect.arrayContaining(['body', 'manifest']), msg: expect.any(String), type: 'manifest', path: expect.any(String) });
      }
    }
    expect(await appCount(a)).toBe(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('patterns run on a linear-time engine: what it lacks is refused with the pointer to the pattern', async () => {
    const res = await importRaw({
      manifest: withSchema({
        type: 'object',
        properties: { a: { type: 'string', pattern: '(a)\\1' }, b: { type: 'string', pattern: '^(?!x)' }, c: { type: 'string', pattern: '^(a|a)*$' } },
        patternProperties: { '(?<=a)b': {}, '^(a|ab)*$': {} },
      }),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().code).toBe('invalid_manifest');
    const found = res.json().detail.map((d: { path: string; msg: string }) => [d.path, d.msg]);
    expect(found.sort()).toEqual([
      ['/collections/0/schema/patternProperties/(?<=a)b', expect.stringMatching(/^pattern uses a lookbehind \(\?<=…\)/)],
      ['/collections/0/schema/properties/a/pattern', expect.stringMatching(/^pattern uses a backreference \(\\1\)/)],
      ['/collections/0/schema/properties/b/pattern', expect.stringMatching(/^pattern uses a lookahead \(\?!…\)/)],
    ]);
  });

  it('validate answers the same problems without storing anything', async () => {
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/app-platform/manifests/validate',
      headers: { ...bearer(a.token), 'content-type': 'application/json' },
      payload: '{"manifest": {"id": "com.example.x", "__proto__": {"polluted": true}}}',
    });
    expect(poisoned.statusCode).toBe(400);
    expect(poisoned.json().code).toBe('malformed_json');
    const cyclic = await validate(withSchema({ type: 'object', $defs: { a: { $ref: '#/$defs/a' } }, properties: { x: { $ref: '#/$defs/a' } } }));
    expect(cyclic.json().errors).toEqual([{ path: '/collections/0/schema/$defs/a/$ref', message: expect.stringMatching(/^\$ref cycle: #\/\$defs\/a → #\/\$defs\/a/) }]);
  });
});

describe('importing', () => {
  it('creates an app, then new versions only upward (lower or equal: 409)', async () => {
    const manifest = sampleManifest({ id: 'com.example.versions', version: '1.2.0' });
    const first = await importRaw({ manifest });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id: 'com.example.versions', version: '1.2.0', new_app: true });
    const appId = first.json().app_id;
    for (const version of ['1.2.0', '1.1.9', '1.2.0+build.7', '1.2.0-rc.1']) {
      const res = await importRaw({ manifest: { ...manifest, version } });
      expect(res.statusCode, version).toBe(409);
      expect(res.json().code).toBe('app_version_not_newer');
    }
    const next = await importRaw({ manifest: { ...manifest, version: '1.10.0', name: 'Notes Pro' } });
    expect(next.statusCode).toBe(201);
    expect(next.json()).toMatchObject({ app_id: appId, version: '1.10.0', new_app: false, name: 'Notes Pro' });

    const detail = await t.app.inject({ method: 'GET', url: `/api/v1/app-platform/apps/${appId}`, headers: bearer(a.token) });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ app_id: appId, id: 'com.example.versions', name: 'Notes Pro', latest_version: '1.10.0', owned: true, published: false, installation_id: null });
    expect(detail.json().versions.map((v: { version: string }) => v.version)).toEqual(['1.10.0', '1.2.0']);
    expect(detail.json().manifest.version).toBe('1.10.0');

    // The same id in another tenant is another app.
    const other = await importRaw({ manifest }, b.token);
    expect(other.statusCode).toBe(201);
    expect(other.json().app_id).not.toBe(appId);
  });

  it('lists the tenant’s apps and hides other tenants’ unpublished ones (404)', async () => {
    const own = await importApp(t, a, sampleManifest({ id: 'com.acme.private' }));
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/app-platform/apps/?limit=100', headers: bearer(b.token) });
    expect(list.json().items.map((i: { app_id: string }) => i.app_id)).not.toContain(own.app_id);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/app-platform/apps/${own.app_id}`, headers: bearer(b.token) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/app-platform/apps/${own.app_id}/install`, headers: bearer(b.token), payload: {} })).statusCode).toBe(404);
  });
});

describe('publishing (operator)', () => {
  it('app publish makes an app listed for and installable by every tenant', async () => {
    const shared = await importApp(t, a, sampleManifest({ id: 'com.example.market' }));
    const out = JSON.parse(await runCommand(t, ['app', 'publish', '--app-id', shared.app_id, '--json']));
    expect(out).toMatchObject({ app_id: shared.app_id, id: 'com.example.market', tenant_id: a.tenantId, published: true });

    const listed = await t.app.inject({ method: 'GET', url: '/api/v1/app-platform/apps/?limit=100', headers: bearer(b.token) });
    const item = listed.json().items.find((i: { app_id: string }) => i.app_id === shared.app_id);
    expect(item).toMatchObject({ published: true, owned: false, latest_version: '1.0.0' });
    const installed = await installApp(t, b, shared.app_id, ['app_data:read']);
    expect(installed.granted_permissions).toEqual(['app_data:read']);

    // Withdrawn: no longer listed for others, but B's installation keeps working (it can still read its version).
    await runCommand(t, ['app', 'publish', '--app-id', shared.app_id, '--unpublish']);
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/app-platform/apps/?limit=100', headers: bearer(b.token) });
    expect(after.json().items.map((i: { app_id: string }) => i.app_id)).not.toContain(shared.app_id);
    const mine = await t.app.inject({ method: 'GET', url: `/api/v1/app-platform/installations/${installed.installation_id}`, headers: bearer(b.token) });
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ id: 'com.example.market', version: '1.0.0', status: 'active' });
    const launch = await t.app.inject({ method: 'POST', url: `/api/v1/app-platform/apps/${shared.app_id}/launch-token`, headers: bearer(b.token) });
    expect(launch.statusCode).toBe(200);
  });

  it('refuses an unknown or malformed app id with a usage error', async () => {
    await expect(runCommand(t, ['app', 'publish', '--app-id', '00000000-0000-4000-8000-000000000000'])).rejects.toThrow(/App not found/);
    await expect(runCommand(t, ['app', 'publish', '--app-id', 'com.example.notes'])).rejects.toThrow(/must be an app_id/);
  });
});
