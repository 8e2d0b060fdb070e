import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { accepts, alive, freePort, loggedPid, ROOT, runMain, start, type Started } from '../support/processes.js';

/** `script/server` is the process that serves, and stops when signalled. */
const cleanup: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

async function tempDataDir(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'kb-process-'));
  cleanup.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

function stopOnFailure(service: Started) {
  cleanup.push(async () => {
    if (service.child.exitCode === null && service.child.signalCode === null) {
      service.child.kill('SIGKILL');
      await service.exited;
    }
  });
}

describe('script/server', { timeout: 180_000 }, () => {
  it.each(['SIGTERM', 'SIGINT'] as const)('%s to the PID it started drains and exits: the port closes, no process is left', async (signal) => {
    const port = await freePort();
    const service = start('script/server', [], { DATA_DIR: await tempDataDir(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    stopOnFailure(service);
    await service.logged('service started');
    const pid = service.child.pid!;
    // The started PID is node running the entry point itself, not a launcher in front of it.
    const cmdline = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    expect(path.basename(cmdline[0])).toBe('node');
    expect(cmdline).toContain('src/main.ts');
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    process.kill(pid, signal);
    expect(await service.exited).toEqual({ code: 0, signal: null });
    expect(service.output()).toContain('shutting down: draining requests and jobs');
    expect(service.output()).not.toMatch(/npm warn/i);
    expect(alive(pid)).toBe(false);
    expect(await accepts(port)).toBe(false);
  });
});

/**
 * `npm start` runs its script through `sh -c`, and npm forwards SIGTERM and SIGINT to that child only: the script
 * `exec`s node so that the child is the service itself, not a shell that dies and leaves the service orphaned.
 * (`npm run start:prod` is the same script line for dist/main.js.)
 */
describe('npm start', { timeout: 240_000 }, () => {
  it('SIGTERM to the npm process (a supervisor stopping what it started) drains and ends the service: no orphan', async () => {
    const port = await freePort();
    const npm = start('npm', ['start'], { DATA_DIR: await tempDataDir(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info' });
    stopOnFailure(npm);
    await npm.logged('service started');
    const pid = loggedPid(npm.output(), 'service started');
    cleanup.push(async () => void (alive(pid) && process.kill(pid, 'SIGKILL'))); // an orphan, if the test fails
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);

    process.kill(npm.child.pid!, 'SIGTERM');
    expect(await npm.exited).toEqual({ code: 0, signal: null });
    expect(npm.output()).toContain('shutting down: draining requests and jobs');
    expect(alive(pid)).toBe(false);
    expect(await accepts(port)).toBe(false);
    const { scripts } = JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8'));
    expect(scripts['start:prod']).toMatch(/^exec node /); // the compiled start, same shape
  });
});

describe('a second service on a busy port', { timeout: 120_000 }, () => {
  it('fails at once with a clear message, before creating any database', async () => {
    const busy = net.createServer();
    const port = await freePort();
    await new Promise<void>((resolve) => busy.listen(port, '127.0.0.1', resolve));
    cleanup.push(() => new Promise((resolve) => busy.close(resolve)));
    const dataDir = await tempDataDir();

    const result = await runMain({ DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
    expect(result.code, result.stderr).toBe(1);
    expect(result.stderr).toBe(
      `Cannot start: port ${port} on 127.0.0.1 is already in use (is the service already running? set PORT to use another)\n`,
    );
    expect(await readdir(dataDir)).toEqual([]); // no embedded database was built
  });
});
