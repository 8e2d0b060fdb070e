import type { GraphSession } from './sharepoint-graph.js';

/**
 * Reading Graph's driveItem delta feed (learn.microsoft.com/graph/api/driveitem-delta) and deciding what is inside the
 * synced folder. Delta items carry no `parentReference.path` ("When using delta you should always track items by id"),
 * and renaming or moving a folder reports the folder alone, not its descendants; so the folder scope is a tree of ids
 * built from the feed itself and kept in the cursor between runs.
 */

/** The driveItem properties the kind reads (learn.microsoft.com/graph/api/resources/driveitem). */
interface DriveItemJson {
  id?: unknown;
  name?: unknown;
  size?: unknown;
  cTag?: unknown;
  eTag?: unknown;
  webUrl?: unknown;
  file?: unknown;
  folder?: unknown;
  root?: unknown;
  deleted?: unknown;
  parentReference?: { id?: unknown } | null;
}

export const DELTA_SELECT = 'id,name,size,cTag,eTag,webUrl,file,folder,package,root,deleted,parentReference';

export interface Entry {
  id: string;
  name: string;
  parentId: string | null;
  kind: 'file' | 'folder' | 'other';
  deleted: boolean;
  size: number | undefined;
  /** cTag changes with the content only; SharePoint leaves it out of delta answers, so eTag stands in. */
  version: string;
  url: string | null;
}

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : undefined);

function entryOf(raw: DriveItemJson): Entry | null {
  const id = str(raw.id);
  if (!id) return null;
  const isObject = (v: unknown) => v !== undefined && v !== null && typeof v === 'object';
  return {
    id,
    name: str(raw.name) ?? id,
    parentId: str(raw.parentReference?.id) ?? null,
    kind: isObject(raw.file) ? 'file' : isObject(raw.folder) || isObject(raw.root) ? 'folder' : 'other',
    deleted: isObject(raw.deleted),
    size: typeof raw.size === 'number' && Number.isFinite(raw.size) ? raw.size : undefined,
    version: str(raw.cTag) ?? str(raw.eTag) ?? '',
    url: str(raw.webUrl) ?? null,
  };
}

interface Page {
  value?: unknown;
  '@odata.nextLink'?: unknown;
  '@odata.deltaLink'?: unknown;
}

/**
 * The pages of one delta enumeration, starting at `start` (root/delta, or a stored deltaLink) and following
 * `@odata.nextLink`; returns the final page's `@odata.deltaLink`. Any failed page throws: the listing is incomplete.
 */
export async function* deltaPages(session: GraphSession, start: string): AsyncGenerator<Entry[], string, void> {
  let link = start;
  const seen = new Set<string>();
  for (;;) {
    seen.add(link);
    const { body } = await session.getJson<Page>(link, 'a delta page of the drive');
    const value = Array.isArray(body.value) ? (body.value as DriveItemJson[]) : [];
    yield value.map(entryOf).filter((e): e is Entry => e !== null);
    const next = body['@odata.nextLink'];
    const delta = body['@odata.deltaLink'];
    if (typeof next === 'string') {
      // A nextLink seen before would loop forever.
      if (seen.has(next)) throw new Error('Microsoft Graph returned the same delta page link twice');
      link = next;
    } else if (typeof delta === 'string') return delta;
    else throw new Error('a delta page of the drive had neither @odata.nextLink nor @odata.deltaLink');
  }
}

/** Folder id → parent id, for the folders inside the synced folder (the synced folder itself included, parent null). */
export type FolderTree = Record<string, string | null>;

/**
 * A full enumeration's scope, decided as the feed streams: a child is inside when its parent is. Graph lists parents
 * before children in practice, but nothing promises it, so an entry whose parent is not known yet waits for it; what
 * still waits at the end is outside the folder.
 */
export class StreamingScope {
  readonly tree: FolderTree;
  private readonly waiting = new Map<string, Entry[]>();

  constructor(private readonly rootId: string) {
    this.tree = { [rootId]: null };
  }

  /** The entries now known to be inside (this one and any that waited for it). */
  admit(entry: Entry): Entry[] {
    if (entry.id === this.rootId || entry.deleted) return [];
    if (entry.parentId === null || !(entry.parentId in this.tree)) {
      if (entry.parentId !== null) this.waiting.set(entry.parentId, [...(this.waiting.get(entry.parentId) ?? []), entry]);
      return [];
    }
    const inside: Entry[] = [];
    const queue = [entry];
    while (queue.length > 0) {
      const next = queue.shift()!;
      inside.push(next);
      if (next.kind === 'folder') {
        this.tree[next.id] = next.parentId;
        queue.push(...(this.waiting.get(next.id) ?? []));
        this.waiting.delete(next.id);
      }
    }
    return inside;
  }
}

/**
 * A delta's effect on the folder tree: applies the changed and deleted folders to the previous tree and keeps what
 * still hangs under the synced folder. Returns the new tree and the folders that crossed its boundary (moved in, or
 * moved out): their descendants are not in the feed, so the caller walks them.
 */
export function applyDelta(previous: FolderTree, rootId: string, entries: Iterable<Entry>): { tree: FolderTree; movedIn: string[]; movedOut: string[] } {
  const all = new Map<string, string | null>(Object.entries(previous));
  const changed: string[] = [];
  for (const entry of entries) {
    if (entry.id === rootId) continue;
    if (entry.deleted) all.delete(entry.id);
    else if (entry.kind === 'folder') {
      all.set(entry.id, entry.parentId);
      changed.push(entry.id);
    }
  }
  const children = new Map<string, string[]>();
  for (const [id, parent] of all) if (parent !== null) children.set(parent, [...(children.get(parent) ?? []), id]);
  const tree: FolderTree = { [rootId]: null };
  const queue = [rootId];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (child in tree) continue;
      tree[child] = all.get(child) ?? null;
      queue.push(child);
    }
  }
  const movedIn = changed.filter((id) => id in tree && !(id in previous));
  const movedOut = changed.filter((id) => !(id in tree) && id in previous);
  return { tree, movedIn, movedOut };
}

interface ChildrenPage {
  value?: unknown;
  '@odata.nextLink'?: unknown;
}

/** Every item under a folder, depth first, through its `children` collections (paged by `@odata.nextLink`). */
export async function* walkFolder(session: GraphSession, driveId: string, folderId: string): AsyncGenerator<Entry, void, void> {
  const folders = [folderId];
  while (folders.length > 0) {
    const id = folders.pop()!;
    let link: string | null = session.url(`drives/${segment(driveId)}/items/${segment(id)}/children?$select=${DELTA_SELECT}`).href;
    while (link) {
      const { body }: { body: ChildrenPage } = await session.getJson<ChildrenPage>(link, 'the children of a folder');
      for (const raw of Array.isArray(body.value) ? (body.value as DriveItemJson[]) : []) {
        const entry = entryOf(raw);
        if (!entry) continue;
        // `children` answers carry the parent; fill it in should a server leave it out.
        entry.parentId ??= id;
        if (entry.kind === 'folder') folders.push(entry.id);
        yield entry;
      }
      link = typeof body['@odata.nextLink'] === 'string' ? body['@odata.nextLink'] : null;
    }
  }
}

/**
 * A Graph id or user principal name as a path segment: ids are opaque (`b!…`, `host,guid,guid`); commas, `!` and the
 * `@` of a UPN are kept as Graph's own examples write them, anything else (a guest's `#EXT#`) is escaped.
 */
export function segment(id: string): string {
  return encodeURIComponent(id).replace(/%2C/gi, ',').replace(/%40/g, '@');
}
