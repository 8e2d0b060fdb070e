import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { importApp, installApp, openApp, sampleManifest } from '../../../../test/support/apps.js';
import { indexedOk, search } from '../../../../test/support/documents.js';
import { eventually } from '../../../../test/support/eventually.js';

/**
 * Rich documents over HTTP: node trees checked without recursion, immutable versions with conflicts and
 * restores, at most max_versions kept, reached by apps (their installation only) and by the tenant's users,
 * and copied into search when the tenant allows it.
 */
let t: TestService;
let a: TestTenant;
let app: { appId: string; installationId: string; token: string };

const P = '/api/v1/rich-documents';
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });

const para = (text: string) => ({ type: 'paragraph', content: [{ type: 'text', text }] });
const doc = (...blocks: object[]) => ({ type: 'doc', content: blocks });

async function installed(tenant: TestTenant, manifest: object, permissions?: string[]) {
  const imported = await importApp(t, tenant, manifest);
  const installation = await installApp(t, tenant, imported.app_id, permissions);
  const { access_token } = await openApp(t, imported.app_id, tenant.token);
  return { appId: imported.app_id, installationId: installation.installation_id, token: access_token };
}

beforeAll(async () => {
  // A body limit high enough for a 100 000-level document to reach the validator (the default, 1 MB, stops it first).
  t = await startTestService({ env: { BODY_LIMIT_BYTES: String(4 * 1024 * 1024) } });
  a = await createTenant(t, 'Acme');
  app = await installed(a, sampleManifest({ documents: { enabled: true, max_versions: 3 } }));
});
afterAll(async () => t?.close());

describe('versions', () => {
  it('create → edit with base_version → stale edit is 409 with the current document → list, read and restore versions', async () => {
    const rich = doc(
      { type: 'heading', attrs: { level: 1 }, content: [{ type: 'text', text: 'Plan' }] },
      para('first draft'),
      { type: 'bullet_list', content: [{ type: 'list_item', content: [para('item')] }] },
      { type: 'paragraph', content: [{ type: 'text', text: 'link', marks: [{ type: 'link', attrs: { href: 'https://example.com' } }, { type: 'strong' }] }] },
    );
    const made = await call('POST', `${P}/`, app.token, { title: 'Plan', content: rich });
    expect(made.statusCode).toBe(201);
    const created = made.json();
    expect(created).toMatchObject({ title: 'Plan', version: 1, installation_id: app.installationId, content: rich, created_by: a.ownerId, asset_ids: [], indexed_document_id: null });

    const v2 = await call('PUT', `${P}/${created.id}`, app.token, { content: doc(para('second')), base_version: 1 });
    expect(v2.statusCode).toBe(200);
    expect(v2.json()).toMatchObject({ version: 2, title: 'Plan', content: doc(para('second')) });

    const stale = await call('PUT', `${P}/${created.id}`, app.token, { title: 'Lost', content: doc(para('lost')), base_version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ code: 'rich_document_version_conflict', current: { id: created.id, version: 2, content: doc(para('second')) } });

    const list = (await call('GET', `${P}/${created.id}/versions`, app.token)).json();
    expect(list.items.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    expect(list.items[0]).not.toHaveProperty('content');
    const first = await call('GET', `${P}/${created.id}/versions/1`, app.token);
    expect(first.json()).toMatchObject({ version: 1, document_id: created.id, content: rich, restored_from: null });

    const restored = await call('POST', `${P}/${created.id}/versions/1/restore`, app.token, { base_version: 2 });
    expect(restored.statusCode).toBe(200);
    expect(restored.json()).toMatchObject({ version: 3, content: rich });
    expect((await call('GET', `${P}/${created.id}/versions/3`, app.token)).json().restored_from).toBe(1);
    const staleRestore = await call('POST', `${P}/${created.id}/versions/1/restore`, app.token, { base_version: 2 });
    expect(staleRestore.statusCode).toBe(409);
  });

  it('keeps at most max_versions (oldest dropped); a dropped version is a 404', async () => {
    const id = (await call('POST', `${P}/`, app.token, { title: 'Many', content: doc(para('v1')) })).json().id;
    for (let v = 1; v <= 4; v++) expect((await call('PUT', `${P}/${id}`, app.token, { content: doc(para(`v${v + 1}`)), base_version: v })).statusCode).toBe(200);
    const versions = (await call('GET', `${P}/${id}/versions`, app.token)).json();
    expect(versions.items.map((v: { version: number }) => v.version)).toEqual([5, 4, 3]);
    expect(versions.total).toBe(3);
    const dropped = await call('GET', `${P}/${id}/versions/1`, app.token);
    expect(dropped.statusCode).toBe(404);
    expect(dropped.json().code).toBe('rich_document_version_not_found');
    expect((await call('POST', `${P}/${id}/versions/2/restore`, app.token, {})).statusCode).toBe(404);
  });

  it('lists with search on the title, newest change first, and deletes', async () => {
    const tenant = await createTenant(t, 'Lists');
    const mine = await installed(tenant, sampleManifest());
    for (const title of ['Budget 2026', 'Minutes', 'budget draft', '100% done']) {
      expect((await call('POST', `${P}/`, mine.token, { title, content: doc(para(title)) })).statusCode).toBe(201);
    }
    const found = (await call('GET', `${P}/?search=BUDGET`, mine.token)).json();
    expect(found.items.map((d: { title: string }) => d.title)).toEqual(['budget draft', 'Budget 2026']);
    expect(found.items[0]).not.toHaveProperty('content');
    expect((await call('GET', `${P}/?search=%25`, mine.token)).json().items.map((d: { title: string }) => d.title)).toEqual(['100% done']);
    const page = (await call('GET', `${P}/?skip=1&limit=2`, mine.token)).json();
    expect(page).toMatchObject({ total: 4, skip: 1, limit: 2 });
    expect(page.items).toHaveLength(2);

    const id = found.items[0].id;
    expect((await call('DELETE', `${P}/${id}`, mine.token)).statusCode).toBe(204);
    expect((await call('GET', `${P}/${id}`, mine.token)).statusCode).toBe(404);
    expect((await call('GET', `${P}/${id}/versions`, mine.token)).statusCode).toBe(404);
  });
});

describe('content', () => {
  const invalid = async (content: unknown) => {
    const res = await call('POST', `${P}/`, app.token, { title: 'Bad', content });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().code).toBe('rich_document_invalid');
    return res.json().detail.map((d: { pointer: string; msg: string }) => `${d.pointer} ${d.msg}`) as string[];
  };

  it('refuses unknown node types, misplaced nodes, bad attributes and marks, each with its pointer', async () => {
    const issues = await invalid(
      doc(
        { type: 'script', content: [] },
        { type: 'text', text: 'loose text' },
        { type: 'heading', content: [{ type: 'text', text: 'no level' }] },
        { type: 'paragraph', content: [{ type: 'text', text: 'x', marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }, { type: 'blink' }] }] },
        { type: 'paragraph', content: [{ type: 'image', attrs: { src: 'data:image/png;base64,AAAA' } }], onclick: 'x' },
        { type: 'bullet_list', content: [para('not an item')] },
        { type: 'paragraph', content: [{ type: 'text', text: '' }] },
      ),
    );
    expect(issues.map((i) => i.split(' ')[0]).sort()).toEqual(
      [
        '/content/0/type',
        '/content/1',
        '/content/2/attrs/level',
        '/content/3/content/0/marks/0/attrs/href',
        '/content/3/content/0/marks/1',
        '/content/4/onclick',
        '/content/4/content/0/attrs/src',
        '/content/5/content/0',
        '/content/6/content/0/text',
      ].sort(),
    );
    expect(await invalid({ type: 'paragraph', content: [] })).toEqual([expect.stringMatching(/^ paragraph cannot appear here/)]);
    expect(await invalid([doc()])).toEqual([expect.stringMatching(/^ expected a "doc" node/)]);
  });

  it('refuses 100 000-deep nesting without a stack overflow, and keeps serving', async () => {
    const levels = 100_000;
    const res = await t.app.inject({
      method: 'POST',
      url: `${P}/`,
      headers: { ...bearer(app.token), 'content-type': 'application/json' },
      payload: `{"title": "Deep", "content": {"type": "doc", "content": [${'{"type":"blockquote","content":['.repeat(levels)}{"type":"text","text":"x"}${']}'.repeat(levels)}]}}`,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([expect.objectContaining({ msg: expect.stringMatching(/deeper than 48 levels/) })]);

    // Arrays nested 200 000 deep inside the content.
    const depth = 200_000;
    const arrays = await t.app.inject({
      method: 'POST',
      url: `${P}/`,
      headers: { ...bearer(app.token), 'content-type': 'application/json' },
      payload: `{"title": "Deep", "content": {"type": "doc", "content": [{"type": "blockquote", "content": ${'['.repeat(depth)}${']'.repeat(depth)}}]}}`,
    });
    expect(arrays.statusCode).toBe(422);
    let chain = '{"type": "text", "text": "x"}';
    for (let i = 0; i < 10_000; i++) chain = `{"type":"blockquote","content":[${chain}]}`;
    const tenThousand = await t.app.inject({
      method: 'POST',
      url: `${P}/`,
      headers: { ...bearer(app.token), 'content-type': 'application/json' },
      payload: `{"title": "Deep", "content": {"type": "doc", "content": [${chain}]}}`,
    });
    expect(tenThousand.statusCode).toBe(422);
    expect(tenThousand.json().detail[0].msg).toMatch(/deeper than 48 levels/);
    expect((await call('GET', `${P}/`, app.token)).statusCode).toBe(200);
  });

  it('refuses __proto__ keys and over-large content, and stores nothing', async () => {
    const before = (await call('GET', `${P}/`, app.token)).json().total;
    const proto = await t.app.inject({
      method: 'POST',
      url: `${P}/`,
      headers: { ...bearer(app.token), 'content-type': 'application/json' },
      payload: '{"title": "P", "content": {"type": "doc", "content": [{"type": "paragraph", "__proto__": {"x": 1}}]}}',
    });
    expect(proto.statusCode).toBeGreaterThanOrEqual(400);
    expect(proto.statusCode).toBeLessThan(500);
    const huge = doc(...Array.from({ length: 7 }, () => para('x'.repeat(90_000))));
    const big = await call('POST', `${P}/`, app.token, { title: 'Huge', content: huge });
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('rich_document_too_large');
    expect((await call('GET', `${P}/`, app.token)).json().total).toBe(before);
  });
});

describe('who reaches them', () => {
  it('an app reaches its own installation only; another tenant sees nothing', async () => {
    const id = (await call('POST', `${P}/`, app.token, { title: 'Private', content: doc(para('x')) })).json().id;
    const other = await installed(a, sampleManifest({ id: 'com.example.other', entry_url: 'https://other.example.com/' }));
    for (const res of [await call('GET', `${P}/${id}`, other.token), await call('PUT', `${P}/${id}`, other.token, { content: doc(para('y')), base_version: 1 }), await call('DELETE', `${P}/${id}`, other.token)]) {
      expect(res.statusCode).toBe(404);
    }
    expect((await call('GET', `${P}/`, other.token)).json().items.map((d: { id: string }) => d.id)).not.toContain(id);
    const b = await createTenant(t, 'Globex');
    expect((await call('GET', `${P}/${id}`, b.token)).statusCode).toBe(404);
    expect((await call('POST', `${P}/`, b.token, { title: 'x', content: doc(), installation_id: app.installationId })).json().code).toBe('installation_not_found');
  });

  it('needs rich_documents:read / :write, and documents enabled in the manifest', async () => {
    const tenant = await createTenant(t, 'Grants');
    const readOnly = await installed(tenant, sampleManifest(), ['rich_documents:read']);
    expect((await call('POST', `${P}/`, readOnly.token, { title: 'x', content: doc() })).json().code).toBe('app_permission_missing');
    expect((await call('GET', `${P}/`, readOnly.token)).statusCode).toBe(200);
    const disabled = await installed(tenant, sampleManifest({ id: 'com.example.nodocs', documents: { enabled: false } }));
    const res = await call('POST', `${P}/`, disabled.token, { title: 'x', content: doc() });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('rich_documents_disabled');
  });

  it("the tenant's users: members write naming the installation, viewers read, keys need the scopes", async () => {
    const member = await a.userToken('member');
    const viewer = await a.userToken('viewer');
    const missing = await call('POST', `${P}/`, member.token, { title: 'By a member', content: doc(para('hi')) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().detail[0].loc).toEqual(['body', 'installation_id']);
    const made = await call('POST', `${P}/`, member.token, { title: 'By a member', content: doc(para('hi')), installation_id: app.installationId });
    expect(made.statusCode).toBe(201);
    expect(made.json().created_by).toBe(member.userId);
    const id = made.json().id;
    // The app sees what the member wrote in its installation, and the member what the app wrote.
    expect((await call('GET', `${P}/${id}`, app.token)).json().title).toBe('By a member');
    expect((await call('GET', `${P}/?installation_id=${app.installationId}`, viewer.token)).json().items.map((d: { id: string }) => d.id)).toContain(id);
    expect((await call('GET', `${P}/${id}`, viewer.token)).statusCode).toBe(200);
    const denied = await call('PUT', `${P}/${id}`, viewer.token, { content: doc(), base_version: 1 });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe('insufficient_scope');
    const key = await a.apiKey(['documents:read']);
    expect((await call('GET', `${P}/${id}`, key.key)).statusCode).toBe(200);
    expect((await call('DELETE', `${P}/${id}`, key.key)).statusCode).toBe(403);
  });
});

describe('search', () => {
  it('off by default; when the tenant turns it on, documents are copied into search, kept in step, and withdrawn', async () => {
    const tenant = await createTenant(t, 'Searchable');
    const mine = await installed(tenant, sampleManifest());
    const before = (await call('POST', `${P}/`, mine.token, { title: 'Zebra facts', content: doc(para('The okapi is related to the giraffe.')) })).json();
    expect(before.indexed_document_id).toBeNull();
    expect((await call('GET', `${P}/settings`, tenant.token)).json()).toEqual({ index_in_search: false });
    expect((await call('GET', `${P}/settings`, mine.token)).statusCode).toBe(403);

    expect((await call('PUT', `${P}/settings`, tenant.token, { index_in_search: true })).json()).toEqual({ index_in_search: true });
    const copied = (await call('GET', `${P}/${before.id}`, mine.token)).json().indexed_document_id as string;
    expect(copied).toEqual(expect.any(String));
    const first = await indexedOk(t, tenant, copied);
    expect(first.tags).toEqual(['rich-document', 'app:com.example.notes']);
    const hits = await search(t, tenant, { query: 'okapi giraffe', mode: 'fulltext' });
    expect(hits.items.map((h: { document_id: string }) => h.document_id)).toContain(copied);

    // A new version replaces the copy: the old text is no longer found, the new one is.
    const edited = (await call('PUT', `${P}/${before.id}`, mine.token, { content: doc(para('Narwhals have one long tusk.')), base_version: 1 })).json();
    expect(edited.indexed_document_id).not.toBe(copied);
    await indexedOk(t, tenant, edited.indexed_document_id);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/documents/${copied}`, headers: bearer(tenant.token) })).statusCode).toBe(404);
    await eventually('the new text to be found', () => search(t, tenant, { query: 'narwhals tusk', mode: 'fulltext' }), (r) => r.items.length > 0);
    expect((await search(t, tenant, { query: 'okapi giraffe', mode: 'fulltext' })).items).toEqual([]);

    // Turned off: every copy is withdrawn.
    expect((await call('PUT', `${P}/settings`, tenant.token, { index_in_search: false })).statusCode).toBe(200);
    expect((await call('GET', `${P}/${before.id}`, mine.token)).json().indexed_document_id).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/documents/${edited.indexed_document_id}`, headers: bearer(tenant.token) })).statusCode).toBe(404);
  });

  it('deleting a document or purging its installation removes its copy', async () => {
    const tenant = await createTenant(t, 'Purged');
    const mine = await installed(tenant, sampleManifest());
    await call('PUT', `${P}/settings`, tenant.token, { index_in_search: true });
    const one = (await call('POST', `${P}/`, mine.token, { title: 'One', content: doc(para('one')) })).json();
    const two = (await call('POST', `${P}/`, mine.token, { title: 'Two', content: doc(para('two')) })).json();
    expect(one.indexed_document_id && two.indexed_document_id).toBeTruthy();
    expect((await call('DELETE', `${P}/${one.id}`, mine.token)).statusCode).toBe(204);
    const documentStatus = (id: string) => t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}`, headers: bearer(tenant.token) }).then((r) => r.statusCode);
    expect(await documentStatus(one.indexed_document_id)).toBe(404);

    const purged = await t.app.inject({ method: 'DELETE', url: `/api/v1/app-platform/installations/${mine.installationId}?purge=true`, headers: bearer(tenant.token) });
    expect(purged.json().status).toBe('purged');
    expect(await documentStatus(two.indexed_document_id)).toBe(404);
    expect((await call('GET', `${P}/${two.id}`, tenant.token)).statusCode).toBe(404);
  });
});
