import { createConnection, createServer, type Server } from 'node:net';
import { chmod, mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { dispatch, type CliCommand } from './commands.js';

/**
 * While the service runs, the CLI hands its command to it over a Unix socket under DATA_DIR, created
 * with mode 0600 so only the same OS user can connect. So the CLI acts on the database the service
 * uses: the embedded one the service holds, or the PostgreSQL server of its DATABASE_URL (which the
 * CLI's own environment may lack).
 * Protocol: one JSON line {argv} in; JSON lines {out}|{err} and a final {exit} back.
 */
const socketPath = (dataDir: string) => path.join(dataDir, 'cli.sock');

export interface CliSocket {
  close(): Promise<void>;
}

export async function startCliSocket(dataDir: string, commands: CliCommand[], log: Logger): Promise<CliSocket> {
  const file = socketPath(dataDir);
  await mkdir(dataDir, { recursive: true });
  // On PostgreSQL several instances may share a DATA_DIR: the first one's socket keeps serving.
  if (await answers(file)) {
    log.info({ socket: file }, 'another instance serves the operator CLI on this data directory');
    return { close: async () => {} };
  }
  await rm(file, { force: true }); // left by a process that died
  const server: Server = createServer((conn) => {
    let buffer = '';
    conn.setEncoding('utf8');
    conn.on('data', (chunk: string) => {
      buffer += chunk;
      if (buffer.length > 64 * 1024) conn.destroy();
      const nl = buffer.indexOf('\n');
      if (nl < 0) return;
      let argv: string[];
      try {
        argv = JSON.parse(buffer.slice(0, nl)).argv;
        if (!Array.isArray(argv) || !argv.every((a) => typeof a === 'string')) throw new Error('bad request');
      } catch {
        conn.end(JSON.stringify({ err: 'malformed request' }) + '\n' + JSON.stringify({ exit: 2 }) + '\n');
        return;
      }
      const send = (msg: object) => conn.write(JSON.stringify(msg) + '\n');
      dispatch(commands, argv, { out: (text) => send({ out: text }), err: (text) => send({ err: text }) })
        .then((code) => conn.end(JSON.stringify({ exit: code }) + '\n'))
        .catch((error) => {
          log.error({ err: error }, 'cli command failed');
          conn.end(JSON.stringify({ err: 'internal error' }) + '\n' + JSON.stringify({ exit: 1 }) + '\n');
        });
    });
    conn.on('error', () => {});
  });
  const oldMask = process.umask(0o177);
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(file, () => resolve());
    });
  } finally {
    process.umask(oldMask);
  }
  await chmod(file, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void rm(file, { force: true });
      }),
  };
}

/** Whether a live process accepts connections on the socket file. */
function answers(file: string): Promise<boolean> {
  return new Promise((resolve) => {
    const conn = createConnection(file);
    conn.once('connect', () => {
      conn.destroy();
      resolve(true);
    });
    conn.once('error', () => resolve(false));
  });
}

/** Runs argv in the service behind the socket; null when no service listens there. */
export function runViaSocket(dataDir: string, argv: string[], io: { out(t: string): void; err(t: string): void }): Promise<number | null> {
  return new Promise((resolve) => {
    const conn = createConnection(socketPath(dataDir));
    let buffer = '';
    let exit: number | null = null;
    let connected = false;
    conn.setEncoding('utf8');
    conn.on('connect', () => {
      connected = true;
      conn.write(JSON.stringify({ argv }) + '\n');
    });
    conn.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const msg = JSON.parse(buffer.slice(0, nl)) as { out?: string; err?: string; exit?: number };
        buffer = buffer.slice(nl + 1);
        if (msg.out !== undefined) io.out(msg.out);
        if (msg.err !== undefined) io.err(msg.err);
        if (msg.exit !== undefined) exit = msg.exit;
      }
    });
    conn.on('error', () => resolve(connected ? 1 : null));
    conn.on('close', () => resolve(connected ? (exit ?? 1) : null));
  });
}
