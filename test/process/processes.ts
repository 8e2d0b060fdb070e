import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Running the service and the CLI as real processes, the way an operator does. */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** This test run's node first on PATH (the scripts check for Node 24), none of its database settings. */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { PATH: `${path.dirname(process.execPath)}:${process.env.PATH ?? ''}` };
  for (const name of ['HOME', 'TMPDIR', 'LANG']) if (process.env[name]) env[name] = process.env[name];
  return { ...env, LOG_LEVEL: 'warn', ...extra };
}

export interface Exit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface Started {
  child: ChildProcess;
  output(): string;
  exited: Promise<Exit>;
  /** Resolves once a JSON log line with this `msg` was written; rejects if the process exits first. */
  logged(msg: string): Promise<void>;
}

/** Starts `command args` in the repository with the given environment, collecting stdout and stderr. */
export function start(command: string, args: string[], env: Record<string, string>): Started {
  const child = spawn(command, args, { cwd: ROOT, env: childEnv(env) });
  let out = '';
  const waiters: { msg: string; resolve: () => void }[] = [];
  const seen = new Set<string>();
  child.stdout!.on('data', (chunk) => {
    out += chunk;
    for (const line of out.split('\n')) {
      try {
        seen.add(String(JSON.parse(line).msg));
      } catch {
        // not a log line
      }
    }
    for (const w of waiters.filter((w) => seen.has(w.msg))) w.resolve();
  });
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exited = new Promise<Exit>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  return {
    child,
    output: () => out,
    exited,
    logged: (msg) =>
      new Promise((resolve, reject) => {
        if (seen.has(msg)) return resolve();
        waiters.push({ msg, resolve });
        void exited.then((e) => reject(new Error(`exited (${e.code ?? e.signal}) before logging "${msg}":\n${out}`)));
      }),
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

/** A port nobody listens on right now. */
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
