/**
 * An OpenID Connect identity provider for tests: `oidc-provider` (v9) on loopback, with accounts the test chooses
 * (e-mail verified or not), clients registered up front, and login and consent answered over HTTP by `signIn`, which
 * follows the authorization URL the way a browser would (cookies, 303s) and returns the URL the IdP sends the browser
 * back to (the redirect URI with code, state and iss). Its issuer may live under a path (`/tenant-a`, as Entra ID's
 * tenant-specific issuers do), and several such IdP tenants may share one origin (`alongside`), as Entra's do.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface IdpAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

interface IdpClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
}

export interface OidcIdpOptions {
  clients: IdpClient[];
  accounts?: IdpAccount[];
  /** Mount the IdP under this path: the issuer is origin + path. */
  path?: string;
  /** Put e-mail and name in the ID token (default); false leaves them to the userinfo endpoint, as some IdPs do. */
  claimsInIdToken?: boolean;
  /** Host name in the issuer (default 127.0.0.1; "localhost" gives an issuer that differs from the address). */
  host?: string;
  /** Serve this IdP from the origin of another (under its own `path`): another IdP tenant of the same host. */
  alongside?: OidcIdp;
}

/** One listening server and the IdPs mounted on it, by path prefix. */
interface IdpHost {
  origin: string;
  port: number;
  mounts: Map<string, (req: IncomingMessage, res: ServerResponse) => void>;
  close(): Promise<void>;
}

async function listenHost(): Promise<IdpHost> {
  const mounts: IdpHost['mounts'] = new Map();
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    // The longest matching mount path wins (a root mount would match everything).
    const prefix = [...mounts.keys()].sort((x, y) => y.length - x.length).find((p) => url.startsWith(`${p}/`) || url === p);
    if (prefix === undefined) {
      res.statusCode = 404;
      res.end();
      return;
    }
    mounts.get(prefix)!(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    mounts,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface OidcIdp {
  /** The issuer identifier (http://127.0.0.1:port[/path]). */
  issuer: string;
  /** http://127.0.0.1:port */
  origin: string;
  accounts: Map<string, IdpAccount>;
  /** The server it is served from (shared with the IdPs started `alongside` it). */
  server: IdpHost;
  /** Follows the authorization URL: signs in as `sub`, grants consent (or denies it), returns where the IdP redirects. */
  signIn(authorizationUrl: string, sub: string, options?: { deny?: boolean }): Promise<URL>;
  close(): Promise<void>;
}

/** oidc-provider's storage, in memory (its own default prints a warning at every start). */
function memoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; expiresAt: number | null }>();
  const live = (key: string) => {
    const hit = store.get(key);
    if (!hit) return undefined;
    if (hit.expiresAt !== null && hit.expiresAt < Date.now()) {
      store.delete(key);
      return undefined;
    }
    return hit.payload;
  };
  return class MemoryAdapter {
    constructor(private readonly name: string) {}
    key(id: string) {
      return `${this.name}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>, expiresIn?: number) {
      store.set(this.key(id), { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null });
      if (payload.uid) store.set(`${this.name}:uid:${payload.uid}`, { payload: { id }, expiresAt: null });
      if (payload.grantId) {
        const grant = `grant:${payload.grantId}`;
        const ids = (live(grant)?.ids as string[] | undefined) ?? [];
        store.set(grant, { payload: { ids: [...ids, this.key(id)] }, expiresAt: null });
      }
    }
    async find(id: string) {
      return live(this.key(id));
    }
    async findByUid(uid: string) {
      const ref = live(`${this.name}:uid:${uid}`);
      return ref ? live(this.key(String(ref.id))) : undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const payload = live(this.key(id));
      if (payload) payload.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const key of (live(`grant:${grantId}`)?.ids as string[] | undefined) ?? []) store.delete(key);
      store.delete(`grant:${grantId}`);
    }
  };
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcIdp(options: OidcIdpOptions): Promise<OidcIdp> {
  const accounts = new Map((options.accounts ?? []).map((a) => [a.sub, a]));
  const prefix = options.path?.replace(/\/+$/, '') ?? '';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid: 'test-idp-key', use: 'sig', alg: 'RS256' };

  let provider: Provider | null = null;
  const host = options.alongside?.server ?? (await listenHost());
  if (host.mounts.has(prefix)) throw new Error(`an IdP is already mounted at "${prefix}"`);
  host.mounts.set(prefix, (req, res) => {
    const url = req.url ?? '/';
    // Mounted under a path: oidc-provider reads the mount from originalUrl and routes on the rest.
    (req as IncomingMessage & { originalUrl?: string }).originalUrl = url;
    req.url = url.slice(prefix.length) || '/';
    if (req.url.startsWith('/interaction/')) {
      interaction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String(error));
      });
      return;
    }
    provider!.callback()(req, res);
  });
  const { origin, port } = host;
  const issuer = `http://${options.host ?? '127.0.0.1'}:${port}${prefix}`;

  const inIdToken = options.claimsInIdToken ?? true;
  provider = new Provider(issuer, {
    adapter: memoryAdapter(),
    clients: options.clients.map((c) => ({
      ...c,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['oidc-idp-test-cookie-key-0123456789'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: !inIdToken,
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `${prefix}/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const account = accounts.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          const claims: Record<string, unknown> = { sub };
          if (account.email !== undefined) claims.email = account.email;
          if (account.email_verified !== undefined) claims.email_verified = account.email_verified;
          if (account.name !== undefined) claims.name = account.name;
          return claims;
        },
      };
    },
  });
  // Tests assert on answers, not on the IdP's own error log.
  provider.on('server_error', () => {});

  /** The interaction endpoints a real IdP would render as pages, answered in JSON and by form posts. */
  async function interaction(req: IncomingMessage, res: ServerResponse) {
    const [, , uid, action] = req.url!.split('?')[0].split('/');
    const details = await provider!.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (req.method === 'GET' && !action) {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ uid, prompt: details.prompt.name, params: details.params }));
      return;
    }
    const form = await readForm(req);
    if (action === 'abort') {
      await provider!.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' }, { mergeWithLastSubmission: false });
      return;
    }
    if (action === 'login') {
      const sub = form.get('login') ?? '';
      if (!accounts.has(sub)) throw new Error(`unknown test account ${sub}`);
      await provider!.interactionFinished(req, res, { login: { accountId: sub } }, { mergeWithLastSubmission: false });
      return;
    }
    if (action === 'confirm') {
      const { prompt } = details;
      const grant = details.grantId ? (await provider!.Grant.find(details.grantId))! : new provider!.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id });
      if (prompt.details.missingOIDCScope) grant.addOIDCScope(prompt.details.missingOIDCScope.join(' '));
      if (prompt.details.missingOIDCClaims) grant.addOIDCClaims(prompt.details.missingOIDCClaims);
      for (const [indicator, scopes] of Object.entries(prompt.details.missingResourceScopes ?? {})) grant.addResourceScope(indicator, scopes.join(' '));
      await provider!.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
      return;
    }
    res.statusCode = 404;
    res.end();
  }

  async function signIn(authorizationUrl: string, sub: string, opts: { deny?: boolean } = {}): Promise<URL> {
    const jar = new Map<string, string>();
    const send = async (url: URL, method = 'GET', body?: URLSearchParams) => {
      const response = await fetch(url, {
        method,
        redirect: 'manual',
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
        body,
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair.indexOf('=');
        jar.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
      }
      return response;
    };
    const ours = new Set([origin, new URL(issuer).origin]);
    let next = new URL(authorizationUrl);
    for (let hop = 0; hop < 12; hop++) {
      if (!ours.has(next.origin)) return next; // back at the relying party
      if (next.pathname.startsWith(`${prefix}/interaction/`)) {
        const shown = (await (await send(next)).json()) as { prompt: string };
        const action = opts.deny ? 'abort' : shown.prompt === 'login' ? 'login' : 'confirm';
        const answer = await send(new URL(`${next.pathname}/${action}`, next), 'POST', new URLSearchParams(action === 'login' ? { login: sub } : {}));
        if (answer.status !== 303) throw new Error(`interaction ${action} answered ${answer.status}: ${await answer.text()}`);
        next = new URL(answer.headers.get('location')!, next);
        continue;
      }
      const response = await send(next);
      const location = response.headers.get('location');
      if (!location) throw new Error(`the IdP answered ${response.status} without a redirect: ${(await response.text()).slice(0, 300)}`);
      await response.body?.cancel();
      next = new URL(location, next);
    }
    throw new Error('too many redirects at the IdP');
  }

  return {
    issuer,
    origin,
    accounts,
    server: host,
    signIn,
    // The last IdP of a shared origin to close closes its server.
    close: async () => {
      host.mounts.delete(prefix);
      if (host.mounts.size === 0) await host.close();
    },
  };
}
