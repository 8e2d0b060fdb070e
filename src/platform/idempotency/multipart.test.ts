import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTenant, sharedTestService, type TestService, type TestTenant } from '../../../test/harness.js';
import { multipart, upload, type Part } from '../../../test/support/documents.js';
import { multipartFingerprint } from './multipart-fingerprint.js';

/**
 * A retried upload with the same Idempotency-Key is a replay although the client framed it with a new
 * boundary (curl does, every time); other content under the same key is still refused.
 */
let t: TestService;
let a: TestTenant;

beforeAll(async () => {
  t = await sharedTestService();
  a = await createTenant(t, 'Acme');
});

const documentCount = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/documents/?limit=1', headers: a.auth() })).json().total as number;

describe('single upload', () => {
  it('a retry under another boundary replays the first answer; another file under the same key is 409', async () => {
    const key = `up-${randomUUID()}`;
    const before = await documentCount();
    const first = await upload(t, a, 'x.md', '# Retry\n\nSame bytes twice.', { headers: { 'idempotency-key': key }, fields: { tags: 'a' } });
    expect(first.statusCode, first.body).toBe(201);
    const again = await upload(t, a, 'x.md', '# Retry\n\nSame bytes twice.', { headers: { 'idempotency-key': key }, fields: { tags: 'a' } });
    expect(again.statusCode, again.body).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toBe(first.body);
    expect(await documentCount()).toBe(before + 1);

    for (const [what, res] of [
      ['other content', await upload(t, a, 'x.md', '# Retry\n\nOther bytes.', { headers: { 'idempotency-key': key }, fields: { tags: 'a' } })],
      ['other file name', await upload(t, a, 'y.md', '# Retry\n\nSame bytes twice.', { headers: { 'idempotency-key': key }, fields: { tags: 'a' } })],
      ['other field value', await upload(t, a, 'x.md', '# Retry\n\nSame bytes twice.', { headers: { 'idempotency-key': key }, fields: { tags: 'b' } })],
    ] as const) {
      expect(res.statusCode, what).toBe(409);
      expect(res.json().code, what).toBe('idempotency_key_reused');
    }
    expect(await documentCount()).toBe(before + 1);
  });
});

describe('bulk upload', () => {
  const bulk = (key: string, files: Part[]) => {
    const body = multipart(files);
    return t.app.inject({
      method: 'POST',
      url: '/api/v1/documents/bulk-upload',
      headers: { ...a.auth(), ...body.headers, 'idempotency-key': key },
      payload: body.payload,
    });
  };
  const files = (second: string): Part[] => [
    { name: 'files', filename: 'one.txt', bytes: Buffer.from('first file'), contentType: 'text/plain' },
    { name: 'files', filename: 'two.txt', bytes: Buffer.from(second), contentType: 'text/plain' },
  ];

  it('a retry under another boundary replays the batch; another file under the same key is 409', async () => {
    const key = `bulk-${randomUUID()}`;
    const first = await bulk(key, files('second file'));
    expect(first.statusCode, first.body).toBe(202);
    const again = await bulk(key, files('second file'));
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().batch_id).toBe(first.json().batch_id);
    const other = await bulk(key, files('second file, edited'));
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('idempotency_key_reused');
  });
});

describe('the fingerprint', () => {
  const framed = (boundary: string, quoted = false, preamble = '') => {
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="tags"\r\n\r\na\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.md"\r\nContent-Type: text/markdown\r\n\r\n# x\r\n\r\n`,
      `--${boundary}--\r\n`,
    ];
    return [`multipart/form-data; boundary=${quoted ? `"${boundary}"` : boundary}`, Buffer.from(preamble + parts.join(''))] as const;
  };

  it('is the same for any boundary, quoting or preamble, and differs when a part does', () => {
    const one = multipartFingerprint(...framed('------------------------abc123'));
    expect(one).toMatch(/^multipart:[0-9a-f]{64}$/);
    expect(multipartFingerprint(...framed('xyz', true))).toBe(one);
    expect(multipartFingerprint(...framed('xyz', false, 'ignored preamble\r\n'))).toBe(one);
    const [type, body] = framed('xyz');
    expect(multipartFingerprint(type, Buffer.from(body.toString().replace('# x', '# y')))).not.toBe(one);
    expect(multipartFingerprint(type, Buffer.from(body.toString().replace('text/markdown', 'text/plain')))).not.toBe(one);
  });

  it('is null for a body that is not well-formed multipart', () => {
    expect(multipartFingerprint('multipart/form-data', Buffer.from('x'))).toBeNull();
    expect(multipartFingerprint('multipart/form-data; boundary=b', Buffer.from('--b\r\nContent-Disposition: form-data; name="x"\r\n\r\nno end'))).toBeNull();
  });
});
