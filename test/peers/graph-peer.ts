/**
 * A loopback stand-in for Microsoft Graph and the Microsoft identity platform, speaking the documented shapes the
 * SharePoint/OneDrive connector uses (and nothing else):
 * - POST /{tenant}/oauth2/v2.0/token, client-credentials grant (learn.microsoft.com/entra/identity-platform/
 *   v2-oauth2-client-creds-grant-flow): `{token_type, expires_in, access_token}`, or `{error, error_description}`
 *   with AADSTS codes;
 * - GET /v1.0/sites/{hostname}:/{server-relative-path} (site-getbypath), /sites/{id}/drive, /users/{id}/drive
 *   (drive-get), /drives/{id}/root:/{path} (driveitem-get by path), /drives/{id}/items/{id} (with
 *   `@microsoft.graph.downloadUrl`), /drives/{id}/items/{id}/children, /drives/{id}/items/{id}/content (302 to a
 *   pre-authenticated URL, driveitem-get-content);
 * - GET /v1.0/drives/{id}/root/delta (driveitem-delta): pages of `pageSize` items linked by `@odata.nextLink`, the last
 *   with `@odata.deltaLink`; a later call with that token returns only the items changed since, deleted ones with the
 *   `deleted` facet; an unknown token is 410 Gone `resyncRequired` with a Location to start over. As the delta page's
 *   Remarks say, delta items have no `parentReference.path` and SharePoint leaves `cTag` out of them;
 * - Graph's error body `{error: {code, message}}` (learn.microsoft.com/graph/errors), 401 without a valid bearer, and
 *   429 with Retry-After on demand (learn.microsoft.com/graph/throttling).
 * Everything the tests need to see is recorded: requests with their Authorization header, content downloads, tokens.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GraphPeerOptions {
  tenantId?: string;
  /** Another name of the tenant accepted in the token URL (its verified domain). */
  tenantDomain?: string;
  clientId?: string;
  clientSecret?: string;
  /** Items per delta or children page: small, so paging is exercised. */
  pageSize?: number;
  /** expires_in of issued tokens, seconds. */
  tokenLifetime?: number;
}

interface PeerItem {
  id: string;
  name: string;
  parentId: string | null;
  folder: boolean;
  content: Buffer;
  /** Bumped on any change (rename, move, content): eTag. */
  etag: number;
  /** Bumped on content changes only: cTag. */
  ctag: number;
  deleted: boolean;
  /** The drive's change counter when the item last changed: what a delta token compares with. */
  seq: number;
  /** The current pre-authenticated download signature (renewed with the content). */
  sig: string;
}

export interface PeerDrive {
  id: string;
  webBase: string;
  rootId: string;
  items: Map<string, PeerItem>;
  seq: number;
  /** Delta tokens handed out → the change counter they stand for. */
  tokens: Map<string, number>;
}

interface SeenRequest {
  method: string;
  path: string;
  authorization: string | undefined;
}

let serial = 0;
const newId = () => `01PEER${(++serial).toString(36).toUpperCase().padStart(8, '0')}${randomBytes(4).toString('hex').toUpperCase()}`;

export async function startGraphPeer(options: GraphPeerOptions = {}) {
  const tenantId = options.tenantId ?? '6f1c2a4e-2d1b-4b8e-9a57-3c0d5e7f8a91';
  const tenantDomain = options.tenantDomain ?? 'contoso.onmicrosoft.com';
  const clientId = options.clientId ?? '3e9a7b2c-5d4f-4c1a-8b6e-0f2d9c8a7b65';
  const clientSecret = options.clientSecret ?? `peer~${randomBytes(16).toString('hex')}`;
  const pageSize = options.pageSize ?? 3;
  const tokenLifetime = options.tokenLifetime ?? 3599;

  const drives = new Map<string, PeerDrive>();
  const sites = new Map<string, { id: string; driveId: string }>();
  const users = new Map<string, string>();
  const tokens = new Set<string>();
  /** Delta enumerations in progress, by the skiptoken of their nextLink. */
  const enumerations = new Map<string, { drive: PeerDrive; list: object[]; upTo: number }>();
  const requests: SeenRequest[] = [];
  const downloads: SeenRequest[] = [];
  let tokensIssued = 0;
  let throttle: { times: number; retryAfter: string } = { times: 0, retryAfter: '0' };
  let failDeltaAfter: number | null = null;
  let failDownloads = false;

  function addDrive(webBase: string): PeerDrive {
    const rootId = newId();
    const drive: PeerDrive = { id: `b!${randomBytes(12).toString('base64url')}`, webBase, rootId, items: new Map(), seq: 1, tokens: new Map() };
    drive.items.set(rootId, { id: rootId, name: 'root', parentId: null, folder: true, content: Buffer.alloc(0), etag: 1, ctag: 1, deleted: false, seq: 1, sig: '' });
    drives.set(drive.id, drive);
    return drive;
  }

  const siteDrive = addDrive('https://contoso.sharepoint.com/sites/Docs/Shared%20Documents');
  const siteId = `contoso.sharepoint.com,${crypto.randomUUID()},${crypto.randomUUID()}`;
  sites.set('contoso.sharepoint.com:/sites/docs', { id: siteId, driveId: siteDrive.id });
  sites.set(siteId.toLowerCase(), { id: siteId, driveId: siteDrive.id });

  // ---- the drive's contents, by path ("/Policies/a.md"), as the tests change them ----

  function pathOf(drive: PeerDrive, item: PeerItem): string {
    const names: string[] = [];
    for (let at: PeerItem | undefined = item; at && at.id !== drive.rootId; at = at.parentId ? drive.items.get(at.parentId) : undefined) names.unshift(at.name);
    return '/' + names.join('/');
  }

  function find(drive: PeerDrive, path: string): PeerItem | undefined {
    let at = drive.items.get(drive.rootId)!;
    for (const name of path.split('/').filter(Boolean)) {
      const next = [...drive.items.values()].find((i) => !i.deleted && i.parentId === at.id && i.name.toLowerCase() === name.toLowerCase());
      if (!next) return undefined;
      at = next;
    }
    return at;
  }

  function touch(drive: PeerDrive, item: PeerItem, content: boolean) {
    item.seq = ++drive.seq;
    item.etag++;
    if (content) {
      item.ctag++;
      item.sig = randomBytes(12).toString('hex');
    }
  }

  function mkdir(drive: PeerDrive, path: string): PeerItem {
    let at = drive.items.get(drive.rootId)!;
    for (const name of path.split('/').filter(Boolean)) {
      let next = find(drive, pathOf(drive, at) + '/' + name);
      if (!next) {
        next = { id: newId(), name, parentId: at.id, folder: true, content: Buffer.alloc(0), etag: 0, ctag: 0, deleted: false, seq: 0, sig: '' };
        drive.items.set(next.id, next);
        touch(drive, next, false);
      }
      at = next;
    }
    return at;
  }

  function put(drive: PeerDrive, path: string, content: string | Buffer): string {
    const existing = find(drive, path);
    const bytes = Buffer.from(content);
    if (existing) {
      existing.content = bytes;
      touch(drive, existing, true);
      return existing.id;
    }
    const slash = path.lastIndexOf('/');
    const parent = mkdir(drive, path.slice(0, slash));
    const item: PeerItem = { id: newId(), name: path.slice(slash + 1), parentId: parent.id, folder: false, content: bytes, etag: 0, ctag: 0, deleted: false, seq: 0, sig: '' };
    drive.items.set(item.id, item);
    touch(drive, item, true);
    return item.id;
  }

  /** Deleting a folder reports it and every item under it as deleted. */
  function remove(drive: PeerDrive, path: string) {
    const item = find(drive, path);
    if (!item) throw new Error(`no ${path} in the drive`);
    const under = (i: PeerItem): boolean => i.parentId === item.id || (i.parentId !== null && under(drive.items.get(i.parentId)!));
    for (const child of [...drive.items.values()].filter((i) => !i.deleted && under(i))) {
      child.deleted = true;
      touch(drive, child, false);
    }
    item.deleted = true;
    touch(drive, item, false);
  }

  /** A move or rename: only the moved item changes (its descendants are not reported by delta, as in Graph). */
  function move(drive: PeerDrive, path: string, to: string) {
    const item = find(drive, path);
    if (!item) throw new Error(`no ${path} in the drive`);
    const slash = to.lastIndexOf('/');
    item.parentId = mkdir(drive, to.slice(0, slash)).id;
    item.name = to.slice(slash + 1);
    touch(drive, item, false);
  }

  // ---- JSON shapes ----

  function itemJson(drive: PeerDrive, item: PeerItem, shape: 'delta' | 'get', origin: string): Record<string, unknown> {
    const isRoot = item.id === drive.rootId;
    const json: Record<string, unknown> = { id: item.id, eTag: `"{${item.id}},${item.etag}"` };
    if (item.deleted) {
      // Delta omits name and cTag of deleted items (driveitem-delta, Remarks).
      json.deleted = { state: 'deleted' };
    } else {
      json.name = item.name;
      json.webUrl = isRoot ? drive.webBase : drive.webBase + pathOf(drive, item).split('/').map(encodeURIComponent).join('/');
      json.size = item.content.length;
      if (shape === 'get') json.cTag = `"c:{${item.id}},${item.ctag}"`;
    }
    if (isRoot) json.root = {};
    if (item.folder) json.folder = { childCount: [...drive.items.values()].filter((i) => !i.deleted && i.parentId === item.id).length };
    else json.file = { mimeType: item.name.endsWith('.md') ? 'text/markdown' : 'text/plain' };
    if (item.parentId) {
      json.parentReference = { driveId: drive.id, driveType: 'documentLibrary', id: item.parentId };
      if (shape === 'get') (json.parentReference as Record<string, unknown>).path = `/drives/${drive.id}/root:${pathOf(drive, drive.items.get(item.parentId)!).replace(/^\/$/, '')}`;
    }
    if (shape === 'get' && !item.folder && !item.deleted) json['@microsoft.graph.downloadUrl'] = `${origin}/download/${item.id}?sig=${item.sig}`;
    return json;
  }

  // ---- HTTP ----

  const send = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
  };
  const graphError = (res: ServerResponse, status: number, code: string, message: string, headers: Record<string, string> = {}) =>
    send(res, status, { error: { code, message, innerError: { date: new Date().toISOString(), 'request-id': crypto.randomUUID() } } }, headers);

  function token(req: IncomingMessage, res: ServerResponse, tenant: string, form: URLSearchParams) {
    const aad = (status: number, error: string, description: string) =>
      send(res, status, { error, error_description: `${description}\r\nTrace ID: ${crypto.randomUUID()}\r\nTimestamp: ${new Date().toISOString()}`, error_codes: [Number(description.slice(5, description.indexOf(':')))] });
    if (tenant !== tenantId && tenant.toLowerCase() !== tenantDomain) return aad(400, 'invalid_request', `AADSTS90002: Tenant '${tenant}' not found.`);
    if (form.get('grant_type') !== 'client_credentials') return aad(400, 'unsupported_grant_type', 'AADSTS70003: The app requested an unsupported grant type.');
    if (form.get('client_id') !== clientId) return aad(400, 'unauthorized_client', `AADSTS700016: Application with identifier '${form.get('client_id')}' was not found in the directory.`);
    if (form.get('client_secret') !== clientSecret) return aad(401, 'invalid_client', 'AADSTS7000215: Invalid client secret provided. Ensure the secret being sent in the request is the client secret value, not the client secret ID.');
    if (form.get('scope') !== 'https://graph.microsoft.com/.default') return aad(400, 'invalid_scope', `AADSTS1002012: The provided value for scope ${form.get('scope')} is not valid.`);
    const access = `eyJ0eXAiOiJKV1Qi.${randomBytes(24).toString('base64url')}`;
    tokens.add(access);
    tokensIssued++;
    send(res, 200, { token_type: 'Bearer', expires_in: tokenLifetime, ext_expires_in: tokenLifetime, access_token: access });
  }

  function delta(res: ServerResponse, drive: PeerDrive, query: URLSearchParams, base: string) {
    let enumeration = enumerations.get(query.get('$skiptoken') ?? '');
    let offset = Number(query.get('offset') ?? 0);
    if (!enumeration) {
      const given = query.get('token');
      const since = given === null ? 0 : drive.tokens.get(given);
      if (since === undefined) {
        return graphError(res, 410, 'resyncRequired', 'Resync required. Replace any local items with the server\'s version (including deletes) if you\'re sure that the service was up to date with your local changes when you last sync\'d.', {
          location: `${base}/drives/${drive.id}/root/delta`,
        });
      }
      // A first enumeration lists what exists, parents before children; a later one what changed since, deletions included.
      const depth = (i: PeerItem): number => (i.parentId ? 1 + depth(drive.items.get(i.parentId)!) : 0);
      const items = [...drive.items.values()]
        .filter((i) => (since === 0 ? !i.deleted : i.seq > since))
        .sort((a, b) => (since === 0 ? depth(a) - depth(b) : 0) || a.seq - b.seq);
      enumeration = { drive, list: items.map((i) => itemJson(drive, i, 'delta', '')), upTo: drive.seq };
      offset = 0;
    }
    // Failing: pages from entry n on break, and the last page never comes (a delta shorter than n fails too).
    if (failDeltaAfter !== null && (offset >= failDeltaAfter || offset + pageSize >= enumeration.list.length)) {
      return graphError(res, 500, 'generalException', 'An unspecified error has occurred.');
    }
    const page = enumeration.list.slice(offset, offset + pageSize);
    const body: Record<string, unknown> = { '@odata.context': `${base}/$metadata#Collection(driveItem)`, value: page };
    if (offset + pageSize < enumeration.list.length) {
      const skip = randomBytes(9).toString('base64url');
      enumerations.set(skip, enumeration);
      body['@odata.nextLink'] = `${base}/drives/${drive.id}/root/delta?$skiptoken=${skip}&offset=${offset + pageSize}`;
    } else {
      const handed = randomBytes(12).toString('base64url');
      drive.tokens.set(handed, enumeration.upTo);
      body['@odata.deltaLink'] = `${base}/drives/${drive.id}/root/delta?token=${handed}`;
    }
    send(res, 200, body);
  }

  function graph(req: IncomingMessage, res: ServerResponse, url: URL, origin: string) {
    const base = `${origin}/v1.0`;
    const auth = req.headers.authorization;
    if (!auth?.startsWith('Bearer ') || !tokens.has(auth.slice(7))) {
      return graphError(res, 401, 'InvalidAuthenticationToken', auth ? 'Access token validation failure. Invalid audience.' : 'Access token is empty.');
    }
    if (throttle.times > 0) {
      throttle.times--;
      return graphError(res, 429, 'TooManyRequests', 'Too many requests', { 'retry-after': throttle.retryAfter });
    }
    const path = decodeURIComponent(url.pathname.slice('/v1.0'.length));
    let m: RegExpMatchArray | null;
    const driveJson = (drive: PeerDrive) => ({ id: drive.id, driveType: 'documentLibrary', name: 'Documents', webUrl: drive.webBase });
    if ((m = /^\/sites\/([^/]+)\/drive$/.exec(path))) {
      const site = sites.get(m[1].toLowerCase());
      return site ? send(res, 200, driveJson(drives.get(site.driveId)!)) : graphError(res, 404, 'itemNotFound', 'Requested site could not be found');
    }
    if ((m = /^\/sites\/([^/:]+):(\/.*?):?$/.exec(path))) {
      const site = sites.get(`${m[1].toLowerCase()}:${m[2].toLowerCase().replace(/\/+$/, '')}`);
      return site ? send(res, 200, { id: site.id, name: 'Docs', displayName: 'Docs', webUrl: `https://${m[1]}${m[2]}` }) : graphError(res, 404, 'itemNotFound', 'Requested site could not be found');
    }
    if ((m = /^\/users\/([^/]+)\/drive$/.exec(path))) {
      const driveId = users.get(m[1].toLowerCase());
      return driveId ? send(res, 200, driveJson(drives.get(driveId)!)) : graphError(res, 404, 'ResourceNotFound', 'User not found');
    }
    if ((m = /^\/drives\/([^/]+)\/(.*)$/.exec(path))) {
      const drive = drives.get(m[1]);
      if (!drive) return graphError(res, 404, 'itemNotFound', 'The resource could not be found.');
      const rest = m[2];
      if (rest === 'root/delta') return delta(res, drive, url.searchParams, base);
      if ((m = /^root:(\/.*?):?$/.exec(rest))) {
        const item = find(drive, m[1]);
        return item ? send(res, 200, itemJson(drive, item, 'get', origin)) : graphError(res, 404, 'itemNotFound', 'The resource could not be found.');
      }
      if ((m = /^items\/([^/]+)(\/children|\/content)?$/.exec(rest))) {
        const item = drive.items.get(m[1]);
        if (!item || item.deleted) return graphError(res, 404, 'itemNotFound', 'The resource could not be found.');
        if (m[2] === '/content') {
          // driveitem-get-content: "a 302 Found response redirecting to a preauthenticated download URL".
          res.writeHead(302, { location: `${origin}/download/${item.id}?sig=${item.sig}` }).end();
          return;
        }
        if (m[2] === '/children') {
          const offset = Number(url.searchParams.get('offset') ?? 0);
          const children = [...drive.items.values()].filter((i) => !i.deleted && i.parentId === item.id);
          const body: Record<string, unknown> = { value: children.slice(offset, offset + pageSize).map((i) => itemJson(drive, i, 'get', origin)) };
          if (offset + pageSize < children.length) body['@odata.nextLink'] = `${base}/drives/${drive.id}/items/${item.id}/children?offset=${offset + pageSize}`;
          return send(res, 200, body);
        }
        return send(res, 200, itemJson(drive, item, 'get', origin));
      }
    }
    graphError(res, 400, 'invalidRequest', `Invalid request: ${path}`);
  }

  function download(req: IncomingMessage, res: ServerResponse, url: URL) {
    downloads.push({ method: req.method ?? '', path: url.pathname + url.search, authorization: req.headers.authorization });
    const id = url.pathname.slice('/download/'.length);
    const item = [...drives.values()].map((d) => d.items.get(id)).find(Boolean);
    // Pre-authenticated: the signature in the URL is the authorisation; a stale one (older content) is refused.
    if (!item || item.deleted || url.searchParams.get('sig') !== item.sig) return send(res, 401, { error: { code: 'unauthenticated', message: 'bad signature' } });
    if (failDownloads) return send(res, 500, { error: { code: 'generalException', message: 'download failed' } });
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(item.content.length) }).end(item.content);
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const origin = `http://${req.headers.host}`;
      const url = new URL(req.url ?? '/', origin);
      requests.push({ method: req.method ?? '', path: url.pathname + url.search, authorization: req.headers.authorization });
      const tokenPath = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(url.pathname);
      if (tokenPath && req.method === 'POST') return token(req, res, decodeURIComponent(tokenPath[1]), new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      if (url.pathname.startsWith('/v1.0/') && req.method === 'GET') return graph(req, res, url, origin);
      if (url.pathname.startsWith('/download/') && req.method === 'GET') return download(req, res, url);
      send(res, 404, { error: { code: 'notFound', message: 'no such endpoint on the stand-in' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    /** CONNECTOR_GRAPH_BASE_URL */
    baseUrl: `${origin}/v1.0`,
    /** CONNECTOR_GRAPH_LOGIN_URL */
    loginUrl: origin,
    tenantId,
    tenantDomain,
    clientId,
    clientSecret,
    /** The site whose document library is `drive`. */
    site: { host: 'contoso.sharepoint.com', path: '/sites/Docs', id: siteId },
    drive: siteDrive,
    /** A user's OneDrive (a drive of its own). */
    addUser(upn: string): PeerDrive {
      const drive = addDrive(`https://contoso-my.sharepoint.com/personal/${upn.replace(/[@.]/g, '_')}/Documents`);
      users.set(upn.toLowerCase(), drive.id);
      return drive;
    },
    put: (path: string, content: string | Buffer, drive = siteDrive) => put(drive, path, content),
    mkdir: (path: string, drive = siteDrive) => mkdir(drive, path).id,
    remove: (path: string, drive = siteDrive) => remove(drive, path),
    move: (path: string, to: string, drive = siteDrive) => move(drive, path, to),
    idOf: (path: string, drive = siteDrive) => find(drive, path)?.id,
    /** The next `times` Graph requests answer 429 with this Retry-After. */
    throttle(times: number, retryAfter = '0') {
      throttle = { times, retryAfter };
    },
    /** Delta pages starting at or past entry `n`, and the last page in any case, answer 500 (until null). */
    failDeltaAfter(n: number | null) {
      failDeltaAfter = n;
    },
    failDownloads(on: boolean) {
      failDownloads = on;
    },
    /** Graph forgets every delta token handed out (as after a long disconnection): the next delta is 410. */
    forgetDeltaTokens() {
      for (const drive of drives.values()) drive.tokens.clear();
    },
    /** Every access token stops being valid (the next Graph request is 401). */
    revokeTokens() {
      tokens.clear();
    },
    tokensIssued: () => tokensIssued,
    requests,
    /** Requests to the pre-authenticated download URLs (content reads). */
    downloads,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type GraphPeer = Awaited<ReturnType<typeof startGraphPeer>>;
