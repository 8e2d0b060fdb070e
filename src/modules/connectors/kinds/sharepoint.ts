import { Transform, type Readable } from 'node:stream';
import type { ConnectorContext, ConnectorItem, ConnectorKind, ListEvent, ListResult } from './kind.js';
import {
  checkConfig,
  nameWanted,
  normaliseFolder,
  parseSite,
  SharePointConfigSchema,
  SharePointCredentialsSchema,
  type SharePointConfig,
  type SharePointCredentials,
} from './sharepoint-config.js';
import { applyDelta, DELTA_SELECT, deltaPages, segment, StreamingScope, walkFolder, type Entry, type FolderTree } from './sharepoint-delta.js';
import { sessionOf, type GraphSession } from './sharepoint-graph.js';
import { GraphError, realSleep, type Sleep } from './sharepoint-http.js';

export type { SharePointConfig, SharePointCredentials } from './sharepoint-config.js';

/**
 * SharePoint document libraries and OneDrive drives, through Microsoft Graph with an app registration's client
 * credentials. The listing is Graph's delta feed: the first run enumerates the drive (mode `full`), later runs read
 * only what changed since the stored deltaLink (mode `delta`, deletions included). Content is downloaded from the
 * pre-authenticated URL Graph hands out, which never sees the Graph token.
 */

type Ctx = ConnectorContext<SharePointConfig, SharePointCredentials>;

/** What a complete run keeps for the next one. */
interface SharePointCursor {
  v: 1;
  /** The final page's `@odata.deltaLink`. */
  link: string;
  /** The drive, folder and name patterns the link was read for: any change to them means a full listing. */
  fingerprint: string;
  /** With folder_path: the folders inside it, by id (delta items carry no paths). */
  tree?: FolderTree;
}

interface Target {
  driveId: string;
  /** The folder_path folder's id, or null for the whole drive. */
  scopeId: string | null;
  fingerprint: string;
}

interface DriveJson {
  id?: unknown;
}

async function idOf(session: GraphSession, path: string, what: string): Promise<string> {
  const { body } = await session.getJson<DriveJson & { folder?: unknown; root?: unknown }>(session.url(path), what);
  if (typeof body.id !== 'string' || body.id === '') throw new GraphError(502, null, `Microsoft Graph gave no id for ${what}`);
  return body.id;
}

async function resolveDrive(session: GraphSession, config: SharePointConfig): Promise<string> {
  if (config.drive_id !== undefined) return config.drive_id;
  if (config.user !== undefined) return idOf(session, `users/${segment(config.user)}/drive`, `the OneDrive of user ${config.user}`);
  if (config.site_id !== undefined) return idOf(session, `sites/${segment(config.site_id)}/drive`, `the document library of site ${config.site_id}`);
  const site = parseSite(config.site ?? '');
  if (!site) throw new Error('the connector names no drive (site, site_id, user or drive_id)');
  const path = site.path.split('/').map(encodeURIComponent).join('/');
  const siteId = await idOf(session, `sites/${site.host}:${path}`, `the site ${site.host}:${site.path}`);
  return idOf(session, `sites/${segment(siteId)}/drive`, `the document library of site ${site.host}:${site.path}`);
}

/** The drive id, resolved once per run (list and every open need it). */
function driveOf(ctx: Ctx, sleep: Sleep): Promise<string> {
  const entry = sessionOf(ctx, sleep);
  if (!entry.drive) {
    const drive = resolveDrive(entry.session, ctx.config);
    // A failure is not kept: the next open of the run tries again.
    drive.catch(() => entry.drive === drive && (entry.drive = undefined));
    entry.drive = drive;
  }
  return entry.drive;
}

/** The drive and the folder_path folder. */
async function resolveTarget(ctx: Ctx, sleep: Sleep): Promise<Target> {
  const { session } = sessionOf(ctx, sleep);
  const driveId = await driveOf(ctx, sleep);
  const folder = normaliseFolder(ctx.config.folder_path);
  let scopeId: string | null = null;
  if (folder) {
    const path = `drives/${segment(driveId)}/root:/${folder.map(encodeURIComponent).join('/')}`;
    const { body } = await session.getJson<DriveJson & { folder?: unknown }>(session.url(path), `the folder /${folder.join('/')}`).catch((error: unknown) => {
      if (error instanceof GraphError && error.status === 404) throw new Error(`folder_path /${folder.join('/')} was not found in the drive`);
      throw error;
    });
    if (typeof body.id !== 'string' || !body.folder) throw new Error(`folder_path /${folder.join('/')} is not a folder`);
    scopeId = body.id;
  }
  const { include, exclude } = ctx.config;
  return { driveId, scopeId, fingerprint: JSON.stringify([driveId, scopeId, include ?? [], exclude ?? []]) };
}

function cursorOf(value: unknown): SharePointCursor | null {
  const c = value as Partial<SharePointCursor> | null;
  return c && c.v === 1 && typeof c.link === 'string' && typeof c.fingerprint === 'string' ? (c as SharePointCursor) : null;
}

/** Graph's answer to a delta token it no longer honours (410 Gone, `resyncRequired` and its variants). */
const resyncRequired = (error: unknown) => error instanceof GraphError && (error.status === 410 || /^resync/i.test(error.code ?? ''));

/** Yields items, counting them against ctx.limits.maxItems; `stop` is set once the limit is passed. */
class Emitter {
  count = 0;
  stop = false;
  /** Files already yielded this run: the feed may repeat an item, and a walked folder may overlap the feed. */
  private readonly yielded = new Map<string, string>();

  constructor(private readonly ctx: Ctx) {}

  *item(entry: Entry): Generator<ListEvent> {
    if (this.yielded.get(entry.id) === entry.version) return;
    if (this.count >= this.ctx.limits.maxItems) {
      this.stop = true;
      yield { type: 'error', message: `the listing stopped after ${this.ctx.limits.maxItems} items (CONNECTOR_MAX_ITEMS_PER_RUN); it is not complete` };
      return;
    }
    this.count++;
    this.yielded.set(entry.id, entry.version);
    if (entry.size !== undefined && entry.size > this.ctx.limits.maxFileBytes) {
      yield { type: 'error', externalId: entry.id, url: entry.url ?? undefined, message: `${entry.name} is ${entry.size} bytes, over the ${this.ctx.limits.maxFileBytes}-byte limit` };
      return;
    }
    const item: ConnectorItem = { externalId: entry.id, version: entry.version, filename: entry.name, url: entry.url };
    if (entry.size !== undefined) item.size = entry.size;
    yield { type: 'item', item };
  }

  /** In a delta, an item that is gone, or no longer synced (moved out of the folder, renamed to an excluded name). */
  async *gone(entry: Entry): AsyncGenerator<ListEvent> {
    if (this.yielded.has(entry.id)) return;
    if (await this.ctx.previous(entry.id)) yield { type: 'deleted', externalId: entry.id };
  }
}

async function* fullListing(ctx: Ctx, session: GraphSession, target: Target, emit: Emitter): AsyncGenerator<ListEvent, ListResult, void> {
  const scope = target.scopeId ? new StreamingScope(target.scopeId) : null;
  const pages = deltaPages(session, session.url(`drives/${segment(target.driveId)}/root/delta?$select=${DELTA_SELECT}`).href);
  for (;;) {
    const page = await pages.next();
    if (page.done) {
      const cursor: SharePointCursor = { v: 1, link: page.value, fingerprint: target.fingerprint, ...(scope ? { tree: scope.tree } : {}) };
      return { mode: 'full', cursor };
    }
    for (const entry of page.value) {
      ctx.signal.throwIfAborted();
      for (const inside of scope ? scope.admit(entry) : entry.deleted ? [] : [entry]) {
        if (inside.kind === 'file' && nameWanted(ctx.config, inside.name)) yield* emit.item(inside);
        if (emit.stop) return { mode: 'delta' };
      }
    }
  }
}

/**
 * Changes since the stored deltaLink. The whole delta is read before anything is yielded: a folder that crossed the
 * folder_path boundary is only known once every page is in, and a failed page must leave nothing half applied.
 */
async function* deltaListing(ctx: Ctx, session: GraphSession, target: Target, cursor: SharePointCursor, emit: Emitter): AsyncGenerator<ListEvent, ListResult, void> {
  const changes = new Map<string, Entry>();
  const pages = deltaPages(session, cursor.link);
  let link: string;
  for (;;) {
    const page = await pages.next();
    if (page.done) {
      link = page.value;
      break;
    }
    for (const entry of page.value) {
      // "The same item may appear more than once in a delta feed… use the last occurrence."
      changes.delete(entry.id);
      changes.set(entry.id, entry);
    }
  }
  let tree: FolderTree | undefined;
  let inside = (_entry: Entry) => true;
  const walked: Array<{ entry: Entry; moved: 'in' | 'out' }> = [];
  if (target.scopeId) {
    const applied = applyDelta(cursor.tree ?? { [target.scopeId]: null }, target.scopeId, changes.values());
    tree = applied.tree;
    inside = (entry) => entry.parentId !== null && entry.parentId in applied.tree;
    // A moved folder comes alone: its files are walked, to be listed (moved in) or dropped (moved out).
    for (const [ids, moved] of [[applied.movedIn, 'in'], [applied.movedOut, 'out']] as const) {
      for (const id of ids) {
        for await (const entry of walkFolder(session, target.driveId, id)) {
          if (moved === 'in' && entry.kind === 'folder') tree[entry.id] = entry.parentId;
          walked.push({ entry, moved });
        }
      }
    }
  }
  for (const entry of changes.values()) {
    ctx.signal.throwIfAborted();
    if (entry.kind === 'folder' && !entry.deleted) continue;
    if (!entry.deleted && entry.kind === 'file' && inside(entry) && nameWanted(ctx.config, entry.name)) yield* emit.item(entry);
    else yield* emit.gone(entry);
    if (emit.stop) return { mode: 'delta' };
  }
  for (const { entry, moved } of walked) {
    if (entry.kind !== 'file' || changes.has(entry.id)) continue;
    if (moved === 'in' && nameWanted(ctx.config, entry.name)) yield* emit.item(entry);
    else if (moved === 'out') yield* emit.gone(entry);
    if (emit.stop) return { mode: 'delta' };
  }
  const next: SharePointCursor = { v: 1, link, fingerprint: target.fingerprint, ...(tree ? { tree } : {}) };
  return { mode: 'delta', cursor: next };
}

/** A stream that fails once more than `max` bytes went through (a download larger than the size Graph listed). */
function capped(source: Readable, max: number, name: string): Readable {
  let total = 0;
  const cap = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      total += chunk.length;
      if (total > max) done(new Error(`${name} is over the ${max}-byte limit`));
      else done(null, chunk);
    },
  });
  source.on('error', (error) => cap.destroy(error));
  cap.on('close', () => source.destroy());
  return source.pipe(cap);
}

export function createSharePointKind(options: { sleep?: Sleep } = {}): ConnectorKind<SharePointConfig, SharePointCredentials> {
  const sleep = options.sleep ?? realSleep;
  return {
    kind: 'sharepoint',
    title: 'SharePoint / OneDrive',
    description: 'A SharePoint document library or a OneDrive, read through Microsoft Graph with an app registration (client credentials).',
    config: SharePointConfigSchema,
    credentials: SharePointCredentialsSchema,
    check: (config) => checkConfig(config),

    async *list(ctx) {
      const { session } = sessionOf(ctx, sleep);
      const target = await resolveTarget(ctx, sleep);
      const emit = new Emitter(ctx);
      const cursor = cursorOf(ctx.cursor);
      // A deltaLink is only followed for the same drive, folder and patterns, and only to the configured Graph base.
      if (cursor && cursor.fingerprint === target.fingerprint && session.owns(cursor.link)) {
        try {
          return yield* deltaListing(ctx, session, target, cursor, emit);
        } catch (error) {
          if (!resyncRequired(error)) throw error;
          yield { type: 'error', message: 'Microsoft Graph no longer accepts the stored delta token (410 Gone, resync required): this run lists the whole drive again' };
        }
      }
      return yield* fullListing(ctx, session, target, emit);
    },

    async open(ctx, item) {
      const { session } = sessionOf(ctx, sleep);
      const driveId = await driveOf(ctx, sleep);
      // GET …/content answers 302 to a pre-authenticated URL, and the guarded client refuses redirects without
      // telling where they lead; the item's @microsoft.graph.downloadUrl is that same URL, asked for directly.
      const path = `drives/${segment(driveId)}/items/${segment(item.externalId)}?$select=id,size,@microsoft.graph.downloadUrl`;
      const { body } = await session.getJson<{ '@microsoft.graph.downloadUrl'?: unknown; size?: unknown }>(session.url(path), `the item ${item.filename}`);
      const link = body['@microsoft.graph.downloadUrl'];
      let url: URL;
      try {
        url = new URL(typeof link === 'string' ? link : '');
      } catch {
        throw new Error(`Microsoft Graph gave no download URL for ${item.filename}`);
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`the download URL of ${item.filename} is not http(s)`);
      if (typeof body.size === 'number' && body.size > ctx.limits.maxFileBytes) throw new Error(`${item.filename} is ${body.size} bytes, over the ${ctx.limits.maxFileBytes}-byte limit`);
      const res = await session.unauthenticated(url);
      if (res.statusCode !== 200) {
        res.resume();
        throw new Error(`the download of ${item.filename} from ${url.host} answered HTTP ${res.statusCode}`);
      }
      return capped(res, ctx.limits.maxFileBytes, item.filename);
    },
  };
}

export const sharepointKind: ConnectorKind<SharePointConfig, SharePointCredentials> = createSharePointKind();
