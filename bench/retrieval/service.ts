/**
 * The service of the retrieval evaluation: started in this process (API and workers, as `src/main.ts` does, but
 * answering through `app.inject`) on an embedded PGlite database in a data directory of its own. A tenant with an
 * admin API key is made through the operator commands and the API; the corpus goes in through the bulk-upload API.
 * `BENCH_KEEP` / `BENCH_REUSE` keep the indexed data directory and reopen it, so a change to search alone is
 * measured without indexing the corpus again.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/platform/config.js';
import { startService, type Service } from '../../src/runtime.js';
import { dispatch } from '../../src/cli/commands.js';

export interface EvalService {
  service: Service;
  dataDir: string;
  /** An API request through the app, with the tenant's admin key; throws on a status other than `expect`. */
  api<T = any>(method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown, expect?: number): Promise<T>;
  /** Multipart POST (the bulk upload). */
  upload<T = any>(url: string, form: FormData): Promise<T>;
  stop(): Promise<void>;
}

interface Saved {
  dataDir: string;
  authorization: string;
}

const QUIET_LIMITS = {
  RATE_LIMIT_PER_MINUTE: '100000000',
  RATE_LIMIT_LOGIN_FAILURES_PER_IP_PER_MINUTE: '100000000',
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: '100000000',
  RATE_LIMIT_KEY_CREATIONS_PER_TENANT_PER_MINUTE: '100000000',
};

/** Starts the service on a fresh data directory (or the kept one of `reuseFile`) and signs the tenant in. */
export async function startEvalService(options: { reuseFile?: string; keepFile?: string }): Promise<EvalService> {
  const saved: Saved | null = options.reuseFile ? JSON.parse(await readFile(options.reuseFile, 'utf8')) : null;
  const dataDir = saved?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'kb-retrieval-')));
  // The embedded database always: a DATABASE_URL of the caller's shell is not used.
  const { DATABASE_URL: _server, ...env } = process.env;
  const config = loadConfig({
    ...env,
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...QUIET_LIMITS,
  });
  const service = await startService(config, { listen: false });
  const app = service.app!;
  let authorization = saved?.authorization ?? '';

  const request = async (method: string, url: string, payload: unknown, headers: Record<string, string>, expect: number) => {
    const res = await app.inject({ method: method as 'GET', url, headers: { authorization, ...headers }, payload: payload as string });
    if (res.statusCode !== expect) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 500)}`);
    return res.body ? JSON.parse(res.body) : null;
  };

  if (!saved) authorization = await signIn(service);
  if (options.keepFile) await writeFile(options.keepFile, JSON.stringify({ dataDir, authorization } satisfies Saved));

  return {
    service,
    dataDir,
    api: (method, url, body, expect = 200) =>
      request(method, url, body === undefined ? undefined : JSON.stringify(body), body === undefined ? {} : { 'content-type': 'application/json' }, expect),
    upload: async (url, form) => {
      const encoded = new Response(form);
      const payload = Buffer.from(await encoded.arrayBuffer());
      return request('POST', url, payload, { 'content-type': encoded.headers.get('content-type')! }, 202);
    },
    stop: async () => {
      await service.stop();
      if (!options.keepFile && !saved) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A tenant made with the operator command, its owner logged in, and an admin API key: the Authorization header. */
async function signIn(service: Service): Promise<string> {
  const app = service.app!;
  const slug = `retrieval-${Date.now().toString(36)}`;
  const email = `owner@${slug}.bench.io`;
  const password = 'bench-password-1';
  const out: string[] = [];
  const err: string[] = [];
  const argv = ['tenant', 'create', '--name', 'Retrieval evaluation', '--slug', slug, '--admin-email', email, '--admin-password', password, '--json'];
  const code = await dispatch(service.commands, argv, { out: (s) => out.push(s), err: (s) => err.push(s) });
  if (code !== 0) throw new Error(`tenant create: ${err.join('\n')}`);
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password, tenant_id: slug } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const key = await app.inject({
    method: 'POST',
    url: '/api/v1/api-keys/',
    headers: { authorization: `Bearer ${login.json().access_token}` },
    payload: { name: 'retrieval-eval', scopes: ['admin'] },
  });
  if (key.statusCode !== 201) throw new Error(`api key: ${key.statusCode} ${key.body}`);
  return `Bearer ${key.json().key}`;
}
