import type { IncomingMessage } from 'node:http';
import type { ConnectorContext } from './kind.js';
import type { SharePointConfig, SharePointCredentials } from './sharepoint-config.js';
import { firstLine, graphErrorOf, readJson, send, type Sender, type Sleep } from './sharepoint-http.js';

/**
 * One run's conversation with Microsoft Graph: an app-only token from the client-credentials grant, kept for its
 * lifetime within the run, and requests that carry it only to the configured Graph base (a nextLink or a stored
 * deltaLink pointing elsewhere is refused, so the bearer cannot be steered to another host).
 */

/** Graph's resource: the `.default` scope grants the application permissions the admin consented to. */
const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
/** A token is renewed this long before it expires, so a request never leaves with one about to lapse. */
const EXPIRY_MARGIN_MS = 5 * 60_000;

type Ctx = ConnectorContext<SharePointConfig, SharePointCredentials>;

/** The identity platform refused the credentials, or could not be reached: the run fails with this message. */
class GraphAuthError extends Error {
  override name = 'GraphAuthError';
}

export class GraphSession {
  private token: { value: string; expiresAt: number } | null = null;
  private readonly base: URL;
  private readonly sender: Sender;

  constructor(
    private readonly ctx: Ctx,
    sleep: Sleep,
  ) {
    this.base = new URL(ctx.env.graphBaseUrl.replace(/\/+$/, '') + '/');
    this.sender = { http: ctx.http, signal: ctx.signal, sleep, now: () => ctx.now() };
  }

  /** `/drives/x/root/delta` under the Graph base (its version segment kept). */
  url(path: string): URL {
    return new URL(path.replace(/^\/+/, ''), this.base);
  }

  /** Whether a link Graph handed out (nextLink, deltaLink) is under the configured base: only then is the bearer sent. */
  owns(link: string): boolean {
    let url: URL;
    try {
      url = new URL(link);
    } catch {
      return false;
    }
    return url.origin === this.base.origin && url.pathname.startsWith(this.base.pathname);
  }

  /** GET a Graph resource as JSON; a non-2xx answer is a GraphError (with Graph's code, e.g. `resyncRequired`). */
  async getJson<T>(target: URL | string, what: string): Promise<{ status: number; body: T }> {
    const res = await this.get(target);
    const body = await readJson(res, this.ctx.signal);
    const status = res.statusCode ?? 502;
    if (status < 200 || status > 299) throw graphErrorOf(status, body, what);
    if (body === null || typeof body !== 'object') throw graphErrorOf(502, null, `${what}: the answer is not JSON`);
    return { status, body: body as T };
  }

  /** An authorised GET, renewing the token once when Graph says it is no longer valid (401). */
  async get(target: URL | string): Promise<IncomingMessage> {
    const url = typeof target === 'string' ? new URL(target) : target;
    if (!this.owns(url.href)) throw new GraphAuthError(`refusing to send the Graph token to ${url.host}: not under the configured Graph base URL`);
    for (let renewed = false; ; renewed = true) {
      const token = await this.accessToken();
      const res = await send(this.sender, {
        url,
        method: 'GET',
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'user-agent': this.ctx.env.userAgent },
      });
      if (res.statusCode !== 401 || renewed) return res;
      res.resume();
      this.token = null;
    }
  }

  /**
   * A GET WITHOUT the Graph token, for a pre-authenticated download URL: it is on another host (SharePoint's
   * storage) and must never see the bearer.
   */
  unauthenticated(url: URL): Promise<IncomingMessage> {
    return send(this.sender, { url, method: 'GET', headers: { 'user-agent': this.ctx.env.userAgent } });
  }

  private pending: Promise<string> | null = null;

  /** The run's token, fetched once even when several requests (parallel opens) ask for it at the same time. */
  private accessToken(): Promise<string> {
    if (this.token && this.ctx.now() < this.token.expiresAt - EXPIRY_MARGIN_MS) return Promise.resolve(this.token.value);
    this.pending ??= this.requestToken().finally(() => (this.pending = null));
    return this.pending;
  }

  private async requestToken(): Promise<string> {
    const { config, credentials } = this.ctx;
    const secret = credentials?.client_secret;
    if (!secret) throw new GraphAuthError('the connector has no client_secret: set its credentials');
    const login = this.ctx.env.graphLoginUrl.replace(/\/+$/, '');
    const url = new URL(`${login}/${encodeURIComponent(config.tenant_id)}/oauth2/v2.0/token`);
    const form = new URLSearchParams({ client_id: config.client_id, client_secret: secret, scope: GRAPH_SCOPE, grant_type: 'client_credentials' });
    // The secret never appears in a message, even if a proxy echoed the form back.
    const redact = (text: string) => text.split(secret).join('[client_secret]');
    let res: IncomingMessage;
    try {
      res = await send(this.sender, {
        url,
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json', 'user-agent': this.ctx.env.userAgent },
        body: form.toString(),
      });
    } catch (error) {
      if (this.ctx.signal.aborted) throw error;
      throw new GraphAuthError(redact(`could not reach the Microsoft identity platform at ${url.host}: ${(error as Error).message}`));
    }
    const body = (await readJson(res, this.ctx.signal)) as { access_token?: unknown; expires_in?: unknown; error?: unknown; error_description?: unknown } | null;
    const status = res.statusCode ?? 502;
    if (status < 200 || status > 299 || typeof body?.access_token !== 'string') {
      const code = typeof body?.error === 'string' ? body.error : `HTTP ${status}`;
      const description = typeof body?.error_description === 'string' ? ` (${firstLine(body.error_description)})` : '';
      throw new GraphAuthError(redact(`the Microsoft identity platform refused the app credentials of client ${config.client_id} in tenant ${config.tenant_id}: ${code}${description}`));
    }
    const lifetime = Number(body.expires_in);
    this.token = { value: body.access_token, expiresAt: this.ctx.now() + (Number.isFinite(lifetime) && lifetime > 0 ? lifetime : 3600) * 1000 };
    return this.token.value;
  }
}

/**
 * One session per run: list() and every open() of a run share the token and the resolved drive. Keyed by the run's
 * context object, so nothing outlives the run and no two connectors (or tenants) ever share a token.
 */
const sessions = new WeakMap<Ctx, { session: GraphSession; drive?: Promise<string> }>();

export function sessionOf(ctx: Ctx, sleep: Sleep): { session: GraphSession; drive?: Promise<string> } {
  let entry = sessions.get(ctx);
  if (!entry) sessions.set(ctx, (entry = { session: new GraphSession(ctx, sleep) }));
  return entry;
}
