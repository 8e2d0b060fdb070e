import { GetObjectCommand, ListObjectsV2Command, S3Client, type _Object } from '@aws-sdk/client-s3';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import type { Readable } from 'node:stream';
import { RE2JS } from 're2js';
import { Type } from 'typebox';
import { assertPublicBaseUrl, exempt, isPrivateAddress, safeLookup, UnsafeUrlError, type UrlPolicy } from '../../../platform/net/address-policy.js';
import type { ConfigProblem, ConnectorContext, ConnectorEnv, ConnectorItem, ConnectorKind, ListEvent, ListResult } from './kind.js';

/**
 * An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …): every object under `prefix` whose key passes the patterns is
 * one item. The listing is ListObjectsV2 page by page; an object's version is its ETag and size, so an unchanged
 * object is never read again. Objects are read with GetObject, as a stream.
 *
 * The endpoint is tenant-configured, so the SDK's connections go through the platform's SSRF guard: the endpoint
 * host is checked against the connector policy before a listing, the HTTP agents resolve every host with
 * `safeLookup` (the address actually dialled is checked, so DNS rebinding gains nothing), a literal non-public
 * address is refused before dialling (no lookup runs for one), and a redirect is never followed (node:http does not
 * follow them and region redirects are off). The SDK's own request handler is kept rather than the guarded client's
 * `request`: that one takes a WHATWG URL, which folds `.`/`..` key segments (even percent-encoded) and so would
 * fetch another object than the one signed for.
 */

export interface S3Config {
  /** http(s) URL of an S3-compatible service; unset: AWS S3 in `region`. */
  endpoint?: string | null;
  region?: string;
  bucket: string;
  /** Only keys starting with it are listed (a plain string prefix, e.g. `docs/`). */
  prefix?: string;
  force_path_style?: boolean;
  /** Globs on the whole key: `*` and `?` stay within one `/` segment, `**` crosses them. */
  include_patterns?: string[];
  exclude_patterns?: string[];
  /** Keys per ListObjectsV2 page (S3 answers at most 1000). */
  page_size?: number;
}

export interface S3Credentials {
  access_key_id: string;
  secret_access_key: string;
}

const DEFAULT_REGION = 'us-east-1';
const MAX_PATTERNS = 50;
const PATTERN_MAX = 256;
const pattern = Type.String({ minLength: 1, maxLength: PATTERN_MAX });

const configSchema = Type.Object(
  {
    endpoint: Type.Optional(
      Type.Union([Type.String({ maxLength: 2048 }), Type.Null()], {
        description: 'http(s) URL of an S3-compatible service (MinIO, Ceph, R2, …); unset: AWS S3 in the region (https://s3.<region>.amazonaws.com)',
      }),
    ),
    region: Type.Optional(Type.String({ minLength: 1, maxLength: 64, default: DEFAULT_REGION, description: 'Signing region (and the AWS endpoint when none is set)' })),
    bucket: Type.String({ minLength: 3, maxLength: 63, description: 'Bucket name' }),
    prefix: Type.Optional(Type.String({ maxLength: 1024, default: '', description: 'Only objects whose key starts with this (e.g. `docs/`)' })),
    force_path_style: Type.Optional(Type.Boolean({ default: false, description: 'Address the bucket as <endpoint>/<bucket> instead of <bucket>.<endpoint host> (MinIO and most self-hosted services)' })),
    include_patterns: Type.Optional(
      Type.Array(pattern, {
        maxItems: MAX_PATTERNS,
        description: 'Only keys matching one of these globs (on the whole key, prefix included; `*` and `?` within one path segment, `**` across segments). Unset: every key',
      }),
    ),
    exclude_patterns: Type.Optional(Type.Array(pattern, { maxItems: MAX_PATTERNS, description: 'Keys matching one of these globs are skipped (same syntax)' })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 1000, description: 'Keys per listing request' })),
  },
  { additionalProperties: false },
);

const credentialsSchema = Type.Object(
  {
    access_key_id: Type.String({ minLength: 1, maxLength: 256 }),
    secret_access_key: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

/** AWS's rules, widened to what older buckets and other services allow (upper case, `_`); never `/`, `:` or `?`. */
const BUCKET = /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/;
/** The region is written into the AWS host name when there is no endpoint: one DNS-safe label sequence only. */
const REGION = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A glob as an RE2 program (linear time whatever a tenant writes; a backtracking engine is not). */
function compileGlob(glob: string): RE2JS {
  let source = '';
  const chars = [...glob];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i];
    if (c === '*' && chars[i + 1] === '*') {
      // `**/` also matches no directory at all, so `**/*.md` takes a top-level `a.md` too.
      if (chars[i + 2] === '/') {
        source += '(?:.*/)?';
        i += 2;
      } else {
        source += '.*';
        i += 1;
      }
    } else if (c === '*') source += '[^/]*';
    else if (c === '?') source += '[^/]';
    else source += `\\x{${c.codePointAt(0)!.toString(16)}}`;
  }
  return RE2JS.compile(source, RE2JS.DOTALL);
}

interface Settings {
  endpoint: string;
  region: string;
  bucket: string;
  prefix: string;
  forcePathStyle: boolean;
  pageSize: number;
  wanted(key: string): boolean;
}

class FieldError extends Error {
  constructor(
    readonly loc: string[],
    message: string,
  ) {
    super(message);
  }
}

/** The config with its defaults applied, or a FieldError naming the field (the same rules `check` reports). */
function settingsOf(config: S3Config): Settings {
  const region = config.region ?? DEFAULT_REGION;
  if (!REGION.test(region)) throw new FieldError(['config', 'region'], 'region must be lower-case letters, digits and hyphens (e.g. eu-west-3)');
  const endpoint = config.endpoint ?? `https://s3.${region}.amazonaws.com`;
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    throw new FieldError(['config', 'endpoint'], 'endpoint must be an absolute http(s) URL, e.g. https://s3.example.com');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FieldError(['config', 'endpoint'], 'endpoint must use http or https');
  // Credentials in the URL would be sent along and shown wherever the connector is listed.
  if (url.username || url.password) throw new FieldError(['config', 'endpoint'], 'endpoint must not contain a user name or password');
  if (url.search || url.hash) throw new FieldError(['config', 'endpoint'], 'endpoint must not have a query or a fragment');
  if (!BUCKET.test(config.bucket) || config.bucket.includes('..')) {
    throw new FieldError(['config', 'bucket'], 'bucket must be 3 to 63 letters, digits, dots, hyphens or underscores, starting and ending with a letter or digit');
  }
  const include = (config.include_patterns ?? []).map(compileGlob);
  const exclude = (config.exclude_patterns ?? []).map(compileGlob);
  return {
    endpoint: url.href.replace(/\/$/, ''),
    region,
    bucket: config.bucket,
    prefix: config.prefix ?? '',
    forcePathStyle: config.force_path_style ?? false,
    pageSize: config.page_size ?? 1000,
    wanted: (key) => (include.length === 0 || include.some((g) => g.matches(key))) && !exclude.some((g) => g.matches(key)),
  };
}

/** What a citation shows: `s3://bucket/key`, the key's segments percent-encoded so that it parses as a URL. */
function objectUrl(bucket: string, key: string): string {
  return `s3://${bucket}/${key.split('/').map(encodeURIComponent).join('/')}`;
}

/** The policy's answer for a literal address; host names are checked at connect time by `safeLookup`. */
function assertLiteralAddress(hostname: string, policy: UrlPolicy): void {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (isIP(host) && !exempt(host, policy) && isPrivateAddress(host)) {
    throw Object.assign(new UnsafeUrlError(`${host} is a private, loopback or link-local address`), { code: 'EPROVIDERADDR' });
  }
}

/**
 * An S3 client bound to one connector's config, credentials and the SSRF policy. Never the SDK's default credential
 * chain: that is the service's own identity (instance role, AWS_* variables), which a tenant must not borrow.
 */
export function createS3Client(config: S3Config, credentials: S3Credentials | null, env: Pick<ConnectorEnv, 'policy' | 'userAgent'>): S3Client {
  const s = settingsOf(config);
  if (!credentials?.access_key_id || !credentials.secret_access_key) throw new Error('the connector has no access_key_id and secret_access_key');
  const lookup = safeLookup(env.policy) as unknown as LookupFunction;
  const client = new S3Client({
    endpoint: s.endpoint,
    region: s.region,
    forcePathStyle: s.forcePathStyle,
    credentials: { accessKeyId: credentials.access_key_id, secretAccessKey: credentials.secret_access_key },
    // Everything the SDK would otherwise read from the service's environment or config files is pinned here.
    followRegionRedirects: false,
    useArnRegion: false,
    useFipsEndpoint: false,
    useDualstackEndpoint: false,
    disableMultiregionAccessPoints: true,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    customUserAgent: env.userAgent,
    requestHandler: {
      // Instances, not options: the handler then keeps them for every request (it swaps in an agent of its own
      // only for `Expect: 100-continue` uploads, and only when the agents are not ours). Idle pooled sockets close
      // after `timeout`, so a finished run's client does not linger until the service drops them.
      httpAgent: new http.Agent({ keepAlive: true, timeout: 15_000, lookup } as http.AgentOptions),
      httpsAgent: new https.Agent({ keepAlive: true, timeout: 15_000, lookup } as https.AgentOptions),
      connectionTimeout: 10_000,
      requestTimeout: 60_000,
      throwOnRequestTimeout: true,
      socketTimeout: 120_000,
    },
  });
  // After the endpoint is resolved (virtual-hosted style puts the bucket in the host): no lookup runs for a
  // literal address, so the agents' check would not see one.
  client.middlewareStack.add(
    (next) => async (args) => {
      assertLiteralAddress((args.request as { hostname?: string }).hostname ?? '', env.policy);
      return next(args);
    },
    { step: 'finalizeRequest', name: 'connectorAddressGuard' },
  );
  return client;
}

/** One client per run (the engine hands list and every open the same context): one keep-alive pool per run. */
const clients = new WeakMap<ConnectorContext, S3Client>();
function clientOf(ctx: ConnectorContext<S3Config, S3Credentials>): S3Client {
  let client = clients.get(ctx);
  if (!client) {
    client = createS3Client(ctx.config, ctx.credentials, ctx.env);
    clients.set(ctx, client);
  }
  return client;
}

const DENIED = new Set(['AccessDenied', 'InvalidAccessKeyId', 'SignatureDoesNotMatch', 'InvalidToken', 'ExpiredToken', 'AllAccessDisabled', 'AccountProblem']);

/** Why a request failed, for the run's error: the S3 error code and status, a hint, never a credential. */
function failure(what: string, error: unknown, ctx: ConnectorContext<S3Config, S3Credentials>): Error {
  if (ctx.signal.aborted) return ctx.signal.reason instanceof Error ? ctx.signal.reason : new DOMException('This operation was aborted', 'AbortError');
  const e = (error ?? {}) as { name?: string; message?: string; code?: string; $metadata?: { httpStatusCode?: number } };
  const status = e.$metadata?.httpStatusCode;
  const code = e.name && e.name !== 'Error' && e.name !== 'Unknown' ? e.name : (e.code ?? 'error');
  let reason: string;
  if (error instanceof UnsafeUrlError || e.code === 'EPROVIDERADDR') {
    reason = `${e.message} (an operator can allow it with CONNECTOR_ALLOW_PRIVATE_URLS or CONNECTOR_ALLOWED_HOSTS)`;
  } else if (DENIED.has(e.name ?? '') || status === 403) {
    reason = `access denied (${code}${status ? `, HTTP ${status}` : ''}): check access_key_id and secret_access_key, and that they may list and read the bucket`;
  } else if (e.name === 'NoSuchBucket') {
    reason = `the bucket ${ctx.config.bucket} does not exist at this endpoint`;
  } else if (e.name === 'PermanentRedirect' || (status && status >= 300 && status < 400)) {
    reason = `the service answered with a redirect (${code}${status ? `, HTTP ${status}` : ''}), which is not followed: check the region and the endpoint`;
  } else {
    reason = `${code}${status ? ` (HTTP ${status})` : ''}: ${e.message || 'no message'}`;
  }
  let message = `${what} failed: ${reason}`;
  // A hostile service could echo anything back; the secret never leaves in a message.
  const secret = ctx.credentials?.secret_access_key;
  if (secret && secret.length >= 4) message = message.split(secret).join('[redacted]');
  return new Error(message);
}

/** ETag and size: the ETag alone is not content-derived for every upload path (multipart, SSE-KMS). */
function versionOf(object: _Object): string {
  const size = object.Size ?? 0;
  const etag = object.ETag?.replace(/^W\//, '').replace(/"/g, '');
  return etag ? `${etag}:${size}` : `${object.LastModified?.toISOString() ?? 'unknown'}:${size}`;
}

/** Objects GetObject cannot read until they are restored. */
const ARCHIVED = new Set(['GLACIER', 'DEEP_ARCHIVE']);

async function* list(ctx: ConnectorContext<S3Config, S3Credentials>): AsyncGenerator<ListEvent, ListResult, void> {
  const s = settingsOf(ctx.config);
  const where = `listing s3://${s.bucket}/${s.prefix}`;
  try {
    await assertPublicBaseUrl(s.endpoint, ctx.env.policy);
  } catch (error) {
    if (error instanceof UnsafeUrlError) error.message = error.message.replace(/^base_url/, 'endpoint');
    throw failure(where, error, ctx);
  }
  const client = clientOf(ctx);
  let token: string | undefined;
  let counted = 0;
  do {
    ctx.signal.throwIfAborted();
    const page = await client
      .send(new ListObjectsV2Command({ Bucket: s.bucket, Prefix: s.prefix || undefined, MaxKeys: s.pageSize, ContinuationToken: token }), { abortSignal: ctx.signal })
      .catch((error: unknown) => {
        throw failure(where, error, ctx);
      });
    for (const object of page.Contents ?? []) {
      const key = object.Key;
      // A key ending in `/` is the empty object consoles create to show a folder.
      if (!key || key.endsWith('/') || !key.startsWith(s.prefix) || !s.wanted(key)) continue;
      if (++counted > ctx.limits.maxItems) {
        const message = `the bucket has more than ${ctx.limits.maxItems} matching objects (CONNECTOR_MAX_ITEMS_PER_RUN): narrow the prefix or the patterns`;
        yield { type: 'error', message };
        // Thrown, not returned: a listing cut short must not delete the documents of the objects not reached.
        throw new Error(`${where} stopped: ${message}`);
      }
      const url = objectUrl(s.bucket, key);
      const size = object.Size ?? 0;
      if (size > ctx.limits.maxFileBytes) {
        yield { type: 'error', externalId: key, url, message: `the object is ${size} bytes, more than the ${ctx.limits.maxFileBytes} bytes allowed per file` };
        continue;
      }
      if (object.StorageClass && ARCHIVED.has(object.StorageClass)) {
        yield { type: 'error', externalId: key, url, message: `the object is archived (storage class ${object.StorageClass}): restore it to have it indexed` };
        continue;
      }
      const item: ConnectorItem = { externalId: key, version: versionOf(object), filename: key.slice(key.lastIndexOf('/') + 1), url, size };
      yield { type: 'item', item };
    }
    if (page.IsTruncated) {
      // A service repeating or omitting its token would otherwise list forever.
      if (!page.NextContinuationToken || page.NextContinuationToken === token) throw new Error(`${where} failed: a truncated page without a new continuation token`);
      token = page.NextContinuationToken;
    } else token = undefined;
  } while (token !== undefined);
  return { mode: 'full' };
}

async function open(ctx: ConnectorContext<S3Config, S3Credentials>, item: ConnectorItem): Promise<Readable> {
  const s = settingsOf(ctx.config);
  const where = `reading ${objectUrl(s.bucket, item.externalId)}`;
  if (!item.externalId.startsWith(s.prefix)) throw new Error(`${where} refused: the key is outside the prefix ${s.prefix}`);
  const out = await clientOf(ctx)
    .send(new GetObjectCommand({ Bucket: s.bucket, Key: item.externalId }), { abortSignal: ctx.signal })
    .catch((error: unknown) => {
      throw failure(where, error, ctx);
    });
  const body = out.Body as Readable | undefined;
  if (!body) throw new Error(`${where} failed: the answer has no body`);
  // The object may have grown since it was listed.
  if (out.ContentLength !== undefined && out.ContentLength > ctx.limits.maxFileBytes) {
    body.destroy();
    throw new Error(`${where} failed: the object is ${out.ContentLength} bytes, more than the ${ctx.limits.maxFileBytes} bytes allowed per file`);
  }
  return body;
}

function check(config: S3Config, env: ConnectorEnv): Promise<ConfigProblem | null> | ConfigProblem | null {
  let s: Settings;
  try {
    s = settingsOf(config);
  } catch (error) {
    if (error instanceof FieldError) return { loc: error.loc, message: error.message };
    throw error;
  }
  // AWS's own host is public by construction (the region is one DNS-safe name); connections are checked anyway.
  if (!config.endpoint) return null;
  return assertPublicBaseUrl(s.endpoint, env.policy).then(
    () => null,
    (error: unknown) => {
      if (!(error instanceof UnsafeUrlError)) throw error;
      const reason = error.message.replace(/^base_url/, 'endpoint');
      const hint = /could not be resolved/.test(reason) ? '' : ' (an operator can allow it with CONNECTOR_ALLOW_PRIVATE_URLS or CONNECTOR_ALLOWED_HOSTS)';
      return { loc: ['config', 'endpoint'], message: `${reason}${hint}` };
    },
  );
}

export const s3Kind: ConnectorKind<S3Config, S3Credentials> = {
  kind: 's3',
  title: 'S3-compatible bucket',
  description: 'Objects of an S3 bucket (AWS S3, MinIO, Ceph, Cloudflare R2, …) under a prefix, filtered by key patterns; changed objects are found by their ETag.',
  config: configSchema,
  credentials: credentialsSchema,
  check,
  list,
  open,
};
