import { rmSync } from 'node:fs';
import { open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

export interface DataDirLock {
  release(): Promise<void>;
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by process ${pid}. ` +
        'Only one process may open it at a time: stop that process, or use the running service ' +
        '(the CLI hands its commands to it automatically).',
    );
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock on DATA_DIR (a pid file created with O_EXCL). A lock left by a process that
 * no longer exists is taken over, so a crash never blocks the next start.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  const file = path.join(dataDir, 'db.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(String(process.pid));
      await handle.close();
      let released = false;
      const releaseSync = () => {
        if (!released) {
          released = true;
          rmSync(file, { force: true });
        }
      };
      process.once('exit', releaseSync);
      return {
        release: async () => {
          if (released) return;
          released = true;
          process.removeListener('exit', releaseSync);
          await rm(file, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid)) {
        throw new DataDirLockedError(dataDir, pid);
      }
      if (pid === process.pid) throw new DataDirLockedError(dataDir, pid);
      await rm(file, { force: true });
    }
  }
  throw new Error(`could not lock ${dataDir}`);
}
