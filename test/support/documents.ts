import { randomUUID } from 'node:crypto';
import type { TestService, TestTenant } from '../harness.js';
import { eventually } from './eventually.js';

/** Helpers shared by the documents tests: multipart bodies, uploads, waiting for indexing, chunk and search reads. */

export type Part = { name: string; value: string } | { name: string; filename: string; bytes: Buffer | Uint8Array; contentType?: string };

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kbtest${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      // The filename is sent raw (UTF-8), as browsers do; odd names are the point of some tests.
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename.replace(/"/g, '%22')}"\r\n` +
            `Content-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.from(part.bytes));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface UploadOptions {
  fields?: Record<string, string | string[]>;
  token?: string;
  headers?: Record<string, string>;
}

export async function upload(t: TestService, tenant: TestTenant, filename: string, bytes: Buffer | Uint8Array | string, options: UploadOptions = {}) {
  const parts: Part[] = [{ name: 'file', filename, bytes: typeof bytes === 'string' ? Buffer.from(bytes) : bytes }];
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    for (const v of [value].flat()) parts.push({ name, value: v });
  }
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/documents/',
    headers: { ...tenant.auth(options.token), ...body.headers, ...options.headers },
    payload: body.payload,
  });
}

/** Uploads and returns the new document id, failing the test on anything but 201. */
export async function uploadOk(t: TestService, tenant: TestTenant, filename: string, bytes: Buffer | Uint8Array | string, options: UploadOptions = {}) {
  const res = await upload(t, tenant, filename, bytes, options);
  if (res.statusCode !== 201) throw new Error(`upload of ${filename} failed: ${res.statusCode} ${res.body}`);
  return res.json().document_id as string;
}

export async function getDocument(t: TestService, tenant: TestTenant, id: string, token?: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}`, headers: tenant.auth(token) });
  if (res.statusCode !== 200) throw new Error(`get ${id}: ${res.statusCode} ${res.body}`);
  return res.json();
}

/** Waits until the document is indexed or in error, and returns it. */
export function settled(t: TestService, tenant: TestTenant, id: string, timeoutMs?: number) {
  return eventually(`document ${id} to settle`, () => getDocument(t, tenant, id), (d) => d.status === 'indexed' || d.status === 'error', timeoutMs);
}

export async function indexedOk(t: TestService, tenant: TestTenant, id: string) {
  const doc = await settled(t, tenant, id);
  if (doc.status !== 'indexed') throw new Error(`document ${doc.filename} ended ${doc.status}: ${doc.error}`);
  return doc;
}

export async function allChunks(t: TestService, tenant: TestTenant, id: string) {
  const out: any[] = [];
  for (let skip = 0; ; skip += 100) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/chunks/?skip=${skip}&limit=100`, headers: tenant.auth() });
    if (res.statusCode !== 200) throw new Error(`chunks: ${res.statusCode} ${res.body}`);
    const body = res.json();
    out.push(...body.items);
    if (out.length >= body.total || body.items.length === 0) return out;
  }
}

export async function search(t: TestService, tenant: TestTenant, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/v1/documents/query', headers: tenant.auth(), payload: body });
  if (res.statusCode !== 200) throw new Error(`search: ${res.statusCode} ${res.body}`);
  return res.json() as { items: any[]; total: number; query: string; mode: string };
}
