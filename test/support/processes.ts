import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Running the service and the CLI as real processes, the way an operator does. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** This test run's node first on PATH (the scripts check for Node 24), none of its database settings. */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` };
  for (const name of ['HOME', 'TMPDIR', 'LANG']) if (process.env[name]) env[name] = process.env[name];
  return { ...env, LOG_LEVEL: 'warn', ...extra };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** A JSON log line as pino writes it. */
type LogLine = { msg?: string; req?: { url?: string }; [field: string]: unknown };

export interface Started {
  child: ChildProcess;
  output(): string;
  exited: Promise<Exit>;
  /** Resolves once a JSON log line with this `msg` was written; rejects if the process exits first. */
  logged(msg: string): Promise<void>;
  /** How many JSON log lines were written so far (a mark for `waitForLog`). */
  logCount(): number;
  /** Resolves with the first JSON log line after the first `after` that `match` accepts (written already or still to come). */
  waitForLog(match: (line: LogLine) => boolean, what: string, after?: number): Promise<LogLine>;
}

/** Starts `command args` in the repository with the given environment, collecting stdout and stderr. */
export function start(command: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(command, args, { cwd: ROOT, env: childEnv(env) });
  let out = '';
  let partial = '';
  const lines: LogLine[] = [];
  const waiters = new Set<{ match: (line: LogLine) => boolean; resolve: (line: LogLine) => void }>();
  child.stdout!.on('data', (chunk) => {
    out += chunk;
    partial += chunk;
    const complete = partial.split('\n');
    partial = complete.pop()!;
    for (const text of complete) {
      let line: LogLine;
      try {
        line = JSON.parse(text);
      } catch {
        continue; // not a log line
      }
      lines.push(line);
      for (const w of waiters) {
        if (!w.match(line)) continue;
        waiters.delete(w);
        w.resolve(line);
      }
    }
  });
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  const waitForLog: Started['waitForLog'] = (match, what, after = 0) =>
    new Promise((resolve, reject) => {
      const seen = lines.slice(after).find(match);
      if (seen) return resolve(seen);
      waiters.add({ match, resolve });
      void exited.then((e) => reject(new Error(`exited (${e.code ?? e.signal}) before logging ${what}:\n${out}`)));
    });
  return {
    child,
    output: () => out,
    exited,
    logCount: () => lines.length,
    waitForLog,
    logged: (msg) => waitForLog((line) => line.msg === msg, `"${msg}"`).then(() => undefined),
  };
}

/** Runs to completion. */
export async function run(command: string, args: string[], env: Record<string, string>): Promise<Exit & { stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd: ROOT, env: childEnv(env) });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const exit = await new Promise<Exit>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal }));
  });
  return { ...exit, stdout, stderr };
}

const TSX = ['--import', 'tsx'];

/** The service entry point from source (`node --import tsx src/main.ts`), never script/server, which bootstraps. */
export function startMain(env: Record<string, string>): Started {
  return start(process.execPath, [...TSX, 'src/main.ts'], env);
}

/** `src/main.ts` run to its exit (for a start that is meant to fail). */
export function runMain(env: Record<string, string>) {
  return run(process.execPath, [...TSX, 'src/main.ts'], env);
}

/** The operator CLI from source, `node --import tsx src/cli.ts ...args`, run to its exit. */
export function cli(args: string[], env: Record<string, string>) {
  return run(process.execPath, [...TSX, 'src/cli.ts', ...args], env);
}

/** A TCP port free on loopback now (for a service or issuer that must name its own port). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Whether a TCP connection to 127.0.0.1:port is accepted. */
export function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Whether a process with this id still exists (signal 0 checks without sending anything). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The pid in the first JSON log line with this `msg` (pino writes the process's own pid in every line). */
export function loggedPid(output: string, msg: string): number {
  for (const line of output.split('\n')) {
    try {
      const entry = JSON.parse(line);
      if (entry.msg === msg) return entry.pid;
    } catch {
      // not a log line
    }
  }
  throw new Error(`no "${msg}" log line in:\n${output}`);
}
