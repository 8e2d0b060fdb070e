import type { IncomingMessage } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { UnsafeUrlError } from '../../../platform/net/address-policy.js';
import { RedirectRefusedError, type GuardedClient } from '../../../platform/net/guarded-fetch.js';

/** What one delivery sends: an event of the log. */
export interface WebhookMessage {
  eventId: string;
  type: string;
  createdAt: Date;
  data: Record<string, unknown>;
}

/** How an attempt ended, for the metrics (bounded values) and for the delivery row. */
type AttemptKind = 'succeeded' | 'http_error' | 'timeout' | 'refused' | 'redirect' | 'blocked' | 'network';

export interface AttemptResult {
  kind: AttemptKind;
  /** The receiver's status code, when it answered (a refused redirect included). */
  status: number | null;
  /** Until the response's head arrived, or the attempt failed. */
  latencyMs: number;
  /** The first RESPONSE_BODY_MAX bytes of the answer, as text. */
  body: string | null;
  /** Why it failed, for the tenant: names the host as configured, never an address it resolved to, never a secret. */
  error: string | null;
}

const RESPONSE_BODY_MAX = 2048;
const USER_AGENT = 'knowledge-backend-webhooks/1';

/** The body receivers get, by the Standard Webhooks specification: `{type, timestamp, data}`, the event's own time. */
function webhookBody(message: WebhookMessage): string {
  return JSON.stringify({ type: message.type, timestamp: message.createdAt.toISOString(), data: message.data });
}

/** `v1,<signature>` per secret, space-separated: during a rotation the old secret signs beside the new one. */
function webhookSignature(secrets: readonly string[], id: string, at: Date, body: string): string {
  return secrets.map((secret) => new Webhook(secret).sign(id, at, body)).join(' ');
}

/**
 * One attempt: a POST through the guarded client (the address checked at connect, redirects refused), answered
 * within `timeoutMs` (head and the first 2 KB of body). 'aborted' when `signal` (the pump job's) stopped it: the
 * attempt is then not recorded, the receiver may or may not have got it (at-least-once).
 *
 * `webhook-timestamp` is the real time of sending, not the service's clock: the receiver compares it with its own
 * clock (Standard Webhooks libraries refuse more than 5 minutes apart), and tests move the service's clock to run
 * the retry schedule.
 */
export async function sendWebhook(
  client: Pick<GuardedClient, 'request'>,
  target: { url: string; secrets: readonly string[] },
  message: WebhookMessage,
  options: { timeoutMs: number; signal: AbortSignal },
): Promise<AttemptResult | 'aborted'> {
  const url = new URL(target.url);
  const body = webhookBody(message);
  const sentAt = new Date();
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'webhook-id': message.eventId,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': webhookSignature(target.secrets, message.eventId, sentAt, body),
  };
  const deadline = AbortSignal.timeout(options.timeoutMs);
  const signal = AbortSignal.any([deadline, options.signal]);
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let res: IncomingMessage;
  try {
    res = await client.request({ url, method: 'POST', headers, body, signal });
  } catch (error) {
    if (options.signal.aborted) return 'aborted';
    return { ...failure(error, url.host, deadline.aborted, options.timeoutMs), latencyMs: elapsed(), body: null };
  }
  const latencyMs = elapsed();
  const status = res.statusCode ?? 0;
  // The status decides; the body is only kept for the tenant to read, so a slow or cut body does not fail a 2xx.
  const text = (await readPrefix(res, RESPONSE_BODY_MAX)).toString('utf8').replace(/\0/g, '');
  if (options.signal.aborted) return 'aborted';
  const ok = status >= 200 && status < 300;
  return { kind: ok ? 'succeeded' : 'http_error', status, latencyMs, body: text, error: ok ? null : `${url.host} answered HTTP ${status}` };
}

/** At most `max` bytes of the body; then (or when the body fails or the request is aborted) the response is dropped. */
function readPrefix(res: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      if (!res.complete) res.destroy();
      resolve(Buffer.concat(chunks).subarray(0, max));
    };
    res.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= max) finish();
    });
    res.on('error', finish);
    res.once('end', finish);
    res.once('close', finish);
  });
}

/** Node's network error codes, told in words that name the host the tenant configured (never an address). */
const NETWORK_ERRORS: Record<string, (host: string) => string> = {
  ECONNREFUSED: (host) => `${host} refused the connection`,
  ENOTFOUND: (host) => `${host} could not be resolved`,
  EAI_AGAIN: (host) => `${host} could not be resolved`,
  ECONNRESET: (host) => `${host} closed the connection`,
  EPIPE: (host) => `${host} closed the connection`,
  ETIMEDOUT: (host) => `connecting to ${host} timed out`,
  EHOSTUNREACH: (host) => `${host} is unreachable`,
  ENETUNREACH: (host) => `${host} is unreachable`,
};

function failure(error: unknown, host: string, timedOut: boolean, timeoutMs: number): Pick<AttemptResult, 'kind' | 'status' | 'error'> {
  if (timedOut) return { kind: 'timeout', status: null, error: `no answer from ${host} within ${timeoutMs / 1000} s` };
  if (error instanceof RedirectRefusedError) {
    return { kind: 'redirect', status: error.status, error: `${host} answered HTTP ${error.status} (a redirect), which is not followed` };
  }
  // The guard's own words name the host (or the literal address the tenant wrote), never what a name resolved to.
  if (error instanceof UnsafeUrlError) return { kind: 'blocked', status: null, error: `${error.message}: webhooks are not sent to private networks` };
  const code = (error as { code?: unknown })?.code;
  if (typeof code === 'string' && code in NETWORK_ERRORS) {
    return { kind: code === 'ECONNREFUSED' ? 'refused' : 'network', status: null, error: NETWORK_ERRORS[code](host) };
  }
  if (typeof code === 'string' && /^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_|SELF_SIGNED|HOSTNAME_)/.test(code)) {
    return { kind: 'network', status: null, error: `the TLS connection to ${host} failed (${code})` };
  }
  return { kind: 'network', status: null, error: `the request to ${host} failed${typeof code === 'string' ? ` (${code})` : ''}` };
}
