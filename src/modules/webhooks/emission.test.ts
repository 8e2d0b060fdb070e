import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, runCommand, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { importApp, sampleManifest } from '../../../test/support/apps.js';
import { indexedOk, settled, uploadOk } from '../../../test/support/documents.js';
import { eventually } from '../../../test/support/eventually.js';
import { loggedEvents, refuseAtCommit } from '../../../test/support/events.js';
import { rows } from '../../platform/db/database.js';

// Each change of the contract's event list, made through the HTTP API (or the CLI, or the indexing job), leaves
// exactly its event in the tenant's log with the documented payload; a change that is refused, or whose transaction
// fails at commit (a deferred trigger: the change and its event were both written by then), leaves none.

let t: TestService;

beforeAll(async () => {
  t = await sharedTestService();
});

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (tenant: TestTenant, method: Method, url: string, payload?: object, token = tenant.token) =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });
const dataOf = async (tenant: TestTenant, type: string) => (await loggedEvents(t, tenant.tenantId, type)).map((e) => e.data);
const unique = () => Math.random().toString(36).slice(2, 10);

describe('every event', () => {
  let a: TestTenant;
  beforeAll(async () => {
    a = await createTenant(t, 'Emitting');
  });

  it('has the envelope of the contract: an evt_ id, the type, a creation time and the tenant', async () => {
    expect((await call(a, 'POST', '/api/v1/api-keys/', { name: 'Envelope', scopes: ['documents:read'] })).statusCode).toBe(201);
    const [event] = await loggedEvents(t, a.tenantId, 'api_key.created');
    expect(event.id).toMatch(/^evt_[0-9a-z]{26}$/);
    expect(Date.parse(event.created_at)).not.toBeNaN();
    const [{ tenant_id }] = await t.service.ctx.db.tenant(a.tenantId, (tx) =>
      rows<{ tenant_id: string }>(tx, sql`SELECT tenant_id FROM events WHERE id = ${event.id}`));
    expect(tenant_id).toBe(a.tenantId);
  });
});

describe('API keys', () => {
  let a: TestTenant;
  beforeAll(async () => {
    a = await createTenant(t, 'Keys');
  });

  it('api_key.created and api_key.revoked name the key (id, name, prefix, scopes), never the key', async () => {
    const res = await call(a, 'POST', '/api/v1/api-keys/', { name: 'Deploy bot', scopes: ['documents:read', 'chat:query'] });
    expect(res.statusCode).toBe(201);
    const key = res.json();
    const named = { api_key_id: key.id, name: 'Deploy bot', prefix: key.prefix, scopes: ['documents:read', 'chat:query'] };
    expect(await dataOf(a, 'api_key.created')).toEqual([named]);

    expect((await call(a, 'DELETE', `/api/v1/api-keys/${key.id}`)).statusCode).toBe(204);
    expect(await dataOf(a, 'api_key.revoked')).toEqual([named]);
    expect(JSON.stringify(await loggedEvents(t, a.tenantId))).not.toContain(key.key);
  });

  it('writes nothing for a refused key, an unknown key, or a creation whose transaction fails at commit', async () => {
    const before = (await loggedEvents(t, a.tenantId)).length;
    expect((await call(a, 'POST', '/api/v1/api-keys/', { name: '  ', scopes: ['documents:read'] })).statusCode).toBe(422);
    expect((await call(a, 'DELETE', '/api/v1/api-keys/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

    const name = `doomed-${unique()}`;
    const allow = await refuseAtCommit(t, 'api_keys', 'INSERT', `NEW.name = '${name}'`);
    try {
      expect((await call(a, 'POST', '/api/v1/api-keys/', { name, scopes: ['documents:read'] })).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect((await call(a, 'GET', '/api/v1/api-keys/')).json().items.map((k: { name: string }) => k.name)).not.toContain(name);
    expect(await loggedEvents(t, a.tenantId)).toHaveLength(before);
  });
});

describe('users', () => {
  let a: TestTenant;
  beforeAll(async () => {
    a = await createTenant(t, 'People');
  });

  it('user.invited for an invitation and for each resend (naming the one it replaces), user.joined when it is accepted', async () => {
    const email = `ann-${unique()}@example.test`;
    const invited = (await call(a, 'POST', '/api/v1/users/invitations', { email, role: 'member' })).json();
    const resent = await call(a, 'POST', `/api/v1/users/invitations/${invited.id}/resend`);
    expect(resent.statusCode).toBe(201);
    expect(await dataOf(a, 'user.invited')).toEqual([
      { invitation_id: invited.id, email, role: 'member', resent_from: null },
      { invitation_id: resent.json().id, email, role: 'member', resent_from: invited.id },
    ]);

    // Mail is not configured here, so an admin may pass the link on.
    const link = await call(a, 'POST', `/api/v1/users/invitations/${resent.json().id}/link`);
    const token = new URL(link.json().url).searchParams.get('token');
    const accepted = await t.app.inject({ method: 'POST', url: '/api/auth/accept-invitation', payload: { token, name: 'Ann', password: 'granite otter lantern' } });
    expect(accepted.statusCode).toBe(200);
    // The owner joined when the tenant was made; the invitee now.
    const joined = (await dataOf(a, 'user.joined')).filter((d) => d.email === email);
    expect(joined).toHaveLength(1);
    expect(joined[0]).toEqual({ user_id: expect.any(String), email, role: 'member', via: 'invitation' });
    const users = (await call(a, 'GET', '/api/v1/users/')).json().items as { id: string; email: string }[];
    expect(users.find((u) => u.email === email)?.id).toBe(joined[0].user_id);
    expect(JSON.stringify(await loggedEvents(t, a.tenantId))).not.toContain(token!);
  });

  it('user.joined for a user an admin creates, one the operator creates at the CLI, and the first owner of a tenant', async () => {
    const byAdmin = `bob-${unique()}@example.test`;
    const created = await call(a, 'POST', '/api/v1/users/', { email: byAdmin, password: 'granite otter lantern', role: 'viewer' });
    expect(created.statusCode).toBe(201);
    const byOperator = `cy-${unique()}@example.test`;
    const cli = JSON.parse(await runCommand(t, ['user', 'create', '--tenant', a.slug, '--email', byOperator, '--password', 'granite otter lantern', '--role', 'admin', '--json']));
    expect((await dataOf(a, 'user.joined')).slice(-2)).toEqual([
      { user_id: created.json().id, email: byAdmin, role: 'viewer', via: 'admin' },
      { user_id: cli.user_id, email: byOperator, role: 'admin', via: 'operator' },
    ]);

    const fresh = await createTenant(t, 'Newly made');
    expect(await dataOf(fresh, 'user.joined')).toEqual([{ user_id: fresh.ownerId, email: fresh.ownerEmail, role: 'owner', via: 'operator' }]);
  });

  it('writes nothing for a refused invitation, or one whose transaction fails at commit', async () => {
    const before = (await loggedEvents(t, a.tenantId)).length;
    expect((await call(a, 'POST', '/api/v1/users/invitations', { email: a.ownerEmail, role: 'viewer' })).statusCode).toBe(409);
    const viewer = await a.userToken('viewer');
    const afterViewer = (await loggedEvents(t, a.tenantId)).length; // the viewer's own user.joined
    expect(afterViewer).toBe(before + 1);
    expect((await call(a, 'POST', '/api/v1/users/invitations', { email: `x-${unique()}@example.test`, role: 'viewer' }, viewer.token)).statusCode).toBe(403);

    const email = `doomed-${unique()}@example.test`;
    const allow = await refuseAtCommit(t, 'invitations', 'INSERT', `NEW.email = '${email}'`);
    try {
      expect((await call(a, 'POST', '/api/v1/users/invitations', { email, role: 'member' })).statusCode).toBe(500);
    } finally {
      await allow();
    }
    const invitations = (await call(a, 'GET', '/api/v1/users/invitations')).json().items as { email: string }[];
    expect(invitations.map((i) => i.email)).not.toContain(email);
    expect(await loggedEvents(t, a.tenantId)).toHaveLength(afterViewer);
  });
});

describe('apps', () => {
  let a: TestTenant;
  beforeAll(async () => {
    a = await createTenant(t, 'Apps');
  });

  it('app.installed and app.uninstalled name the installation, the app and its installed version', async () => {
    const app = await importApp(t, a, sampleManifest({ id: `com.example.events${unique()}`, name: 'Event Notes', version: '1.2.0' }));
    const installed = await call(a, 'POST', `/api/v1/app-platform/apps/${app.app_id}/install`, {});
    expect(installed.statusCode).toBe(201);
    const installation = installed.json().installation_id;
    const named = { installation_id: installation, app_id: app.app_id, app_name: 'Event Notes', version: '1.2.0' };
    expect(await dataOf(a, 'app.installed')).toEqual([named]);
    expect((await call(a, 'DELETE', `/api/v1/app-platform/installations/${installation}`)).statusCode).toBe(200);
    expect(await dataOf(a, 'app.uninstalled')).toEqual([named]);
    // Uninstalling again changes nothing and announces nothing.
    expect((await call(a, 'DELETE', `/api/v1/app-platform/installations/${installation}`)).statusCode).toBe(200);
    expect(await dataOf(a, 'app.uninstalled')).toHaveLength(1);
  });

  it('writes nothing for a second install, or an install whose transaction fails at commit', async () => {
    const once = await importApp(t, a, sampleManifest({ id: `com.example.once${unique()}` }));
    expect((await call(a, 'POST', `/api/v1/app-platform/apps/${once.app_id}/install`, {})).statusCode).toBe(201);
    const before = (await loggedEvents(t, a.tenantId)).length;
    expect((await call(a, 'POST', `/api/v1/app-platform/apps/${once.app_id}/install`, {})).statusCode).toBe(409);

    const doomed = await importApp(t, a, sampleManifest({ id: `com.example.doomed${unique()}` }));
    const afterImport = (await loggedEvents(t, a.tenantId)).length;
    expect(afterImport).toBe(before); // an import is no event of the log
    const allow = await refuseAtCommit(t, 'app_installations', 'INSERT', `NEW.app_id = '${doomed.app_id}'`);
    try {
      expect((await call(a, 'POST', `/api/v1/app-platform/apps/${doomed.app_id}/install`, {})).statusCode).toBe(500);
    } finally {
      await allow();
    }
    const list = (await call(a, 'GET', '/api/v1/app-platform/installations/?status=all')).json().items as { app_id: string }[];
    expect(list.map((i) => i.app_id)).not.toContain(doomed.app_id);
    expect(await loggedEvents(t, a.tenantId)).toHaveLength(before);
  });
});

describe('documents', () => {
  let a: TestTenant;
  beforeAll(async () => {
    a = await createTenant(t, 'Documents');
  });

  it('document.indexed when the indexing job swaps the chunks in, with the memory, folder and chunk count', async () => {
    const memory = (await call(a, 'POST', '/api/v1/memories', { name: 'Handbook' })).json();
    const folder = (await call(a, 'POST', '/api/v1/folders', { name: 'Policies' })).json();
    const text = 'Expense reports are filed within thirty days of travel, with every receipt attached.';
    const id = await uploadOk(t, a, 'expenses.txt', text, { fields: { memory_id: memory.id, folder_id: folder.id } });
    const doc = await indexedOk(t, a, id);
    const indexed = (await dataOf(a, 'document.indexed')).filter((d) => d.document_id === id);
    expect(indexed).toEqual([{ document_id: id, filename: 'expenses.txt', memory_id: memory.id, folder_id: folder.id, chunks: doc.chunk_count, batch_id: null }]);
    expect(doc.chunk_count).toBeGreaterThan(0);
    expect(JSON.stringify(await loggedEvents(t, a.tenantId))).not.toContain('receipt');
  });

  it('document.failed when indexing ends in error, with the message people see', async () => {
    const id = await uploadOk(t, a, 'blank.txt', ' \n\n   \n');
    const doc = await settled(t, a, id);
    expect(doc.status).toBe('error');
    const failed = (await dataOf(a, 'document.failed')).filter((d) => d.document_id === id);
    expect(failed).toEqual([{ document_id: id, filename: 'blank.txt', memory_id: null, error: doc.error, batch_id: null }]);
    expect(doc.error).toMatch(/No text found/);
    expect((await dataOf(a, 'document.indexed')).filter((d) => d.document_id === id)).toEqual([]);
  });

  it('document.deleted for a deleted document, and one per document of a folder or memory deleted with its contents', async () => {
    const single = await uploadOk(t, a, 'single.txt', 'A document deleted on its own.');
    await settled(t, a, single);
    expect((await call(a, 'DELETE', `/api/v1/documents/${single}`)).statusCode).toBe(204);
    expect((await dataOf(a, 'document.deleted')).filter((d) => d.document_id === single)).toEqual([
      { document_id: single, filename: 'single.txt', memory_id: null },
    ]);

    const folder = (await call(a, 'POST', '/api/v1/folders', { name: 'Archive' })).json();
    const memory = (await call(a, 'POST', '/api/v1/memories', { name: 'Old notes' })).json();
    const inFolder: string[] = [];
    for (const name of ['one.txt', 'two.txt', 'three.txt']) {
      inFolder.push(await uploadOk(t, a, name, `The ${name} of the archive.`, { fields: { folder_id: folder.id, memory_id: memory.id } }));
    }
    const inMemory = await uploadOk(t, a, 'four.txt', 'Only in the memory.', { fields: { memory_id: memory.id } });
    for (const id of [...inFolder, inMemory]) await settled(t, a, id);

    const before = (await dataOf(a, 'document.deleted')).length;
    expect((await call(a, 'DELETE', `/api/v1/folders/${folder.id}?cascade=true`)).statusCode).toBe(204);
    const afterFolder = (await dataOf(a, 'document.deleted')).slice(before);
    expect(afterFolder.map((d) => d.document_id).sort()).toEqual([...inFolder].sort());
    for (const d of afterFolder) expect(d).toEqual({ document_id: d.document_id, filename: expect.stringMatching(/^(one|two|three)\.txt$/), memory_id: memory.id });

    expect((await call(a, 'DELETE', `/api/v1/memories/${memory.id}?cascade=true`)).statusCode).toBe(204);
    expect((await dataOf(a, 'document.deleted')).slice(before + 3)).toEqual([{ document_id: inMemory, filename: 'four.txt', memory_id: memory.id }]);
  });

  it('writes nothing for an unknown document, or a delete whose transaction fails at commit', async () => {
    const id = await uploadOk(t, a, 'kept.txt', 'This document survives a failed delete.');
    await settled(t, a, id);
    const before = (await loggedEvents(t, a.tenantId)).length;
    expect((await call(a, 'DELETE', '/api/v1/documents/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const allow = await refuseAtCommit(t, 'documents', 'DELETE', `OLD.id = '${id}'`);
    try {
      expect((await call(a, 'DELETE', `/api/v1/documents/${id}`)).statusCode).toBe(500);
    } finally {
      await allow();
    }
    expect((await call(a, 'GET', `/api/v1/documents/${id}`)).statusCode).toBe(200);
    expect(await loggedEvents(t, a.tenantId)).toHaveLength(before);
  });
});

describe('bulk upload batches', () => {
  let a: TestTenant;
  beforeAll(async () => {
    a = await createTenant(t, 'Batches');
  });

  async function bulkUpload(files: { name: string; content: string | Uint8Array }[]) {
    const form = new FormData();
    for (const f of files) form.append('files', new Blob([typeof f.content === 'string' ? f.content : Buffer.from(f.content)]), f.name);
    const req = new Response(form);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/documents/bulk-upload',
      headers: { ...a.auth(), 'content-type': req.headers.get('content-type')! },
      payload: Buffer.from(await req.arrayBuffer()),
    });
    expect(res.statusCode, res.body).toBe(202);
    return res.json() as { batch_id: string; total: number; documents: { document_id: string }[]; rejected: unknown[] };
  }
  const ELF = new Uint8Array([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);

  it('batch.completed once, when its last document ends, with the counts by outcome and the files refused at upload', async () => {
    const batch = await bulkUpload([
      { name: 'north.txt', content: 'The northern warehouse ships on Mondays.' },
      { name: 'south.md', content: '# South\n\nThe southern warehouse ships on Thursdays.' },
      { name: 'empty.txt', content: '   \n \n' },
      { name: 'tool.exe', content: ELF },
    ]);
    expect(batch).toMatchObject({ total: 3, rejected: [expect.anything()] });
    const status = await eventually(
      'the batch to finish',
      async () => (await call(a, 'GET', `/api/v1/documents/bulk-upload/${batch.batch_id}`)).json(),
      (counts) => counts.done,
    );
    expect(status).toMatchObject({ indexed: 2, errored: 1 });
    expect(await dataOf(a, 'batch.completed')).toEqual([{ batch_id: batch.batch_id, total: 3, indexed: 2, failed: 1, rejected: 1 }]);
    // Its documents' own events name the batch; the batch's event comes after the last of them.
    const log = await loggedEvents(t, a.tenantId);
    const ofBatch = log.filter((e) => e.data.batch_id === batch.batch_id);
    expect(ofBatch.map((e) => e.type).sort()).toEqual(['batch.completed', 'document.failed', 'document.indexed', 'document.indexed']);
    expect(ofBatch.at(-1)!.type).toBe('batch.completed');

    // A document of the finished batch indexed again does not finish the batch a second time.
    const [first] = batch.documents;
    expect((await call(a, 'POST', `/api/v1/documents/${first.document_id}/reindex`)).statusCode).toBe(202);
    await eventually('the reindexed document to be announced again', () => dataOf(a, 'document.indexed'), (d) => d.filter((e) => e.document_id === first.document_id).length === 2);
    expect(await dataOf(a, 'batch.completed')).toHaveLength(1);
  });

  it('a batch is complete when its last unfinished document is deleted', async () => {
    const batch = await bulkUpload([
      { name: 'stays.txt', content: 'This document stays.' },
      { name: 'goes.txt', content: 'This document is deleted before it is indexed.' },
    ]);
    await eventually('the batch to finish', async () => (await call(a, 'GET', `/api/v1/documents/bulk-upload/${batch.batch_id}`)).json(), (c) => c.done);
    const [stays, goes] = batch.documents.map((d) => d.document_id);
    // Put the batch back where it was while `goes` waited for its job: unfinished, and that document pending.
    await t.service.ctx.db.tenant(a.tenantId, async (tx) => {
      await tx.execute(sql`UPDATE upload_batches SET completed_at = NULL WHERE tenant_id = ${a.tenantId} AND id = ${batch.batch_id}`);
      await tx.execute(sql`UPDATE documents SET status = 'pending' WHERE tenant_id = ${a.tenantId} AND id = ${goes}`);
    });
    const before = (await dataOf(a, 'batch.completed')).filter((d) => d.batch_id === batch.batch_id);
    expect((await call(a, 'DELETE', `/api/v1/documents/${stays}`)).statusCode).toBe(204); // an ended one: not yet
    expect((await dataOf(a, 'batch.completed')).filter((d) => d.batch_id === batch.batch_id)).toEqual(before);
    expect((await call(a, 'DELETE', `/api/v1/documents/${goes}`)).statusCode).toBe(204);
    expect((await dataOf(a, 'batch.completed')).filter((d) => d.batch_id === batch.batch_id).slice(before.length)).toEqual([
      { batch_id: batch.batch_id, total: 2, indexed: 0, failed: 0, rejected: 0 },
    ]);
  });

  it('a batch whose every file is refused is complete at once', async () => {
    const batch = await bulkUpload([{ name: 'a.exe', content: ELF }, { name: 'b.exe', content: ELF }]);
    expect(batch.total).toBe(0);
    expect((await dataOf(a, 'batch.completed')).filter((d) => d.batch_id === batch.batch_id)).toEqual([
      { batch_id: batch.batch_id, total: 0, indexed: 0, failed: 0, rejected: 2 },
    ]);
  });
});

describe('re-embedding runs', () => {
  let a: TestTenant;
  beforeAll(async () => {
    a = await createTenant(t, 'Reindexed');
  });

  it('reindex.completed when a run completes, with its documents, failures and reason', async () => {
    const ids: string[] = [];
    for (const name of ['kept.txt', 'moved.txt']) ids.push(await uploadOk(t, a, name, `The ${name} document, indexed once and then moved to the current model.`));
    for (const id of ids) await indexedOk(t, a, id);
    // One document's vectors are said to come from another model, so the run has something to move.
    await t.service.ctx.db.tenant(a.tenantId, (tx) => tx.execute(sql`UPDATE documents SET embedding_model = 'old/model' WHERE tenant_id = ${a.tenantId} AND id = ${ids[1]}`));

    const started = await call(a, 'POST', '/api/v1/documents/reindex-all');
    expect(started.statusCode).toBe(202);
    const runId = started.json().run_id;
    const run = await eventually(
      `run ${runId} to end`,
      async () => (await call(a, 'GET', `/api/v1/documents/reindex-runs/${runId}`)).json(),
      (r) => ['completed', 'cancelled', 'failed'].includes(r.status),
    );
    expect(run.status).toBe('completed');
    expect(await dataOf(a, 'reindex.completed')).toEqual([
      { run_id: runId, memory_id: null, documents: 2, done: 2, failed: 0, reason: 'admin', embedding_model: run.target_model },
    ]);
    expect((await dataOf(a, 'document.indexed')).filter((d) => d.document_id === ids[1])).toHaveLength(2);
  });
});
