// A receiver of the platform's webhooks (Node 24; npm install standardwebhooks).
// Run it: WEBHOOK_SECRET=whsec_… PORT=4000 node webhook-receiver.ts
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { Webhook } from 'standardwebhooks';

/** The body of every delivery; the event's id is the `webhook-id` header. */
export interface PlatformEvent {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** With the library: checks the signature (either one, during a rotation) and that the timestamp is within 5 minutes. */
export function verify(secret: string, body: string, headers: IncomingHttpHeaders): PlatformEvent {
  return new Webhook(secret).verify(body, headers as Record<string, string>) as PlatformEvent;
}

/** The same by hand, as any language does it: HMAC-SHA256 of `id.timestamp.body`, keyed by the secret's bytes. */
export function verifyByHand(secret: string, body: string, headers: IncomingHttpHeaders, nowMs = Date.now()): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  if (!(Math.abs(nowMs / 1000 - Number(timestamp)) <= 5 * 60)) return false; // a replayed old request
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  // "v1,<base64>", space-separated: two while a rotated-out secret still signs beside the new one.
  return String(headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const [version, value = ''] = signature.split(',');
      const given = Buffer.from(value, 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

/**
 * Answers 2xx once an event is handled (anything else, or no answer within 15 s, is retried), 401 when the request
 * is not signed with the secret. A retry or a replay repeats the same `webhook-id`: handle each id once. Here a set
 * in memory; in production a unique key in your database, written in the transaction of what the event causes.
 */
export function receiver(secret: string, handle: (event: PlatformEvent, id: string) => Promise<void> | void): Server {
  const handled = new Set<string>();
  return createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8'); // verify the bytes as sent, before any JSON parsing
    let event: PlatformEvent;
    try {
      event = verify(secret, body, req.headers);
    } catch {
      return res.writeHead(401).end();
    }
    const id = String(req.headers['webhook-id']);
    try {
      if (!handled.has(id)) await handle(event, id);
      handled.add(id);
      res.writeHead(204).end();
    } catch {
      res.writeHead(500).end(); // sent again later
    }
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  receiver(process.env.WEBHOOK_SECRET!, (event, id) => console.log(id, event.type, event.data)).listen(Number(process.env.PORT ?? 4000));
}
