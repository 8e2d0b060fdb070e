import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { receiver, verify, verifyByHand, type PlatformEvent } from '../../docs/examples/webhook-receiver.js';
import { createTenant, startTestService, type TestService } from '../harness.js';
import { eventually } from '../support/eventually.js';
import { startReceiver, type Receiver } from '../support/webhooks.js';

/**
 * The receiver example of docs/webhooks.md: both of its checks (the library's and the one by hand) accept what the
 * Standard Webhooks signer produces, with one signature or the two of a rotation, and refuse a changed body, another
 * secret and an old timestamp; its server handles an id once. The doc quotes the file verbatim.
 */
const newSecret = () => `whsec_${randomBytes(32).toString('base64')}`;
const EVENT_ID = 'evt_01hzx3k8r5m2q7w9c4t6y1b3vd';
const BODY = JSON.stringify({ type: 'document.indexed', timestamp: '2025-01-02T03:04:05.000Z', data: { document_id: 'd1', chunks: 3 } });

/** The three headers a delivery carries, signed at `at` with each of `secrets` (two during a rotation). */
function signed(secrets: string[], body = BODY, at = new Date(), id = EVENT_ID) {
  const timestamp = String(Math.floor(at.getTime() / 1000));
  const signature = secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
  return { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signature, 'content-type': 'application/json' };
}

describe('verifying a delivery (docs/examples/webhook-receiver.ts)', () => {
  const secret = newSecret();

  it('accepts a signed delivery, with the library and by hand', () => {
    const headers = signed([secret]);
    expect(verify(secret, BODY, headers)).toEqual(JSON.parse(BODY));
    expect(verifyByHand(secret, BODY, headers)).toBe(true);
  });

  it('accepts either secret while a rotated-out one still signs beside the new one', () => {
    const previous = newSecret();
    const headers = signed([secret, previous]);
    for (const key of [secret, previous]) {
      expect(verify(key, BODY, headers)).toEqual(JSON.parse(BODY));
      expect(verifyByHand(key, BODY, headers)).toBe(true);
    }
  });

  it('refuses a changed body, another secret and a timestamp more than 5 minutes away', () => {
    const headers = signed([secret]);
    const changed = BODY.replace('"chunks":3', '"chunks":4');
    const other = newSecret();
    const old = signed([secret], BODY, new Date(Date.now() - 6 * 60_000));
    const ahead = signed([secret], BODY, new Date(Date.now() + 6 * 60_000));
    for (const [key, body, h] of [[secret, changed, headers], [other, BODY, headers], [secret, BODY, old], [secret, BODY, ahead]] as const) {
      expect(() => verify(key, body, h)).toThrow();
      expect(verifyByHand(key, body, h)).toBe(false);
    }
    expect(verifyByHand(secret, BODY, { ...headers, 'webhook-signature': headers['webhook-signature'].replace('v1,', 'v2,') })).toBe(false);
    expect(verifyByHand(secret, BODY, { ...headers, 'webhook-timestamp': 'soon' })).toBe(false);
  });
});

describe("the example's server", () => {
  let server: Server | null = null;
  afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

  async function listen(secret: string, handle: (event: PlatformEvent, id: string) => void) {
    server = receiver(secret, handle);
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    return (headers: Record<string, string>, body = BODY) => fetch(url, { method: 'POST', headers, body }).then((r) => r.status);
  }

  it('handles an event once however often it is delivered, answers 2xx, and refuses what is not signed with its secret', async () => {
    const secret = newSecret();
    const handled: [string, string][] = [];
    const post = await listen(secret, (event, id) => void handled.push([id, event.type]));
    expect(await post(signed([secret]))).toBe(204);
    expect(await post(signed([secret]))).toBe(204); // a retry, or a replay: the same webhook-id
    expect(await post(signed([newSecret()]))).toBe(401);
    expect(await post({ 'content-type': 'application/json' })).toBe(401);
    expect(handled).toEqual([[EVENT_ID, 'document.indexed']]);
  });

  it('answers 500 when handling fails, so the delivery is retried, and handles the retry', async () => {
    const secret = newSecret();
    let calls = 0;
    const post = await listen(secret, () => {
      if (++calls === 1) throw new Error('database down');
    });
    expect(await post(signed([secret]))).toBe(500);
    expect(await post(signed([secret]))).toBe(204);
    expect(calls).toBe(2);
  });
});

describe("the example's checks on the service's own deliveries", () => {
  let t: TestService | null = null;
  let peer: Receiver | null = null;
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('verify and verifyByHand accept a test event as sent, and after a rotation either secret', async () => {
    peer = await startReceiver();
    const path = peer.route([]);
    t = await startTestService({ env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true', PROVIDER_ALLOWED_HOSTS: '127.0.0.1' } });
    const tenant = await createTenant(t, 'Receiver Co');
    const api = async (method: 'POST', url: string, payload?: object) => {
      const res = await t!.app.inject({ method, url: `/api/v1/webhooks/endpoints${url}`, headers: tenant.auth(), ...(payload ? { payload } : {}) });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return res.json();
    };
    const endpoint = await api('POST', '', { url: `${peer.base}${path}`, event_types: ['*'] });
    const first = await api('POST', `/${endpoint.id}/test`);
    // Rotated once the first has arrived: sent after the rotation, it would carry both signatures.
    const [before] = await eventually('the first test event', () => peer!.on(path), (got) => got.length === 1);
    const rotated = await api('POST', `/${endpoint.id}/rotate-secret`);
    const second = await api('POST', `/${endpoint.id}/test`);
    const arrived = await eventually('the second test event', () => peer!.on(path), (got) => got.length === 2);
    const after = arrived.find((r) => r.headers['webhook-id'] === second.event_id);
    expect(before!.headers['webhook-id']).toBe(first.event_id);

    expect(verify(endpoint.secret, before!.body, before!.headers)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint.id } });
    expect(verifyByHand(endpoint.secret, before!.body, before!.headers)).toBe(true);
    expect(String(after!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    for (const secret of [endpoint.secret, rotated.secret]) {
      expect(verify(secret, after!.body, after!.headers)).toMatchObject({ type: 'webhook.test' });
      expect(verifyByHand(secret, after!.body, after!.headers)).toBe(true);
    }
    expect(verifyByHand(rotated.secret, before!.body, before!.headers)).toBe(false);
  });
});

describe('docs/webhooks.md', () => {
  it('quotes docs/examples/webhook-receiver.ts verbatim (the file the tests above run)', async () => {
    const doc = await readFile(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
    const example = await readFile(new URL('../../docs/examples/webhook-receiver.ts', import.meta.url), 'utf8');
    expect(doc).toContain(`\`\`\`ts\n${example}\`\`\``);
  });
});
