import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, type Config } from './config.js';

const source = () => readFile(new URL('./config.ts', import.meta.url), 'utf8');
const docs = () => readFile(new URL('../../docs/configuration.md', import.meta.url), 'utf8');

/** Every environment variable name config.ts reads, however it reads it. */
async function variablesRead(): Promise<Set<string>> {
  const text = await source();
  const names = new Set<string>();
  for (const m of text.matchAll(/\b(?:int|bool|str|oneOf|fraction)\(env, '([A-Z][A-Z0-9_]*)'/g)) names.add(m[1]);
  for (const m of text.matchAll(/\benv(?:\.([A-Z][A-Z0-9_]*)|\[['"]([A-Z][A-Z0-9_]*)['"]\])/g)) names.add(m[1] ?? m[2]);
  return names;
}

/** `| \`NAME\` | default | meaning |` rows of docs/configuration.md. */
async function documented(): Promise<Map<string, string>> {
  const rows = new Map<string, string>();
  for (const m of (await docs()).matchAll(/^\| `([A-Z][A-Z0-9_]*)` \| ([^|]*) \|/gm)) rows.set(m[1], m[2].trim());
  return rows;
}

describe('docs/configuration.md', () => {
  it('documents every variable config.ts reads, and nothing it does not', async () => {
    const read = await variablesRead();
    expect(read.size).toBeGreaterThanOrEqual(30); // the extraction itself works
    const rows = await documented();
    for (const name of read) expect(rows.has(name), `${name} is read in config.ts but not documented`).toBe(true);
    for (const name of rows.keys()) expect(read.has(name), `${name} is documented but config.ts does not read it`).toBe(true);
  });

  it('gives the defaults that loadConfig applies', async () => {
    const defaults = loadConfig({});
    const numeric: Record<string, (c: Config) => number> = {
      PORT: (c) => c.port,
      DATABASE_POOL_SIZE: (c) => c.databasePoolSize,
      PGLITE_SHARED_BUFFERS_MB: (c) => c.pgliteSharedBuffersMb,
      REFRESH_TOKEN_TTL_SEC: (c) => c.refreshTokenTtlSec,
      BODY_LIMIT_BYTES: (c) => c.bodyLimitBytes,
      UPLOAD_MAX_BYTES: (c) => c.uploadMaxBytes,
      UPLOAD_MAX_BYTES_MARKDOWN: (c) => c.uploadMaxBytesMarkdown,
      RATE_LIMIT_PER_MINUTE: (c) => c.rateLimit.perMinute,
      RATE_LIMIT_LOGIN_FAILURES_PER_IP_PER_MINUTE: (c) => c.rateLimit.loginFailuresPerIpPerMinute,
      RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_PER_HOUR: (c) => c.rateLimit.loginFailuresPerAccountPerHour,
      RATE_LIMIT_KEY_CREATIONS_PER_TENANT_PER_MINUTE: (c) => c.rateLimit.keyCreationsPerTenantPerMinute,
      SHUTDOWN_GRACE_MS: (c) => c.shutdownGraceMs,
      WORKER_CONCURRENCY: (c) => c.worker.concurrency,
      PARSE_TIMEOUT_MS: (c) => c.worker.parseTimeoutMs,
      PARSE_MAX_MEMORY_MB: (c) => c.worker.parseMaxMemoryMb,
      JOB_LEASE_SEC: (c) => c.worker.jobLeaseSec,
      JOB_MAX_ATTEMPTS: (c) => c.worker.jobMaxAttempts,
      JOB_POLL_INTERVAL_MS: (c) => c.worker.pollIntervalMs,
      PROVIDER_TIMEOUT_MS: (c) => c.provider.timeoutMs,
      PROVIDER_MAX_RETRIES: (c) => c.provider.maxRetries,
      ENCRYPTION_KEY_VERSION: (c) => c.encryptionKeyVersion,
      WEBHOOK_ENDPOINTS_MAX: (c) => c.webhooks.endpointsMax,
    };
    const textual: Record<string, (c: Config) => string> = {
      HOST: (c) => c.host,
      RUN_MODE: (c) => c.runMode,
      LOG_LEVEL: (c) => c.logLevel,
      DATABASE_APP_ROLE: (c) => c.databaseAppRole,
      JWT_ISSUER: (c) => c.jwtIssuer,
      JWT_AUDIENCE: (c) => c.jwtAudience,
      RATE_LIMIT_PREFIX: (c) => c.rateLimit.prefix,
      DATA_DIR: (c) => path.relative(process.cwd(), c.dataDir).replace(/^/, './'),
    };
    const rows = await documented();
    for (const [name, get] of Object.entries(numeric)) {
      expect(rows.get(name), name).toMatch(new RegExp(`^\`${get(defaults)}\``));
    }
    for (const [name, get] of Object.entries(textual)) expect(rows.get(name), name).toBe(`\`${get(defaults)}\``);
    expect(defaults.databaseUrl).toBeNull();
    expect(defaults.redisUrl).toBeNull();
    expect(defaults.trustProxy).toBe(false);
    expect(defaults.provider.allowPrivateUrls).toBe(false);
    expect(rows.get('PROVIDER_ALLOW_PRIVATE_URLS')).toBe('`false`');
    expect(defaults.webhooks.allowHttpLoopback).toBe(false);
    expect(rows.get('WEBHOOK_ALLOW_HTTP_LOOPBACK')).toBe('`false`');
  });
});

describe('loadConfig', () => {
  it('refuses unparseable values with an error naming the variable', () => {
    for (const [name, value] of [
      ['PORT', 'http'],
      ['PORT', '70000'],
      ['RUN_MODE', 'both'],
      ['PROVIDER_ALLOW_PRIVATE_URLS', 'maybe'],
      ['DATABASE_APP_ROLE', 'kb_app; DROP TABLE users'],
      ['BODY_LIMIT_BYTES', '12'],
      ['RATE_LIMIT_PER_MINUTE', '0'],
      ['PGLITE_SHARED_BUFFERS_MB', '0'],
      ['PGLITE_SHARED_BUFFERS_MB', '16MB'],
    ]) {
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
      expect(() => loadConfig({ [name]: value }), `${name}=${value}`).toThrow(name);
    }
  });

  it('refuses a DATABASE_URL without a host (the driver would connect to the local default server instead), never echoing it', () => {
    for (const value of ['postgres:/oops', 'localhost:5432/kb', 'mysql://db-host/kb', 'postgresql://user:s3cret@/kb', 'postgresql://db-host:99999/kb']) {
      expect(() => loadConfig({ DATABASE_URL: value }), value).toThrow(/^DATABASE_URL /);
      expect(() => loadConfig({ DATABASE_URL: value }), value).not.toThrow(/s3cret/);
    }
    for (const value of ['postgresql://kb:secret@db-host:5432/kb', 'postgres://127.0.0.1/kb', 'postgresql:///kb?host=/run/postgresql']) {
      expect(loadConfig({ DATABASE_URL: value }).databaseUrl).toBe(value);
    }
  });

  it('reads booleans, lists and trust-proxy settings', () => {
    const c = loadConfig({
      PROVIDER_ALLOW_PRIVATE_URLS: 'yes',
      PROVIDER_ALLOWED_HOSTS: ' Ollama.internal, ,gpu-box ',
      TRUST_PROXY: '10.0.0.0/8',
      PUBLIC_BASE_URL: 'https://kb.example.com/',
      HOST: '0.0.0.0',
      PORT: '9000',
    });
    expect(c.provider.allowPrivateUrls).toBe(true);
    expect(c.provider.allowedHosts).toEqual(['ollama.internal', 'gpu-box']);
    expect(c.trustProxy).toBe('10.0.0.0/8');
    expect(c.publicBaseUrl).toBe('https://kb.example.com');
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '9000' }).publicBaseUrl).toBe('http://0.0.0.0:9000');
  });

  it("sends browsers to the console's authorization page when the console is served, to the JSON endpoint only without one", () => {
    const base = { PUBLIC_BASE_URL: 'https://kb.example.com' };
    expect(loadConfig(base, { consoleBuilt: true }).oauth.authorizationPageUrl).toBe('https://kb.example.com/admin/authorize');
    expect(loadConfig(base, { consoleBuilt: false }).oauth.authorizationPageUrl).toBe('https://kb.example.com/api/auth/authorize');
    const own = { ...base, OAUTH_AUTHORIZATION_PAGE_URL: 'https://login.example.com/authorize' };
    expect(loadConfig(own, { consoleBuilt: true }).oauth.authorizationPageUrl).toBe('https://login.example.com/authorize');
  });

  it('reads the object store and metrics settings, refusing half a configuration', () => {
    expect(loadConfig({}).blobs).toEqual({ store: 'filesystem' });
    const s3 = loadConfig({ BLOB_STORE: 's3', S3_BUCKET: 'kb', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: 'true', AWS_REGION: 'eu-west-3', AWS_ACCESS_KEY_ID: 'id', AWS_SECRET_ACCESS_KEY: 'secret' });
    expect(s3.blobs).toEqual({
      store: 's3',
      s3: { bucket: 'kb', region: 'eu-west-3', endpoint: 'http://127.0.0.1:9000', forcePathStyle: true, keyPrefix: '', partSizeMb: 8, uploadQueueSize: 4, credentials: { accessKeyId: 'id', secretAccessKey: 'secret' } },
    });
    for (const [env, name] of [
      [{ BLOB_STORE: 's3' }, 'S3_BUCKET'],
      [{ BLOB_STORE: 'disk' }, 'BLOB_STORE'],
      [{ BLOB_STORE: 's3', S3_BUCKET: 'kb', AWS_ACCESS_KEY_ID: 'id' }, 'AWS_SECRET_ACCESS_KEY'],
      [{ BLOB_STORE: 's3', S3_BUCKET: 'kb', S3_PART_SIZE_MB: '4' }, 'S3_PART_SIZE_MB'],
      [{ BLOB_STORE: 's3', S3_BUCKET: 'kb', S3_KEY_PREFIX: 'no-slash' }, 'S3_KEY_PREFIX'],
      [{ BLOB_STORE: 's3', S3_BUCKET: 'kb', S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT'],
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
      [{ METRICS_PORT: 'x' }, 'METRICS_PORT'],
    ] as const) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(name);
    }
    expect(loadConfig({ METRICS_PORT: '9464', HOST: '0.0.0.0' }).metrics).toEqual({ token: null, port: 9464, host: '0.0.0.0' });
  });
});
