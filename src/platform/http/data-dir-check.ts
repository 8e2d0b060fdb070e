import { access, constants, stat } from 'node:fs/promises';
import type { Clock } from '../clock.js';

/** How long a probe's answer is reused: an orchestrator probing every second costs a stat, not one per request. */
export const DATA_DIR_CHECK_TTL_MS = 2000;

/**
 * Whether the directories the process writes to still exist and are writable: DATA_DIR (the embedded database,
 * the secrets, the CLI socket) and DATA_DIR/blobs when files are stored there. A directory removed or remounted
 * read-only under a running service leaves its open files working for a while, so without this the instance would
 * keep answering ready while every new write fails. The blobs directory is made on the first upload: it only has
 * to be writable once it exists.
 */
export function dataDirCheck(dataDir: string, blobsDir: string | null, clock: Clock): () => Promise<void> {
  let last: { at: number; error: Error | null } | null = null;
  const probe = async () => {
    await writableDirectory(dataDir);
    if (blobsDir && (await stat(blobsDir).then(() => true, () => false))) await writableDirectory(blobsDir);
  };
  return async () => {
    const now = clock.now().getTime();
    if (!last || now - last.at >= DATA_DIR_CHECK_TTL_MS) {
      last = { at: now, error: await probe().then(() => null, (error: Error) => error) };
    }
    if (last.error) throw last.error;
  };
}

async function writableDirectory(dir: string): Promise<void> {
  if (!(await stat(dir)).isDirectory()) throw new Error(`${dir} is not a directory`);
  await access(dir, constants.W_OK);
}
