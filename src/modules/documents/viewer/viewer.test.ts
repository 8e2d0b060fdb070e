import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../../test/harness.js';
import { VIEWER_CSP } from './viewer.http.js';
import { eventually } from '../../../../test/support/eventually.js';

let t: TestService;
let a: TestTenant;
let b: TestTenant;
const ids: Record<string, string> = {};

async function xlsxFixture(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Inventory');
  sheet.addRow(['Item', 'Qty']);
  sheet.addRow(['Apple', 3]);
  sheet.addRow(['<script>alert("xss")</script>', 1]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function pdfFixture(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Quarterly report for the viewer', { x: 50, y: 700, size: 18, font });
  return pdf.save();
}

const MARKDOWN = '# Release notes\n\nThe <script>alert("md")</script> tag stays text.\n\n## Details\n\n- one\n- two\n\n```\ncode <here>\n```\n';

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Viewer');
  b = await createTenant(t, 'Other');
  const form = new FormData();
  form.append('files', new Blob([await xlsxFixture()]), 'stock.xlsx');
  form.append('files', new Blob([MARKDOWN]), 'notes.md');
  form.append('files', new Blob([await pdfFixture()]), 'report.pdf');
  form.append('files', new Blob(['Plain text body.']), 'plain.txt');
  const req = new Response(form);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/documents/bulk-upload',
    headers: { ...a.auth(), 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
  expect(res.statusCode, res.body).toBe(202);
  for (const d of res.json().documents) ids[d.filename] = d.document_id;
  const status = await eventually(
    'the fixtures to be indexed',
    async () => (await t.app.inject({ method: 'GET', url: `/api/v1/documents/bulk-upload/${res.json().batch_id}`, headers: a.auth() })).json(),
    (s) => s.done,
    60_000,
  );
  expect(status.indexed).toBe(4);
});

async function viewerToken(documentId: string, tenant = a) {
  const res = await t.app.inject({ method: 'POST', url: `/api/v1/documents/${documentId}/viewer-token`, headers: tenant.auth() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().viewer_token as string;
}

const view = (documentId: string, token?: string, via: 'header' | 'query' = 'header') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/documents/${documentId}/view${token && via === 'query' ? `?viewer_token=${encodeURIComponent(token)}` : ''}`,
    headers: token && via === 'header' ? { 'x-viewer-token': token } : {},
  });

describe('viewer token', () => {
  it('is issued for a document of the tenant, valid 10 minutes', async () => {
    const before = Date.now();
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/documents/${ids['notes.md']}/viewer-token`, headers: a.auth() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'viewer', expires_in: 600, view_url: `${t.config.publicBaseUrl}/api/v1/documents/${ids['notes.md']}/view` });
    const expiresAt = Date.parse(body.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 + 600_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 600_000);
    expect(body.viewer_token.split('.')).toHaveLength(3);
  });

  it("is 404 for another tenant's or an unknown document, 403 without documents:read, 401 without credentials", async () => {
    for (const id of [ids['notes.md'], randomUUID()]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/v1/documents/${id}/viewer-token`, headers: b.auth() });
      expect(res.statusCode).toBe(404);
    }
    const ingestOnly = await a.apiKey(['documents:ingest']);
    const url = `/api/v1/documents/${ids['notes.md']}/viewer-token`;
    expect((await t.app.inject({ method: 'POST', url, headers: a.auth(ingestOnly.key) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    const reader = await a.apiKey(['documents:read']);
    expect((await t.app.inject({ method: 'POST', url, headers: a.auth(reader.key) })).statusCode).toBe(200);
  });
});

describe('view', () => {
  it('renders an XLSX sheet as an HTML table, escaped, under a strict CSP', async () => {
    const res = await view(ids['stock.xlsx'], await viewerToken(ids['stock.xlsx']));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    );
    expect(res.headers['content-security-policy']).toBe(VIEWER_CSP);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toMatch(/no-store/);
    expect(res.body).toContain('<table>');
    expect(res.body).toContain('<th>Item</th><th>Qty</th>');
    expect(res.body).toContain('<td>Apple</td><td>3</td>');
    expect(res.body).toContain('&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;');
    expect(res.body).not.toMatch(/<script/i);
  });

  it('renders Markdown headings as headings, lists, code as pre, and escapes inline HTML', async () => {
    const res = await view(ids['notes.md'], await viewerToken(ids['notes.md']));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>Release notes</h1>');
    expect(res.body).toContain('<h2>Details</h2>');
    expect(res.body).toContain('<li>one</li>');
    expect(res.body).toContain('<pre><code>code &lt;here&gt;</code></pre>');
    expect(res.body).not.toMatch(/<script/i);
    expect(res.headers['content-security-policy']).toBe(VIEWER_CSP);
  });

  it('serves a PDF inline as the original file', async () => {
    const res = await view(ids['report.pdf'], await viewerToken(ids['report.pdf']));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^inline; filename="report\.pdf"/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // A PDF can carry scripts and forms: the policy of every other format, plus the browser's own embed.
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; object-src 'self'; frame-src 'self'",
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.equals(Buffer.from(await t.service.ctx.blobs.get(await blobKey(ids['report.pdf']))))).toBe(true);
  });

  it('still takes the token from the deprecated query parameter, which the OpenAPI document marks deprecated', async () => {
    const res = await view(ids['plain.txt'], await viewerToken(ids['plain.txt']), 'query');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>Plain text body.</p>');
    const spec = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    const operation = spec.paths['/api/v1/documents/{id}/view'].get;
    const query = operation.parameters.find((p: { in: string; name: string }) => p.in === 'query' && p.name === 'viewer_token');
    const header = operation.parameters.find((p: { in: string; name: string }) => p.in === 'header' && p.name === 'x-viewer-token');
    expect(query.deprecated).toBe(true);
    expect(header.deprecated).toBeUndefined();
    expect(operation.security).toBeUndefined();
  });

  it('is 409 with a clear detail while the extracted content does not exist yet', async () => {
    const token = await viewerToken(ids['plain.txt']);
    await t.service.ctx.db.tenant(a.tenantId, (tx) =>
      tx.execute(sql`UPDATE documents SET status = 'indexing', extracted_key = NULL WHERE tenant_id = ${a.tenantId} AND id = ${ids['plain.txt']}`),
    );
    const res = await view(ids['plain.txt'], token);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: expect.stringMatching(/not ready to view yet \(status: indexing\)/), code: 'document_not_ready' });
  });
});

describe('view security', () => {
  it('refuses a missing, tampered, expired or wrong-kind token (401)', async () => {
    const id = ids['notes.md'];
    const good = await viewerToken(id);
    const [h, p, s] = good.split('.');
    const tampered = `${h}.${p}.${s.slice(0, -2)}${s.endsWith('AA') ? 'BB' : 'AA'}`;
    const payload = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forgedPayload = `${h}.${Buffer.from(JSON.stringify({ ...payload, sub: ids['stock.xlsx'] })).toString('base64url')}.${s}`;
    const expired = (await t.service.ctx.tokens.sign('viewer', { sub: id, tid: a.tenantId }, -60)).token;
    const access = a.token; // a valid access token is not a viewer token
    for (const [what, token] of [['none', undefined], ['tampered', tampered], ['forged', forgedPayload], ['expired', expired], ['access', access]] as const) {
      const res = await view(id, token);
      expect(res.statusCode, what).toBe(401);
      expect(res.headers['www-authenticate'], what).toBeUndefined();
    }
  });

  it('a token for one document never opens another (401)', async () => {
    const res = await view(ids['stock.xlsx'], await viewerToken(ids['notes.md']));
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ detail: 'The viewer token is not valid for this document', code: 'invalid_viewer_token' });
  });

  it("a token naming another tenant never reaches this tenant's document (404)", async () => {
    const crossTenant = (await t.service.ctx.tokens.sign('viewer', { sub: ids['notes.md'], tid: b.tenantId }, 600)).token;
    expect((await view(ids['notes.md'], crossTenant)).statusCode).toBe(404);
  });

  it('ignores a bearer on the view route and refuses a viewer token as a bearer everywhere else (401)', async () => {
    const token = await viewerToken(ids['notes.md']);
    const bearerOnly = await t.app.inject({ method: 'GET', url: `/api/v1/documents/${ids['notes.md']}/view`, headers: a.auth() });
    expect(bearerOnly.statusCode).toBe(401);
    for (const [method, url] of [
      ['GET', '/api/v1/memories'],
      ['GET', '/api/v1/folders'],
      ['GET', `/api/v1/documents/${ids['notes.md']}`],
      ['GET', `/api/v1/documents/${ids['notes.md']}/file`],
      ['POST', `/api/v1/documents/${ids['notes.md']}/viewer-token`],
      ['GET', '/api/auth/me'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('a deleted document is 404 even with a valid token', async () => {
    const token = await viewerToken(ids['stock.xlsx']);
    await t.service.ctx.db.tenant(a.tenantId, (tx) => tx.execute(sql`DELETE FROM documents WHERE tenant_id = ${a.tenantId} AND id = ${ids['stock.xlsx']}`));
    expect((await view(ids['stock.xlsx'], token)).statusCode).toBe(404);
  });
});

async function blobKey(id: string): Promise<string> {
  const result = await t.service.ctx.db.tenant(a.tenantId, (tx) => tx.execute(sql`SELECT blob_key FROM documents WHERE tenant_id = ${a.tenantId} AND id = ${id}`));
  return (result as unknown as { rows: Array<{ blob_key: string }> }).rows[0].blob_key;
}
