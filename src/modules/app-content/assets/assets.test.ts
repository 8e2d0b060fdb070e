import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { importApp, installApp, openApp, sampleManifest } from '../../../../test/support/apps.js';
import { multipart } from '../../../../test/support/documents.js';

/**
 * App assets over HTTP: the manifest's limits (file, total, types judged on the bytes), the download's
 * protective headers, attachments to records and rich documents, isolation, and the purge.
 */
let t: TestService;
let a: TestTenant;
let app: { appId: string; installationId: string; token: string };

const P = '/api/v1/app-assets';
const ORIGIN = 'https://notes.example.com';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const LIMITS = { max_file_bytes: 1000, max_total_bytes: 2500, allowed_mime_types: ['image/png', 'image/jpeg', 'text/plain'] };

/** A file whose first bytes are a PNG's signature and IHDR chunk (what file-type reads), padded to `size`. */
const png = (size = 200) => {
  const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 7)]);
};

function upload(token: string, file: { filename: string; bytes: Buffer; contentType?: string }, query = '', headers: Record<string, string> = {}) {
  const body = multipart([{ name: 'file', filename: file.filename, bytes: file.bytes, contentType: file.contentType }]);
  return t.app.inject({ method: 'POST', url: `${P}/${query}`, headers: { ...bearer(token), ...body.headers, ...headers }, payload: body.payload });
}
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

async function installed(tenant: TestTenant, manifest: object, permissions?: string[]) {
  const imported = await importApp(t, tenant, manifest);
  const installation = await installApp(t, tenant, imported.app_id, permissions);
  const { access_token } = await openApp(t, imported.app_id, tenant.token);
  return { appId: imported.app_id, installationId: installation.installation_id, token: access_token };
}

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Acme');
  app = await installed(a, sampleManifest({ permissions: ['app_data:read', 'app_data:write', 'rich_documents:read', 'rich_documents:write', 'app_assets:read', 'app_assets:write'], assets: LIMITS }));
});

describe('upload and download', () => {
  it('stores a file typed by its bytes, lists it, and serves it as a sandboxed attachment', async () => {
    const bytes = png(300);
    const res = await upload(app.token, { filename: 'photo.png', bytes, contentType: 'image/png' }, '', { origin: ORIGIN });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['access-control-allow-origin']).toBe(ORIGIN);
    const asset = res.json();
    expect(asset).toMatchObject({ installation_id: app.installationId, filename: 'photo.png', mime_type: 'image/png', declared_type: 'image/png', size_bytes: 300, created_by: a.ownerId, attachments: [] });
    expect((await call('GET', `${P}/${asset.id}`, app.token)).json()).toEqual(asset);
    expect((await call('GET', `${P}/`, app.token)).json().items.map((x: { id: string }) => x.id)).toContain(asset.id);

    const content = await call('GET', `${P}/${asset.id}/content`, app.token);
    expect(content.statusCode).toBe(200);
    expect(content.rawPayload.equals(bytes)).toBe(true);
    expect(content.headers).toMatchObject({
      'content-type': 'image/png',
      'content-disposition': expect.stringMatching(/^attachment; filename="photo.png"/),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "sandbox; default-src 'none'",
      'cache-control': 'private, no-store',
    });
  });

  it('judges the type on the bytes: spoofed names and Content-Types are 415', async () => {
    const images = await installed(a, sampleManifest({ id: 'com.example.images', permissions: ['app_assets:read', 'app_assets:write'], assets: { ...LIMITS, allowed_mime_types: ['image/*'] } }));
    const spoofs = [
      { filename: 'cat.png', bytes: Buffer.from('<html><script>alert(1)</script></html>'), contentType: 'image/png' },
      { filename: 'cat.svg', bytes: Buffer.from('<html><script>alert(1)</script></html>'), contentType: 'image/svg+xml' },
      { filename: 'cat.jpg', bytes: Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(100)]), contentType: 'image/jpeg' },
      { filename: 'doc.png', bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n'), contentType: 'image/png' },
    ];
    for (const spoof of spoofs) {
      const res = await upload(images.token, spoof);
      expect(res.statusCode, spoof.filename).toBe(415);
      expect(res.json()).toMatchObject({ code: 'app_asset_type_not_allowed', detail: expect.stringMatching(/accepts image\/\*/) });
    }
    expect((await call('GET', `${P}/`, images.token)).json().total).toBe(0);
    // `image/*` admits a real image whatever it is called.
    expect((await upload(images.token, { filename: 'x.txt', bytes: png(), contentType: 'text/plain' })).json().mime_type).toBe('image/png');
    // Text has no magic number: where text/plain is allowed it is stored as that, never as what it claims to be.
    const text = await upload(app.token, { filename: 'notes.png', bytes: Buffer.from('<b>just words</b>'), contentType: 'image/png' });
    expect(text.statusCode).toBe(201);
    expect(text.json().mime_type).toBe('text/plain');
  });

  it("honours max_file_bytes and max_total_bytes with 413s that say which; deleting frees room", async () => {
    const tenant = await createTenant(t, 'Limits');
    const mine = await installed(tenant, sampleManifest({ permissions: ['app_assets:read', 'app_assets:write'], assets: LIMITS }));
    const tooBig = await upload(mine.token, { filename: 'big.png', bytes: png(1001) });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toMatchObject({ code: 'app_asset_too_large', detail: expect.stringMatching(/1000 bytes/) });
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) ids.push((await upload(mine.token, { filename: `${i}.png`, bytes: png(1000) })).json().id);
    const full = await upload(mine.token, { filename: '2.png', bytes: png(1000) });
    expect(full.statusCode).toBe(413);
    expect(full.json()).toMatchObject({ code: 'app_asset_storage_quota', detail: expect.stringMatching(/max_total_bytes of 2500/) });
    expect((await call('GET', `${P}/`, mine.token)).json().total).toBe(2);
    expect((await call('DELETE', `${P}/${ids[0]}`, mine.token)).statusCode).toBe(204);
    expect((await call('GET', `${P}/${ids[0]}/content`, mine.token)).statusCode).toBe(404);
    expect((await upload(mine.token, { filename: '2.png', bytes: png(1000) })).statusCode).toBe(201);
  });

  it('refuses bad uploads: no file, an empty file, not multipart, an app without assets', async () => {
    const fieldOnly = multipart([{ name: 'other', value: 'x' }]);
    const none = await t.app.inject({ method: 'POST', url: `${P}/`, headers: { ...bearer(app.token), ...fieldOnly.headers }, payload: fieldOnly.payload });
    expect(none.statusCode).toBe(422);
    const wrongBoundary = await t.app.inject({ method: 'POST', url: `${P}/`, headers: { ...bearer(app.token), ...multipart([]).headers }, payload: fieldOnly.payload });
    expect(wrongBoundary.statusCode).toBe(400);
    expect((await upload(app.token, { filename: 'empty.png', bytes: Buffer.alloc(0) })).statusCode).toBe(422);
    expect((await call('POST', `${P}/`, app.token, { file: 'x' })).statusCode).toBe(422);
    const tenant = await createTenant(t, 'NoAssets');
    const bare = await installed(tenant, sampleManifest({ permissions: ['app_assets:write'], assets: undefined }));
    const res = await upload(bare.token, { filename: 'a.png', bytes: png() });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('app_assets_disabled');
  });
});

describe('attachments', () => {
  it('attach a file to a record and to a rich document, listed on both; the record going takes the attachment', async () => {
    const asset = (await upload(app.token, { filename: 'pic.png', bytes: png() })).json();
    const record = (await call('POST', '/api/v1/app-data/notes/', app.token, { data: { title: 'with picture' } })).json();
    const doc = (await call('POST', '/api/v1/rich-documents/', app.token, { title: 'Doc', content: { type: 'doc', content: [] } })).json();

    const toRecord = await call('POST', `${P}/${asset.id}/attach`, app.token, { collection: 'notes', record_id: record.id });
    expect(toRecord.statusCode).toBe(200);
    const again = await call('POST', `${P}/${asset.id}/attach`, app.token, { collection: 'notes', record_id: record.id });
    expect(again.json().attachments).toEqual([{ collection: 'notes', record_id: record.id }]);
    const toDoc = await call('POST', `${P}/${asset.id}/attach`, app.token, { rich_document_id: doc.id });
    expect(toDoc.json().attachments).toEqual([{ collection: 'notes', record_id: record.id }, { rich_document_id: doc.id }]);

    expect((await call('GET', `/api/v1/app-data/notes/${record.id}`, app.token)).json().asset_ids).toEqual([asset.id]);
    expect((await call('GET', '/api/v1/app-data/notes/', app.token)).json().items.find((r: { id: string }) => r.id === record.id).asset_ids).toEqual([asset.id]);
    expect((await call('GET', `/api/v1/rich-documents/${doc.id}`, app.token)).json().asset_ids).toEqual([asset.id]);

    await call('DELETE', `/api/v1/app-data/notes/${record.id}`, app.token);
    expect((await call('GET', `${P}/${asset.id}`, app.token)).json().attachments).toEqual([{ rich_document_id: doc.id }]);
  });

  it('refuse a target that is not exactly one thing, or not of the same installation', async () => {
    const asset = (await upload(app.token, { filename: 'pic.png', bytes: png() })).json();
    const record = (await call('POST', '/api/v1/app-data/notes/', app.token, { data: { title: 'x' } })).json();
    expect((await call('POST', `${P}/${asset.id}/attach`, app.token, {})).statusCode).toBe(422);
    expect((await call('POST', `${P}/${asset.id}/attach`, app.token, { collection: 'notes', record_id: record.id, rich_document_id: record.id })).statusCode).toBe(422);
    expect((await call('POST', `${P}/${asset.id}/attach`, app.token, { record_id: record.id })).statusCode).toBe(422);

    const other = await installed(a, sampleManifest({ id: 'com.example.other', entry_url: 'https://other.example.com/' }));
    const theirs = (await call('POST', '/api/v1/app-data/notes/', other.token, { data: { title: 'theirs' } })).json();
    const res = await call('POST', `${P}/${asset.id}/attach`, app.token, { collection: 'notes', record_id: theirs.id });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('app_record_not_found');
  });
});

describe('who reaches them', () => {
  it("another installation's or tenant's file is a 404; a foreign origin gets no CORS", async () => {
    const asset = (await upload(app.token, { filename: 'private.png', bytes: png() })).json();
    const other = await installed(a, sampleManifest({ id: 'com.example.third', entry_url: 'https://third.example.com/', assets: LIMITS, permissions: ['app_assets:read', 'app_assets:write'] }));
    for (const url of [`${P}/${asset.id}`, `${P}/${asset.id}/content`]) expect((await call('GET', url, other.token)).statusCode).toBe(404);
    expect((await call('DELETE', `${P}/${asset.id}`, other.token)).statusCode).toBe(404);
    const b = await createTenant(t, 'Globex');
    expect((await call('GET', `${P}/${asset.id}`, b.token)).statusCode).toBe(404);
    const foreign = await t.app.inject({ method: 'GET', url: `${P}/${asset.id}`, headers: { ...bearer(app.token), origin: 'https://evil.example' } });
    expect(foreign.statusCode).toBe(200);
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await t.app.inject({ method: 'OPTIONS', url: `${P}/`, headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('needs app_assets grants; users upload naming the installation, viewers read, not write', async () => {
    const tenant = await createTenant(t, 'Grants');
    const readOnly = await installed(tenant, sampleManifest({ permissions: ['app_assets:read', 'app_assets:write'], assets: LIMITS }), ['app_assets:read']);
    expect((await upload(readOnly.token, { filename: 'a.png', bytes: png() })).json().code).toBe('app_permission_missing');
    const member = await tenant.userToken('member');
    const viewer = await tenant.userToken('viewer');
    expect((await upload(member.token, { filename: 'a.png', bytes: png() })).statusCode).toBe(422);
    const made = await upload(member.token, { filename: 'a.png', bytes: png() }, `?installation_id=${readOnly.installationId}`);
    expect(made.statusCode).toBe(201);
    expect((await call('GET', `${P}/${made.json().id}/content`, viewer.token)).statusCode).toBe(200);
    expect((await call('DELETE', `${P}/${made.json().id}`, viewer.token)).json().code).toBe('insufficient_scope');
    expect((await call('GET', `${P}/${made.json().id}`, readOnly.token)).statusCode).toBe(200);
  });

  it('purging the installation deletes its files', async () => {
    const tenant = await createTenant(t, 'Purge');
    const mine = await installed(tenant, sampleManifest({ permissions: ['app_assets:read', 'app_assets:write'], assets: LIMITS }));
    const asset = (await upload(mine.token, { filename: 'a.png', bytes: png() })).json();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/app-platform/installations/${mine.installationId}?purge=true`, headers: bearer(tenant.token) });
    expect(res.json().status).toBe('purged');
    expect((await call('GET', `${P}/${asset.id}`, tenant.token)).statusCode).toBe(404);
    expect((await call('GET', `${P}/`, tenant.token)).json().total).toBe(0);
  });
});
