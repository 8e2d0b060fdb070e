import { execFileSync } from 'node:child_process';
import { readdirSync, statSync, utimesSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { ConnectorPeer } from '../support/connector-peer.js';

/** The access time the peer gives every file: a read moves it (relatime updates an access time older than mtime). */
const UNREAD = new Date(1000);

const pad = (i: number) => String(i).padStart(4, '0');
const itemName = (i: number) => `item-${pad(i)}.md`;

/** True when this file system records reads in the access time (not mounted noatime). */
async function atimeRecordsReads(dir: string): Promise<boolean> {
  const probe = path.join(dir, '.atime-probe');
  await writeFile(probe, 'probe');
  await utimes(probe, UNREAD, (await stat(probe)).mtime);
  await readFile(probe);
  const seen = (await stat(probe)).atimeMs !== UNREAD.getTime();
  await rm(probe);
  return seen;
}

/**
 * The folder kind's peer: a temporary directory under a root the service is told to allow. Item i is the Markdown
 * file `docs/item-<i>.md`. Reads of item contents are counted from the files' access times (each file's is set back
 * after every write and every count). A broken listing is a directory the kind cannot open, placed right after item
 * n-1 in the walk's (sorted) order: a tree of nested directories whose path is longer than the system allows
 * (ENAMETOOLONG), which fails for every user, root included (file modes do not stop root).
 */
export async function createFolderPeer(): Promise<ConnectorPeer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'kb-folder-peer-'));
  const docs = path.join(root, 'docs');
  await mkdir(docs);
  const countsReads = await atimeRecordsReads(root);
  if (!countsReads) console.warn('connector-folder peer: this file system does not record reads (noatime); contentReads() stays 0');
  let reads = 0;
  let broken: string | null = null;

  const phrase = (i: number) => `tangerine${pad(i)}zephyr`;
  const changedPhrase = (i: number) => `marigold${pad(i)}quasar`;
  const body = (i: number, words: string) => `# Note ${i}\n\nThis note of the folder connector test records ${words} among other things.\n`;

  async function write(i: number, text: string, mtime?: Date): Promise<void> {
    const file = path.join(docs, itemName(i));
    await writeFile(file, text);
    await utimes(file, UNREAD, mtime ?? (await stat(file)).mtime);
  }

  /** Adds the reads since the last count and sets the access times back (synchronous, as the interface asks). */
  function countReads(): number {
    if (!countsReads) return reads;
    for (const name of readdirSync(docs)) {
      if (!name.endsWith('.md')) continue;
      const file = path.join(docs, name);
      const info = statSync(file);
      if (info.atimeMs !== UNREAD.getTime()) {
        reads++;
        utimesSync(file, UNREAD, info.mtime);
      }
    }
    return reads;
  }

  return {
    kind: 'folder',
    config: { path: docs },
    env: { CONNECTOR_FOLDER_ROOTS: root },
    phrase,
    changedPhrase,
    async seed(n) {
      for (let i = 0; i < n; i++) await write(i, body(i, phrase(i)));
    },
    add: (i) => write(i, body(i, phrase(i))),
    async change(i) {
      const file = path.join(docs, itemName(i));
      // A later modification time whatever the clock's resolution, as an editor saving the file gives it.
      const before = (await stat(file)).mtime;
      await write(i, body(i, changedPhrase(i)), new Date(before.getTime() + 2000));
    },
    remove: (i) => rm(path.join(docs, itemName(i))),
    failListingAfter(n) {
      if (broken) execFileSync('rm', ['-rf', broken]);
      broken = null;
      if (n === null) return;
      // Sorts right after item n-1's file ('~' after '.'), before item n's; before every item when n is 0.
      const name = n === 0 ? 'item-!deep' : `item-${pad(n - 1)}~deep`;
      broken = path.join(docs, name);
      const segment = 'd'.repeat(200);
      execFileSync('bash', ['-c', `mkdir "$1" && cd "$1" && for i in $(seq 1 24); do mkdir "$2" && cd "$2"; done`, 'bash', broken, segment]);
    },
    contentReads: countReads,
    async close() {
      execFileSync('rm', ['-rf', root]);
    },
  };
}
