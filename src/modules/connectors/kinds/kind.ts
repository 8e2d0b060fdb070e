import type { Readable } from 'node:stream';
import type { TSchema } from 'typebox';
import type { GuardedClient } from '../../../platform/net/guarded-fetch.js';
import type { UrlPolicy } from '../../../platform/net/address-policy.js';

/**
 * What a connector kind implements: one file per kind under `kinds/`, registered in `kinds/index.ts`. The sync engine
 * is the same for every kind; a kind only lists its source and opens one item's content.
 */
export interface ConnectorKind<Config = any, Credentials = any> {
  kind: string;
  title: string;
  description: string;
  /** JSON Schema of `config` (served by GET /connectors/kinds, so the console draws the form from it). */
  config: TSchema;
  /** JSON Schema of the write-only `credentials`, or null when the kind takes none. */
  credentials: TSchema | null;
  /**
   * Checks beyond the schema (a folder outside the allowed roots, a start URL that is not http(s)): the first problem,
   * as a 422's `loc` under `body.config` (or `body.credentials`) and a message, or null when the config is acceptable.
   */
  check?(config: Config, env: ConnectorEnv): Promise<ConfigProblem | null> | ConfigProblem | null;
  /**
   * Lists the source. Yields items, per-item errors (the listing goes on) and, for delta sources, deletions.
   * Returns how the listing ended. A throw means the listing failed: the run fails and nothing is deleted.
   */
  list(ctx: ConnectorContext<Config, Credentials>): AsyncGenerator<ListEvent, ListResult, void>;
  /** One item's content, streamed (never held whole in memory). Not called for items that carry `body`. */
  open(ctx: ConnectorContext<Config, Credentials>, item: ConnectorItem): Promise<Readable>;
}

export interface ConfigProblem {
  /** Under `body`, e.g. ['config', 'root'] or ['credentials', 'client_secret']. */
  loc: string[];
  message: string;
}

export interface ConnectorItem {
  /** Stable in the source: canonical URL, object key, path relative to the root, drive item id. */
  externalId: string;
  /** Changes whenever the content changes (ETag, Last-Modified, size+mtime+hash, cTag). Same version: not re-read. */
  version: string;
  /** With its extension: the format is detected from it and the first bytes, as for an upload. */
  filename: string;
  /** The original location people open from a citation (http(s) URL), or null when there is none (folder). */
  url: string | null;
  size?: number;
  /** Small JSON kept with the item for the next run (web: the links of a page, for when it answers 304). ≤ 16 KB. */
  meta?: Record<string, unknown>;
  /** Content already fetched while listing (a crawled page). When set, `open` is not called. */
  body?: Buffer;
}

export type ListEvent =
  | { type: 'item'; item: ConnectorItem }
  /** The item is known unchanged without reading it (a 304 to a conditional GET): counted `unchanged`, kept. */
  | { type: 'unchanged'; externalId: string; meta?: Record<string, unknown> }
  /** Delta sources only: the source says the item was deleted. */
  | { type: 'deleted'; externalId: string }
  /** One item could not be listed or fetched; recorded on the run with the item, the listing goes on. */
  | { type: 'error'; externalId?: string; url?: string; message: string };

export interface ListResult {
  /** `full`: every item that exists was yielded (the engine deletes the others). `delta`: only changes were. */
  mode: 'full' | 'delta';
  /** Kept for the next run (`ctx.cursor`): a delta token. Only stored when the run completes. */
  cursor?: unknown;
}

export interface ConnectorEnv {
  /** CONNECTOR_FOLDER_ROOTS: absolute, real paths; empty means the folder kind is refused. */
  folderRoots: readonly string[];
  /** Sent as User-Agent and matched against robots.txt groups. */
  userAgent: string;
  /** CONNECTOR_ALLOW_PRIVATE_URLS / CONNECTOR_ALLOWED_HOSTS. */
  policy: UrlPolicy;
  /** CONNECTOR_GRAPH_BASE_URL (default https://graph.microsoft.com/v1.0), no trailing slash. */
  graphBaseUrl: string;
  /** CONNECTOR_GRAPH_LOGIN_URL (default https://login.microsoftonline.com), no trailing slash. */
  graphLoginUrl: string;
}

export interface ConnectorContext<Config = any, Credentials = any> {
  connectorId: string;
  tenantId: string;
  config: Config;
  /** Unsealed for this run only; never logged, never stored elsewhere. */
  credentials: Credentials | null;
  env: ConnectorEnv;
  /** SSRF-guarded HTTP client (every hop's address checked; redirects are never followed for you). */
  http: GuardedClient;
  /** Aborted when the run is cancelled or the worker stops: stop listing promptly. */
  signal: AbortSignal;
  /** What the last run recorded for this item (its version and meta), or null for a new item. */
  previous(externalId: string): Promise<{ version: string; meta?: Record<string, unknown> } | null>;
  /** What the last complete run returned as `cursor`, or null. */
  cursor: unknown;
  limits: {
    /** Items listed per run (CONNECTOR_MAX_ITEMS_PER_RUN): past it, the listing stops with an error and is not complete. */
    maxItems: number;
    /** The upload limit: larger items are item errors, not fetched. */
    maxFileBytes: number;
  };
  /** ms since epoch; tests move it. */
  now(): number;
}
