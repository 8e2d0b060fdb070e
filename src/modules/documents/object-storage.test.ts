import { randomUUID } from 'node:crypto';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenant, startTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { startS3Peer, type S3Peer } from '../../../test/peers/s3-peer.js';
import { indexedOk, uploadOk } from '../../../test/support/documents.js';
import { rows } from '../../platform/db/database.js';

/**
 * Documents on an S3-compatible store (BLOB_STORE=s3): the original and the extracted text go to the
 * bucket under the tenant's prefix, the file streams back from it, and deleting the document deletes both objects.
 */
let peer: S3Peer;
let t: TestService;
let a: TestTenant;
let client: S3Client;
const prefix = `documents-${randomUUID().slice(0, 8)}/`;

beforeAll(async () => {
  peer = await startS3Peer();
  t = await startTestService({ env: peer.env(prefix) });
  a = await createTenant(t, 'Object storage');
  client = new S3Client({ region: 'us-east-1', endpoint: peer.endpoint, forcePathStyle: true, credentials: peer.credentials });
});
afterAll(async () => {
  client?.destroy();
  await t?.close();
  await peer?.close();
});

async function objectKeys(): Promise<string[]> {
  const listed = await client.send(new ListObjectsV2Command({ Bucket: peer.bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((o) => o.Key!.slice(prefix.length)).sort();
}

describe('documents on an S3-compatible store', () => {
  it('stores the original and the extracted text under the tenant prefix, serves the file, and deletes both with the document', async () => {
    expect(t.service.ctx.blobs.kind).toBe('s3');
    const text = `Object storage notes ${randomUUID()}\n`.repeat(200);
    const id = await uploadOk(t, a, 'notes.txt', text);
    await indexedOk(t, a, id);

    const [doc] = await t.service.ctx.db.tenant(a.tenantId, (tx) =>
      rows<{ blob_key: string; extracted_key: string }>(tx, sql`SELECT blob_key, extracted_key FROM documents WHERE id = ${id}`),
    );
    expect(doc.blob_key).toMatch(new RegExp(`^tenants/${a.tenantId}/documents/`));
    expect(doc.extracted_key).toMatch(new RegExp(`^tenants/${a.tenantId}/extracted/`));
    expect(await objectKeys()).toEqual([doc.blob_key, doc.extracted_key].sort());

    const file = await t.app.inject({ method: 'GET', url: `/api/v1/documents/${id}/file`, headers: a.auth() });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe(text);

    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/v1/documents/${id}`, headers: a.auth() });
    expect(deleted.statusCode).toBe(204);
    expect(await objectKeys()).toEqual([]);
  });

  it('reports the store in /readyz', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks).toMatchObject({ database: 'ok', object_store: 'ok' });
  });
});
